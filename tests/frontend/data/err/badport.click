// expected errors: cd tests/frontend/data && $CLICK_PREFIX/bin/click-flatten err/badport.click (record.sh)
a :: Idle -> b :: Idle;
a [x] -> b;
a [1 2] -> b;
