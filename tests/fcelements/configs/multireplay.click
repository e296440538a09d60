// MultiReplay: each output's ring of QUEUE slots holds QUEUE - 1 packets; the task stops at
// the first packet whose ring is full, and the router stops once the last is queued.
// Parameters: IN (crafted.pcap), OUT.
define($IN in.pcap, $OUT .);
FromDump($IN) -> [0]r :: MultiReplay(3, STOP 2, BURST 3, VERBOSE true);
FromDump($IN) -> [1]r;
r[0] -> Unqueue -> ToDump($OUT/m0.pcap);
r[1] -> Unqueue -> ToDump($OUT/m1.pcap);
