// RoundRobinIPMapper hands three patterns (two named in IPRewriterPatterns) to new flows in
// turn, each pattern with its own outputs; the named pattern is shared with a second input, so
// their sequential allocation continues from one another. Parameters: IN, OUT.
define($IN in.pcap, $OUT .);
pats :: IPRewriterPatterns(NATA 203.0.113.1 40000-40999# - -, NATB 203.0.113.2 - - -);
rr :: RoundRobinIPMapper(NATA 0 1, NATB 2 3, 203.0.113.3 50000-50009# - - 4 5);
rw :: IPRewriter(rr, pattern NATA 0 1);
FromDump($IN, STOP true)
  -> eth :: Classifier(12/0800, -)[0]
  -> Strip(14) -> CheckIPHeader
  -> c :: IPClassifier(tcp and dst port 80, tcp or udp, -);
c[0] -> [1]rw;
c[1] -> [0]rw;
c[2] -> Discard;
rw[0] -> o0 :: Counter -> ToDump($OUT/out0.pcap, ENCAP IP);
rw[1] -> o1 :: Counter -> Discard;
rw[2] -> o2 :: Counter -> ToDump($OUT/out2.pcap, ENCAP IP);
rw[3] -> o3 :: Counter -> Discard;
rw[4] -> o4 :: Counter -> ToDump($OUT/out4.pcap, ENCAP IP);
rw[5] -> o5 :: Counter -> Discard;
eth[1] -> Discard;
