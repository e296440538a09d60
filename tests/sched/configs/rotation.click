// Generated traffic of four lengths (one per input), with inputs of unequal depth so that
// some run dry: RoundRobinSched's rotation (the next pull starts after the input that gave
// the last packet), DRRSched's deficits (QUANTUM 250 against 60- to 1000-byte packets) and
// StrideSched with an input holding 0 tickets. Each scheduler's order goes to standard error.
s0 :: InfiniteSource(LENGTH 60, LIMIT 12, BURST 1) -> t0 :: Tee(3);
s1 :: InfiniteSource(LENGTH 200, LIMIT 3, BURST 1) -> t1 :: Tee(3);
s2 :: InfiniteSource(LENGTH 600, LIMIT 7, BURST 1) -> t2 :: Tee(3);
s3 :: InfiniteSource(LENGTH 1000, LIMIT 5, BURST 1) -> t3 :: Tee(3);
t0[0] -> Queue -> [0]rr :: RoundRobinSched;
t1[0] -> Queue -> [1]rr;
t2[0] -> Queue -> [2]rr;
t3[0] -> Queue -> [3]rr;
t0[1] -> Queue -> [0]drr :: DRRSched(250);
t1[1] -> Queue -> [1]drr;
t2[1] -> Queue -> [2]drr;
t3[1] -> Queue -> [3]drr;
t0[2] -> Queue -> [0]ss :: StrideSched(3, 0, 1, 2);
t1[2] -> Queue -> [1]ss;
t2[2] -> Queue -> [2]ss;
t3[2] -> qs3 :: Queue -> [3]ss;
rr -> urr :: Unqueue(ACTIVE false) -> Print(rr, 0) -> Discard;
drr -> udrr :: Unqueue(ACTIVE false) -> Print(drr, 0) -> Discard;
ss -> uss :: Unqueue(ACTIVE false) -> Print(ss, 0) -> Discard;
DriverManager(wait 0.2s, write urr.active true, wait 0.1s, write udrr.active true, wait 0.1s,
  write uss.active true, wait 0.1s, print "left" $(qs3.length), stop);
