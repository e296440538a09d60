// expected errors: recorded from Click's click-flatten by tests/frontend/data/record.sh
a, b :: Idle;
a [0,1] -> [0,1,2] b;
a [0,1] => [0,1,2] b;
a [] => [] b;
