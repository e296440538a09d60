// expected output: recorded from Click's click-flatten by tests/frontend/data/record.sh
a/b :: Counter;
x@y :: Counter;
Counter@2 :: Counter;
Counter -> Counter -> Counter;
a/b -> x@y;
