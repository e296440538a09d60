// AverageCounterMP and AverageCounterIMP's clock-free counts: packets, bytes, bits and
// bits on the wire (with and without the FCS).  Parameters: IN (unused), OUT (unused).
define($IN in.pcap, $OUT .);
InfiniteSource(LIMIT 10, BURST 3, STOP true) -> a :: AverageCounterMP
  -> b :: AverageCounterIMP(LINK_FCS false) -> Discard;
