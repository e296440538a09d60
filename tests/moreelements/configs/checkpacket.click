// CheckPacket: each packet of the capture and of two InfiniteSources checked for length (the
// three kinds), data (exact, short, long, at an offset) and alignment; every packet is
// consumed (the Counters after the CheckPackets stay 0).  Every CheckPacket names ALIGNMENT:
// without it Click tests against an uninitialized modulus.  The alignments tested are ones
// whose outcome the packet layout of Click and of clickc share: the
// capture's packets are aligned first (Align), as their place in a buffer is each one's own.
// Parameters: IN, OUT.
define($IN in.pcap, $OUT .);
FromDump($IN, STOP true) -> c :: Counter -> Align(4, 0) -> t :: Tee(4);
t[0] -> CheckPacket(LENGTH_GE 60, ALIGNMENT 2 0) -> a0 :: Counter -> Discard;
t[1] -> CheckPacket(LENGTH_LE 100, ALIGNMENT 2 1) -> Discard;
t[2] -> Strip(12) -> CheckPacket(DATA \<0800>, DATA_OFFSET 0, ALIGNMENT 4 0) -> Discard;
t[3] -> CheckPacket(LENGTH 98, LENGTH_EQ -1, ALIGNMENT 4 0) -> Discard;
InfiniteSource(DATA "abcdef", LIMIT 2) -> c1 :: CheckPacket(LENGTH 5, LENGTH_LE -1, ALIGNMENT 4 0)
  -> a1 :: Counter -> Discard;
InfiniteSource(DATA "abcdef", LIMIT 1) -> CheckPacket(DATA "abc", ALIGNMENT 4 1) -> Discard;
InfiniteSource(DATA "abcdef", LIMIT 1) -> CheckPacket(DATA "abcdefg", ALIGNMENT 2 0) -> Discard;
InfiniteSource(DATA "abcdef", LIMIT 1) -> CheckPacket(DATA "cdxf", DATA_OFFSET 2, ALIGNMENT 2 0)
  -> Discard;
InfiniteSource(DATA "abcdef", LIMIT 1) -> CheckPacket(DATA "cdef", DATA_OFFSET 2, ALIGNMENT 2 0)
  -> Discard;
InfiniteSource(DATA "abcdef", LIMIT 1) -> CheckPacket(LENGTH_GE 0, ALIGNMENT 2 0) -> Discard;
InfiniteSource(DATA "", LIMIT 1) -> CheckPacket(DATA "", LENGTH_LE 0, ALIGNMENT 0x4 0) -> Discard;
