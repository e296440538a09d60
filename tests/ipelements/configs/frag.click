// Fragmentation at a tiny and a medium MTU, DF answered with need-fragmentation errors;
// every fragment is checked again.  Parameters: IN, OUT.
define($IN in.pcap, $OUT .);
FromDump($IN, STOP true) -> Strip(14) -> CheckIPHeader -> t :: Tee(2);
t[0] -> f1 :: IPFragmenter(68, HONOR_DF true, VERBOSE true) -> CheckIPHeader
     -> n1 :: Counter -> ToDump($OUT/f68.pcap, ENCAP IP);
f1[1] -> ICMPError(10.1.1.1, unreachable, needfrag, PMTU 68, MTU 100)
      -> ToDump($OUT/needfrag.pcap, ENCAP IP);
t[1] -> f2 :: IPFragmenter(1000, HEADROOM 0) -> n2 :: Counter
     -> ToDump($OUT/f1000.pcap, ENCAP IP);
f2[1] -> Discard;
