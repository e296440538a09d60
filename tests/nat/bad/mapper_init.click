// A mapper pattern whose outputs the rewriter does not have (an initialization error).

m :: RoundRobinIPMapper(1.2.3.4 - - - 0 1, 1.2.3.5 - - - 0 3);
rw :: IPRewriter(m, REAP_TIME 10);
Idle -> rw -> Discard;
rw[1] -> Discard;
