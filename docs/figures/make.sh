#!/bin/sh
# Regenerates the before/after drawings of the parallelizing passes in docs/passes.md from the
# paper-figure configurations in tests/passes/paper (SMP Click Figs. 3, 14 and 10 -> 16).
# Needs clickc (pip install -e .) and Graphviz's dot.  Run from anywhere:
#   sh docs/figures/make.sh
# "before" is the configuration as written (-O0, no passes); "after" is -O2 -j N with the
# costs given in each configuration's header comment, threads as colours.
set -e
here=$(cd "$(dirname "$0")" && pwd)
paper="$here/../../tests/passes/paper"

draw() {  # NAME CONFIG THREADS COSTS [OPTION...]
    name=$1 config=$2 threads=$3 costs=$4
    shift 4
    clickc graph -O0 --passes= "$paper/$config" -o "$here/$name-before.svg"
    clickc graph -O2 -j "$threads" --pass-option "cost=$costs" "$@" "$paper/$config" \
        -o "$here/$name-after.svg"
}

# Fig. 3 as the paper draws it (a hash split: --pass-option split_order=0), then clickc's
# default for these per-packet ciphers, the ordered split (OrderSplit/OrderMerge)
draw fig3 fig3.click 2 encrypt:4000 --pass-option split_order=0
clickc graph -O2 -j 2 --pass-option cost=encrypt:4000 "$paper/fig3.click" \
    -o "$here/fig3-ordered-after.svg"
draw fig14 fig14.click 2 decrypt:3000,verify:1500,auth:1500,encrypt:3000
draw fig16 fig10.click 2 auth:1500,encrypt:3000
