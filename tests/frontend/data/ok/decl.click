// expected output: recorded from Click's click-flatten by tests/frontend/data/record.sh
// declarations, anonymous elements, chains
a, b, c :: Counter(1);
d :: Queue(10) -> e :: Discard;
Idle -> a -> b -> Discard;
c -> d;
x, y :: Idle; z :: Tee(2) -> x; z[1] -> y;
Counter -> Counter -> Counter@9 :: Counter;
