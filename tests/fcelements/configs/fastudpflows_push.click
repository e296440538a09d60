// FastUDPFlows in push context: BURST packets per run, LIMIT a multiple of BURST (FastClick
// completes a burst past LIMIT, clickc does not: docs/more-elements.md);
// a length below 60 (the warning).  Parameters: IN (unused), OUT.
define($IN in.pcap, $OUT .);
RandomSeed(3);
f :: FastUDPFlows(0, 12, 50, 2:0:0:0:0:1, 10.0.0.1, 2:0:0:0:0:2, 10.0.0.2, 2, 3,
                  SEQUENTIAL true, BURST 4, CHECKSUM false, STOP true)
  -> c :: Counter -> ToDump($OUT/udpflows-push.pcap);
