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

draw() {  # NAME CONFIG THREADS COSTS
    clickc graph -O0 --passes= "$paper/$2" -o "$here/$1-before.svg"
    clickc graph -O2 -j "$3" --pass-option "cost=$4" "$paper/$2" -o "$here/$1-after.svg"
}

draw fig3 fig3.click 2 encrypt:4000
draw fig14 fig14.click 2 decrypt:3000,verify:1500,auth:1500,encrypt:3000
draw fig16 fig10.click 2 auth:1500,encrypt:3000
