#!/bin/sh
# Record what Click's driver prints for each CASE.click here (configurations written for clickc):
#   cd tests/frontend/data/hookup && $CLICK_PREFIX/bin/click -q CASE.click
# writes the command, the exit status and standard error to CASE.expected.  Used by
# tests/frontend/test_hookup_errors.py (which does not need Click).  No case here reaches
# the point where a router would run: each fails in Router::initialize or in the lexer.
set -e
cd "$(dirname "$0")"
CLICK=${1:-$CLICK_PREFIX/bin/click}
for f in *.click; do
    set +e
    timeout 10 "$CLICK" -q "$f" > /dev/null 2> /tmp/record.$$.err
    rc=$?
    set -e
    { echo "# cd tests/frontend/data/hookup && \$CLICK_PREFIX/bin/click -q $f"
      echo "exit $rc"; cat /tmp/record.$$.err; } > "${f%.click}.expected"
done
rm -f /tmp/record.$$.err
