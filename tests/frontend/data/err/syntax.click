// expected errors: cd tests/frontend/data && $CLICK_PREFIX/bin/click-flatten err/syntax.click (record.sh)
a :: Idle;
a -> b -> a, c;
d :: Idle ->
  e :: Counter
  -> f :: Idle;
h :: Idle % j;
k :: Idle -> :: Counter;
m :: Idle;; n :: Idle }
