// expected output: cd tests/frontend/data && $CLICK_PREFIX/bin/click-flatten ok/manyone.click (record.sh)
// many-to-one, one-to-many, chains through lists
a, b, c :: Idle;
t :: Tee(3);
a, b -> t -> c;
t [1] -> a, b;
t [2] -> Discard, Discard;
x :: Idle; y :: Idle;
x [0], y [1] -> z :: Counter -> [0] x, [1] y;
