// expected errors: cd tests/frontend/data && $CLICK_PREFIX/bin/click-flatten err/misc.click (record.sh)
a :: Idle;
elementclass a { input -> output }
b :: Idle(x);
b(y) -> Discard;
