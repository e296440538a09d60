// ReplayUnqueue pushes the capture three times, two packets per run, with its VERBOSE
// messages, and stops the router.  Parameters: IN (crafted.pcap), OUT.
define($IN in.pcap, $OUT .);
FromDump($IN) -> r :: ReplayUnqueue(STOP 3, VERBOSE true, BURST 2) -> ToDump($OUT/r.pcap);
