// An ICMPPingSource pulled by an Unqueue: each pull makes a request until LIMIT; the first
// pull after it stops the router (STOP).  Parameters: IN (unused), OUT.
define($IN in.pcap, $OUT .);
pp :: ICMPPingSource(1.1.1.1, 2.2.2.2, LIMIT 4, STOP true, IDENTIFIER 3, DATA "pulled")
  -> Unqueue -> pq :: Counter -> ToDump($OUT/pulled.pcap, ENCAP IP);
