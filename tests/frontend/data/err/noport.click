// expected errors: cd tests/frontend/data && $CLICK_PREFIX/bin/click-flatten err/noport.click (record.sh)
elementclass F { input -> Counter -> output }
Idle -> [1] f :: F -> Discard;
f [1] -> Discard;
