// Two inputs merged by timestamp (input 0 first on a tie) until one gives no packet; the
// last loop sends the loaded packets themselves.  Parameters: IN (crafted.pcap), OUT.
define($IN in.pcap, $OUT .);
FromDump($IN) -> [0]r :: ReplayUnqueue(STOP 2, FREEONTERMINATE false);
FromDump($IN) -> [1]r;
r[0] -> ToDump($OUT/m0.pcap);
r[1] -> ToDump($OUT/m1.pcap);
