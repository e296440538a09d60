// FastUDPFlows' handlers: length (a new length makes the flows anew), limit, srceth and
// dsteth, written before the source is made active.  Parameters: IN (unused), OUT.
define($IN in.pcap, $OUT .);
RandomSeed(5);
f :: FastUDPFlows(0, 8, 60, 2:0:0:0:0:1, 10.0.0.1, 2:0:0:0:0:2, 10.0.0.2, 2, 2,
                  SEQUENTIAL true, ACTIVE false, CHECKSUM false, STOP true)
  -> Unqueue -> ToDump($OUT/udpflows-h.pcap);
Script(read f.length, read f.limit, write f.length 80, write f.srceth 2:0:0:0:0:8,
       write f.dsteth 2:0:0:0:0:9, read f.length, write f.limit 5, read f.limit,
       write f.active true);
