// MAPPING_CAPACITY: tcp goes to rw, udp to rw2, which shares rw's capacity of 40 mappings;
// every mapping is still guaranteed (5 s) when the table is full, so later flows get no
// mapping (mapping_failures) and their packets are dropped. A Script then clears rw's table.
// Parameters: IN, OUT.
define($IN in.pcap, $OUT .);
rw :: IPRewriter(pattern 203.0.113.7 20000-29999# - - 0 1, drop, MAPPING_CAPACITY 40);
rw2 :: IPRewriter(pattern 203.0.113.8 20000-29999# - - 0 1, drop, MAPPING_CAPACITY rw);
src :: FromDump($IN, ACTIVE false)
  -> eth :: Classifier(12/0800, -)[0]
  -> Strip(14) -> CheckIPHeader
  -> c :: IPClassifier(tcp, udp, -);
c[0] -> [0]rw;
c[1] -> [0]rw2;
c[2] -> Discard;
Idle -> [1]rw; Idle -> [1]rw2;
rw[0] -> o1 :: Counter -> ToDump($OUT/tcp.pcap, ENCAP IP);
rw2[0] -> o2 :: Counter -> ToDump($OUT/udp.pcap, ENCAP IP);
rw[1] -> Discard; rw2[1] -> Discard;
eth[1] -> Discard;
Script(write src.active true, wait 0.5s,
       print "rw" $(rw.nmappings) $(rw.size) $(rw.capacity) $(rw.mapping_failures),
       print "rw2" $(rw2.nmappings) $(rw2.size) $(rw2.capacity) $(rw2.mapping_failures),
       read rw.patterns, read rw2.patterns, write rw.clear,
       print "cleared" $(rw.nmappings) $(rw.size) $(rw2.nmappings) $(rw2.size),
       stop);
