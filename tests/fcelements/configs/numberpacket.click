// NumberPacket at its default offset, at offset 40 in host order and at 30 in network order
// after MarkIPHeader, on the frames of 48 bytes or more (FastClick crashes on the shorter
// ones, which clickc grows: tests/libelements/test_fastclick_measure.py).
// Parameters: IN (crafted.pcap), OUT.
define($IN in.pcap, $OUT .);
FromDump($IN, STOP true) -> len :: CheckLength(47);
len[0] -> short :: Counter -> Discard;
len[1] -> t :: Tee(3);
t[0] -> n0 :: NumberPacket -> ToDump($OUT/default.pcap);
t[1] -> n1 :: NumberPacket(40) -> ToDump($OUT/host.pcap);
t[2] -> MarkIPHeader(14) -> n2 :: NumberPacket(OFFSET 30, NET_ORDER true)
  -> ToDump($OUT/net.pcap);
