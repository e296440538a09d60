// a push output used three times, pull inputs reused inside compounds
elementclass Pull { input -> q :: Queue; q -> [0] u :: Unqueue; q -> [0] u; Idle -> q2 :: Queue -> u; u -> output; }
s :: InfiniteSource;
s -> Discard; s -> Discard; s -> Discard;
Idle -> p1 :: Pull -> Discard;
Idle -> p2 :: Pull -> Discard;
