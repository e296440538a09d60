// range errors come first and stop the other checks
x :: Tee(2);
Idle -> x;
x[0] -> Discard;
x[3] -> Discard;
y :: Queue;
Idle -> [2] y;
InfiniteSource -> Shaper(1) -> Discard;
