// expected output: cd tests/frontend/data && $CLICK_PREFIX/bin/click-flatten ok/unused.click (record.sh)
elementclass F { input -> Counter; c :: Counter -> output; }
Idle -> F -> Discard;
