// SimpleQueue and FrontDropQueue side by side on a real capture: both overflow (SimpleQueue
// drops the arriving packet, FrontDropQueue the oldest one; drops leave on output 1), then
// the driver reads and writes their handlers (capacity shrink, reset_counts, reset) and
// partly drains them. Parameters: IN, OUT.
define($IN in.pcap, $OUT .);
FromDump($IN, STOP false) -> t :: Tee(3);
t[0] -> sq :: SimpleQueue(40);
t[1] -> fq :: FrontDropQueue(40);
t[2] -> fq0 :: FrontDropQueue(25) -> u0 :: Unqueue(ACTIVE false) -> ToDump($OUT/fq0.pcap);
sq[1] -> ToDump($OUT/sq_drops.pcap);
fq[1] -> ToDump($OUT/fq_drops.pcap);
sq -> usq :: Unqueue(ACTIVE false, LIMIT 10) -> ToDump($OUT/sq.pcap);
fq -> ufq :: Unqueue(ACTIVE false, LIMIT 10) -> ToDump($OUT/fq.pcap);
DriverManager(wait 0.3s,
  print "sq" $(sq.length) $(sq.highwater_length) $(sq.capacity) $(sq.drops),
  print "fq" $(fq.length) $(fq.highwater_length) $(fq.capacity) $(fq.drops),
  write sq.capacity 30, write fq.capacity 30,
  print "shrunk" $(sq.length) $(fq.length) $(sq.capacity) $(fq.capacity),
  write usq.active true, write ufq.active true, write u0.active true,
  wait 0.2s,
  print "drained" $(sq.length) $(fq.length) $(sq.highwater_length) $(fq.highwater_length),
  write sq.reset_counts, write fq.reset_counts,
  print "counts" $(sq.drops) $(fq.drops) $(sq.highwater_length) $(fq.highwater_length),
  write sq.capacity 50, write fq.capacity 50,
  print "grown" $(sq.length) $(fq.length),
  write sq.reset, write fq.reset,
  print "reset" $(sq.length) $(fq.length) $(sq.drops) $(fq.drops) $(fq0.drops),
  stop);
