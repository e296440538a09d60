#!/bin/sh
# Record what Click's driver prints for each CASE.click here (configurations written for clickc):
#   cd tests/frontend/data/driver && $CLICK_PREFIX/bin/click -q CASE.click
# writes the exit status and standard error to CASE.expected.  Used by
# tests/frontend/test_driver_landmarks.py (which does not need Click).
set -e
cd "$(dirname "$0")"
CLICK=${1:-$CLICK_PREFIX/bin/click}
for f in *.click; do
    set +e
    "$CLICK" -q "$f" > /dev/null 2> /tmp/record.$$.err
    rc=$?
    set -e
    { echo "exit $rc"; cat /tmp/record.$$.err; } > "${f%.click}.expected"
done
rm -f /tmp/record.$$.err
