// Each loaded packet leaves on the output of the input it came from, STOP times.
// Parameters: IN (crafted.pcap), OUT.
define($IN in.pcap, $OUT .);
FromDump($IN) -> [0]r :: MultiReplayUnqueue(STOP 2, BURST 3, VERBOSE true);
FromDump($IN) -> [1]r;
r[0] -> ToDump($OUT/m0.pcap);
r[1] -> ToDump($OUT/m1.pcap);
