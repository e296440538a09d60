// LIMIT bounds the load (the message names input -1).  Parameters: IN (crafted.pcap), OUT.
define($IN in.pcap, $OUT .);
FromDump($IN) -> r :: ReplayUnqueue(STOP 2, LIMIT 4, VERBOSE true) -> ToDump($OUT/l.pcap);
