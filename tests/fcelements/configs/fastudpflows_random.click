// FastUDPFlows pulled one packet at a time: random flows and ports (RandomSeed), FLOWBURST 3,
// without checksums.  Parameters: IN (unused), OUT.
define($IN in.pcap, $OUT .);
RandomSeed(7);
f :: FastUDPFlows(0, 12, 70, 2:0:0:0:0:1, 10.0.0.1, 2:0:0:0:0:2, 10.0.0.2, 3, 2,
                  CHECKSUM false,
                  FLOWBURST 3, BURST 4, STOP true)
  -> Unqueue -> ToDump($OUT/udpflows.pcap);
