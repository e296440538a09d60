// expected errors: recorded from Click's click-flatten by tests/frontend/data/record.sh
a :: Idle;
[1] a;
a -> [2];
-> a;
b :: Idle -> ;
