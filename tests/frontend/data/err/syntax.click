// expected errors: recorded from Click's click-flatten by tests/frontend/data/record.sh
a :: Idle;
a -> b -> a, c;
d :: Idle ->
  e :: Counter
  -> f :: Idle;
h :: Idle % j;
k :: Idle -> :: Counter;
m :: Idle;; n :: Idle }
