#!/bin/sh
# Build the argument-parsing oracle: a small program that parses "TYPE<TAB>TEXT" lines with
# Click's own parser classes (IntArg, IPPrefixArg, cp_argvec, Args, ...) and prints the result.
# It links the objects of a built userlevel Click tree (default $CLICK_SRC); Click's IPv6
# parser is compiled from lib/ip6address.cc without its AddressInfo fallback (the oracle's
# answers then do not depend on whether that build has IPv6 support; its own ip6address.o, if
# any, is left out).  Usage: tests/args/oracle/build.sh [CLICKSRC] [OUTPUT]
set -e
SRC=${1:-$CLICK_SRC}
OUT=${2:-$(dirname "$0")/oracle}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
U="$SRC/userlevel"
CXX="g++ -DHAVE_CONFIG_H -I$SRC/include -I$SRC -I$U -I$SRC/lib -DCLICK_USERLEVEL -O1 -w"
sed -e 's/return AddressInfo::query_ip6(str, result.data(), args.context());/return false;/' \
    -e 's/return AddressInfo::query_ip6_prefix(str, result_addr.data(),/return false; (void)(/' \
    "$SRC/lib/ip6address.cc" > "$TMP/ip6address.cc"
$CXX -c "$TMP/ip6address.cc" -o "$TMP/ip6address.o"
echo 'int click_nthreads = 1;' > "$TMP/shim.cc"
$CXX -c "$TMP/shim.cc" -o "$TMP/shim.o"
$CXX -c "$(dirname "$0")/oracle.cc" -o "$TMP/oracle.o"
OBJS=$(cd "$U" && ls *.o | grep -v '^click\.o$' | grep -v '^exportstub\.o$' \
    | grep -v '^ip6address\.o$' | sed "s|^|$U/|")
g++ -o "$OUT" "$TMP/oracle.o" "$TMP/ip6address.o" "$TMP/shim.o" $OBJS "$U/libclick.a" \
    -lpcap -ldl -lpthread 2>&1 | grep -v warning || true
test -x "$OUT"
