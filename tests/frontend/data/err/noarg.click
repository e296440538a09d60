// expected errors: cd tests/frontend/data && $CLICK_PREFIX/bin/click-flatten err/noarg.click (record.sh)
elementclass F { $a | input -> Queue($a) -> output }
Idle -> f :: F -> Discard;
Idle -> g :: F(1, 2) -> Discard;
