FromDump(in.pcap, STOP true) -> c :: Counter -> q :: Queue(10)
  -> p :: Print(x) -> Unqueue -> s :: Strip(14) -> ToDump(out.pcap);
TimedSource(1) -> q2 :: Queue -> [1]ps :: PrioSched;
q -> Shaper(100) -> [0]ps;
ps -> Null -> TimedSink(1);
// Valid: agnostic elements take the processing of their neighbours.
