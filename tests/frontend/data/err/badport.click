// expected errors: recorded from Click's click-flatten by tests/frontend/data/record.sh
a :: Idle -> b :: Idle;
a [x] -> b;
a [1 2] -> b;
