#!/bin/sh
# Record what Click's userlevel driver prints for each CASE.click here (configurations written
# for clickc):  cd tests/runtime/handler_params && $CLICK_PREFIX/bin/click CASE.click
# (with the arguments in CASE.args, if any).  CASE.expected gets the exit status, standard
# output and standard error.
# Used by tests/runtime/test_handler_params.py (which does not need Click).
set -e
cd "$(dirname "$0")"
CLICK=${1:-$CLICK_PREFIX/bin/click}
for f in *.click; do
    set +e
    args=
    if [ -f "${f%.click}.args" ]; then args=$(cat "${f%.click}.args"); fi
    # shellcheck disable=SC2086
    "$CLICK" "$f" $args > /tmp/record.$$.out 2> /tmp/record.$$.err
    rc=$?
    set -e
    { echo "exit $rc"; echo "--- stdout"; cat /tmp/record.$$.out; echo "--- stderr";
      cat /tmp/record.$$.err; } > "${f%.click}.expected"
done
rm -f /tmp/record.$$.out /tmp/record.$$.err
