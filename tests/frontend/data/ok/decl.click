// expected output: cd tests/frontend/data && $CLICK_PREFIX/bin/click-flatten ok/decl.click (record.sh)
// declarations, anonymous elements, chains
a, b, c :: Counter(1);
d :: Queue(10) -> e :: Discard;
Idle -> a -> b -> Discard;
c -> d;
x, y :: Idle; z :: Tee(2) -> x; z[1] -> y;
Counter -> Counter -> Counter@9 :: Counter;
