// Pull paths: PullNull, RandomSample and CheckLength between a Queue and an Unqueue (one
// random element, so the draws do not depend on task order).  Parameters: IN, OUT.
define($IN in.pcap, $OUT .);
RandomSeed(99);
FromDump($IN, STOP true) -> Queue(100000) -> PullNull
  -> rs :: RandomSample(SAMPLE 0.6, ACTIVE true) -> cl :: CheckLength(120)
  -> Unqueue -> ok :: Counter -> ToDump($OUT/pulled.pcap);
rs[1] -> notsampled :: Counter -> Discard;
cl[1] -> long :: Counter -> ToDump($OUT/long.pcap);
