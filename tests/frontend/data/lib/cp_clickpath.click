// expected output: cd tests/frontend/data && CLICKPATH=lib/cp $CLICK_PREFIX/bin/click-flatten lib/cp_clickpath.click (record.sh)
require(library cplib.click);
Idle -> CP -> Discard;
