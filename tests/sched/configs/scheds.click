// Four pull schedulers over the same three classes of a real capture (TCP, UDP, other).
// The queues fill while every Unqueue is inactive; then the driver drains them, so the
// output order depends only on each scheduler's rules. Parameters: IN, OUT.
define($IN in.pcap, $OUT .);
FromDump($IN, STOP false)
  -> cl :: Classifier(12/0800 23/06, 12/0800 23/11, -);
cl[0] -> t0 :: Tee(4);
cl[1] -> t1 :: Tee(4);
cl[2] -> t2 :: Tee(4);
t0[0] -> Queue(5000) -> [0]ps :: PrioSched;
t1[0] -> Queue(5000) -> [1]ps;
t2[0] -> Queue(5000) -> [2]ps;
t0[1] -> Queue(5000) -> [0]rr :: RoundRobinSched;
t1[1] -> Queue(5000) -> [1]rr;
t2[1] -> Queue(5000) -> [2]rr;
t0[2] -> Queue(5000) -> [0]drr :: DRRSched(QUANTUM 300);
t1[2] -> Queue(5000) -> [1]drr;
t2[2] -> Queue(5000) -> [2]drr;
t0[3] -> Queue(5000) -> [0]ss :: StrideSched(2, 5, 1);
t1[3] -> Queue(5000) -> [1]ss;
t2[3] -> Queue(5000) -> [2]ss;
ps -> ups :: Unqueue(ACTIVE false) -> cps :: Counter -> ToDump($OUT/prio.pcap);
rr -> urr :: Unqueue(ACTIVE false) -> crr :: Counter -> ToDump($OUT/rr.pcap);
drr -> udrr :: Unqueue(ACTIVE false) -> cdrr :: Counter -> ToDump($OUT/drr.pcap);
ss -> uss :: Unqueue(ACTIVE false) -> css :: Counter -> ToDump($OUT/stride.pcap);
DriverManager(wait 0.3s,
  write ups.active true, write urr.active true, write udrr.active true, write uss.active true,
  wait 0.3s, stop);
