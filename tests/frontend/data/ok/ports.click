// expected output: cd tests/frontend/data && $CLICK_PREFIX/bin/click-flatten ok/ports.click (record.sh)
s :: Tee(5);
t :: Idle;
s [0,1] => [0,1] t;
s [2-4] => [2-4] t;
u, v :: Idle;
s => u, v;
w :: Idle;
w [0-2] => Discard, Discard, Discard;
q :: Idle; q [] => [1, 2] t;
r :: Idle; r [0x2] -> [010] t;
