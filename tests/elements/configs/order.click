pats :: IPRewriterPatterns(NAT 10.0.0.1 50000-65535 - -, NAT 1.2.3.4 - - -, BAD 1.2.3.4 0 - -, ALIAS NAT, X);
rw :: IPRewriter(pattern NAT 0 1, pattern NOPE 0 1);
Idle -> [0]rw; Idle -> [1]rw; rw[0] -> Discard; rw[1] -> Discard;
sts :: StaticThreadSched(rw 0, nosuch 0, pats);
si :: ScheduleInfo(rw 2, bad, q 1.5);
