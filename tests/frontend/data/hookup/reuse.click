// one push output used twice, one pull input used twice
s :: InfiniteSource;
s -> d1 :: Discard;
s -> d2 :: Discard;
a :: Idle;
b :: Idle;
a -> q1 :: Queue;
b -> q2 :: Queue;
q1 -> u :: Unqueue;
q2 -> u;
u -> Discard;
