// expected errors: cd tests/frontend/data && $CLICK_PREFIX/bin/click-flatten err/stranded.click (record.sh)
a :: Idle;
[1] a;
a -> [2];
-> a;
b :: Idle -> ;
