// Two threads (run with -j 2): ExactCPUSwitch numbers the two pushing threads 0 and 1 and
// sends thread k's packets to output k; AverageCounterMP and AverageCounterIMP count the
// packets of both.  Parameters: IN (unused), OUT (unused).
define($IN in.pcap, $OUT .);
s0 :: InfiniteSource(LIMIT 3000, STOP false) -> sw :: ExactCPUSwitch;
s1 :: InfiniteSource(LIMIT 2000, STOP false) -> sw;
sw[0] -> c0 :: Counter -> a :: AverageCounterMP -> b :: AverageCounterIMP -> Discard;
sw[1] -> c1 :: Counter -> a;
sw[2] -> c2 :: Counter -> Discard;
StaticThreadSched(s0 0, s1 1);
DriverManager(wait_time 0.5s, stop);
