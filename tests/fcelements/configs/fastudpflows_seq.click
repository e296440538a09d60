// FastUDPFlows pulled one packet at a time: SEQUENTIAL flows and ports, FLOWBURST 2,
// DUPLICATE; STOP ends the run after LIMIT.  Parameters: IN (unused), OUT.
define($IN in.pcap, $OUT .);
RandomSeed(7);
f :: FastUDPFlows(0, 12, 64, 2:0:0:0:0:1, 10.0.0.1, 2:0:0:0:0:2, 10.0.0.2, 3, 2,
                  SEQUENTIAL true, FLOWBURST 2, DUPLICATE true, CHECKSUM false, STOP true)
  -> Unqueue -> ToDump($OUT/udpflows.pcap);
