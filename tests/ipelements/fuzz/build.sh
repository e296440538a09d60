#!/bin/sh
# Build the libFuzzer target for one of the configurations here:
#   tests/ipelements/fuzz/build.sh TARGET OUTDIR     (TARGET: checkip, options, frag, icmperror)
# Needs clang with -fsanitize=fuzzer and libpcap.  Run the result as
#   OUTDIR/fuzz-TARGET -max_total_time=600 OUTDIR/corpus-TARGET
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
t=$1; out=$2
mkdir -p "$out"
${CLICKC:-clickc} compile --emit c "$here/$t.click" -o "$out/router-$t.c"
entry=$(sed -n 's/^static void \(e1_push\)(int port, ck_packet \*p);/\1/p' "$out/router-$t.c" | head -1)
clang -std=c11 -g -O1 -D_GNU_SOURCE -fsanitize=fuzzer,address,undefined \
    -fno-sanitize-recover=undefined -fno-omit-frame-pointer \
    -I"$root/runtime" -I"$root/elements" \
    -DROUTER_C="\"$out/router-$t.c\"" -DFUZZ_ENTRY="${entry:-e1_push}" \
    "$here/driver.c" $(ls "$root"/runtime/*.c) -lpcap -lcrypto -lm -pthread -o "$out/fuzz-$t"
