// RSSHashSwitch(MAX 6) over four outputs: a hash of 4 or 5 modulo 6 has no output and its
// packet is dropped.  Parameters: IN, OUT.
define($IN in.pcap, $OUT .);
FromDump($IN, STOP true) -> MarkIPHeader(14) -> sw :: RSSHashSwitch(MAX 6);
sw[0] -> ToDump($OUT/o0.pcap); sw[1] -> ToDump($OUT/o1.pcap);
sw[2] -> ToDump($OUT/o2.pcap); sw[3] -> ToDump($OUT/o3.pcap);
