// RED in its random band: the queue holds at most 30 packets, so the average stays between
// MIN_THRESH 5 and the gentle kill threshold 100 and drops are drawn at random. With
// RandomSeed both Click and clickc draw glibc random() after srandom(42), so the dropped
// packets are the same. Parameters: IN, OUT.
define($IN in.pcap, $OUT .);
RandomSeed(42);
FromDump($IN, STOP false) -> r :: RED(5, 50, 0.1) -> q :: Queue(30) -> u :: Unqueue(ACTIVE false) -> Discard;
q[1] -> qd :: Counter -> Discard;
r[1] -> ToDump($OUT/red_drops.pcap);
DriverManager(wait 0.3s, print $(qd.count) $(r.drops) $(q.length) $(r.avg_queue_size), stop);
