// ARPResponder answering requests for two prefixes and ARPQuerier resolving next hops from
// the ARP replies in the capture (clickc tests/l2elements). Parameters: IN, OUT.
define($IN in.pcap, $OUT .);
q :: ARPQuerier(10.1.0.1/16, 02:00:00:00:00:01, ENTRY_PACKET_CAPACITY 3, CAPACITY 8);
ar :: ARPResponder(192.168.0.0/16 02:00:00:00:00:02, 10.0.0.0/8 10.1.2.3 02:00:00:00:00:03);
FromDump($IN, STOP true)
  -> c :: Classifier(12/0806 20/0001, 12/0806 20/0002, 12/0800, -);
c[0] -> ar -> ToDump($OUT/replies.pcap);
ar[1] -> notours :: Counter -> Discard;
c[1] -> [1]q;
c[2] -> Strip(14) -> CheckIPHeader(CHECKSUM false) -> GetIPAddress(16) -> [0]q;
c[3] -> Discard;
q[0] -> ToDump($OUT/ip.pcap);
q[1] -> ToDump($OUT/queries.pcap);
