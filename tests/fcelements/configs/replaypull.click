// Replay offers the packets to pull through its queue; the router stops as soon as the last
// packet is queued.  Parameters: IN (crafted.pcap), OUT.
define($IN in.pcap, $OUT .);
FromDump($IN) -> r :: Replay(STOP 3, QUEUE 4, BURST 1) -> Unqueue -> ToDump($OUT/p.pcap);
