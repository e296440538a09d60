// RSSHashSwitch over four outputs: the software Toeplitz hash of each IPv4 packet's addresses
// and ports; other frames to output 0.  Parameters: IN, OUT.
define($IN in.pcap, $OUT .);
FromDump($IN, STOP true) -> MarkIPHeader(14) -> sw :: RSSHashSwitch;
sw[0] -> ToDump($OUT/o0.pcap); sw[1] -> ToDump($OUT/o1.pcap);
sw[2] -> ToDump($OUT/o2.pcap); sw[3] -> ToDump($OUT/o3.pcap);
