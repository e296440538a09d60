#!/bin/sh
# Record the expected outputs of the front-end golden tests from real Click.
#   usage: tests/frontend/data/record.sh [path/to/click-flatten]
# For each CASE.click in ok/, err/ and lib/ (not the library files it includes), runs
#   cd tests/frontend/data && click-flatten CASE.click
# (with CLICKPATH=lib/cp for *_clickpath.click) and writes the exit status, standard output
# and standard error to CASE.expected.  The configurations were written for clickc.
set -e
cd "$(dirname "$0")"
CF=${1:-$CLICK_PREFIX/bin/click-flatten}
for f in ok/*.click err/*.click lib/main.click lib/*_clickpath.click; do
    out=${f%.click}.expected
    case $f in *_clickpath.click) cp=lib/cp ;; *) cp= ;; esac
    set +e
    CLICKPATH=$cp "$CF" "$f" > /tmp/record.$$.out 2> /tmp/record.$$.err
    rc=$?
    set -e
    { echo "exit $rc"; echo "--- stdout"; cat /tmp/record.$$.out; echo "--- stderr"; cat /tmp/record.$$.err; } > "$out"
done
rm -f /tmp/record.$$.out /tmp/record.$$.err
