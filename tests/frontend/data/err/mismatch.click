// expected errors: cd tests/frontend/data && $CLICK_PREFIX/bin/click-flatten err/mismatch.click (record.sh)
a, b :: Idle;
a [0,1] -> [0,1,2] b;
a [0,1] => [0,1,2] b;
a [] => [] b;
