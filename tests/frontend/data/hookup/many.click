// several unused ports and reuses, ordered as the driver sorts them
i1 :: Idle; i2 :: Idle; i3 :: Idle;
z :: InfiniteSource;
r :: RoundRobinSched;
i1 -> q :: Queue -> [1] r;
z -> Discard;
r -> u :: Unqueue -> Discard;
i2 -> q2 :: Queue -> [3] r;
pq :: Queue;
i3 -> pq;
pq -> u;
z -> Discard;
q2 -> [3] r;
