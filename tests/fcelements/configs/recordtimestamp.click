// NumberPacket -> RecordTimestamp -> TimestampDiff with the table grown past N by DYNAMIC,
// and a SAMPLE 2 chain where the odd numbers pass unmeasured.  Only clock-free values are
// read.  A packet without a recorded time (read twice, never recorded, out of range) is not
// here: FastClick compares an uninitialized TSCTimestamp then, so its port is undefined
// (docs/more-elements.md).  Parameters: IN (unused), OUT (unused).
define($IN in.pcap, $OUT .);
s :: InfiniteSource(LIMIT 5, BURST 5, STOP true) -> t0 :: Tee(2);
t0[0] -> np :: NumberPacket(40)
  -> rt :: RecordTimestamp(COUNTER np, OFFSET 40, N 2, DYNAMIC true)
  -> td :: TimestampDiff(rt) -> c0 :: Counter -> Discard;
td[1] -> c1 :: Counter -> Discard;
t0[1] -> np2 :: NumberPacket(40)
  -> rt2 :: RecordTimestamp(COUNTER np2, OFFSET 40, N 8, SAMPLE 2)
  -> td2 :: TimestampDiff(rt2, SAMPLE 2, NANO true) -> d0 :: Counter -> Discard;
td2[1] -> d1 :: Counter -> Discard;
