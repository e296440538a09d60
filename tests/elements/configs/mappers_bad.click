rw :: IPRewriter(pattern 1.2.3.4 1024-65535 - - 0 1);
Idle -> rw; rw[0] -> Discard; rw[1] -> Discard;
q :: Queue; Idle -> q;
Idle -> icr :: ICMPRewriter(rw q nosuch rw:x rw:1) -> Discard;
Idle -> icr2 :: ICMPRewriter(q) -> Discard;
m1 :: RoundRobinIPMapper(1.2.3.4 - - - 0 1);
m2 :: RoundRobinIPMapper(1.2.3.4 - - - 0, 1.2.3.4 99999 - - 0 1, nosuch 0 1);
m3 :: RoundRobinIPMapper();
q -> Discard;
