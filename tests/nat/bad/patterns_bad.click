// Pattern and input-specification errors of the IPRewriter family (one per argument).

pats :: IPRewriterPatterns(A 1.0.0.1 1000-2000# - -, A 1.0.0.2 - - -, B 1.0.0.300 - - -,
                           C 1.0.0.1 70000 - -, D - - 1.0.0.x -, E - - - 0, F 1.0.0.1 5 6 7 8,
                           G NOPE, H A);
rw :: IPRewriter(pattern 1.2.3.4 1024-65535 - - 0 1, drop, nochange 5, keep 0,
                 pattern - - 0 1, bogus, pattern 1.2.3.4 99999 - - 0 1, pattern 1.2.3.4 80# - - 0 1,
                 pattern 1.2.3.4-1.2.3.1 - 0 1, pattern 1.2.3.4 - - - 0 x, pattern 1.2.3.4 - - - y 1,
                 pattern NOPE 0 1, pass x, drop 3, pats, pattern A 0 7, keep 0 1, pattern H 1 0);
t :: TCPRewriter(pattern 1.2.3.4 - 5.6.7.8 - 0 0, TCP_TIMEOUT abc, MAPPING_CAPACITY nosuch);
u :: UDPRewriter(drop, drop);
c :: IPRewriter(drop, MAPPING_CAPACITY pats);
m :: RoundRobinIPMapper(1.2.3.4 - - - 0, A 0 1, 1.2.3.4 - 5.6.7.8 - 0 9);
m2 :: RoundRobinIPMapper(A 0 1);
ic :: ICMPRewriter(rw:x nosuch pats rw:1);
for_m :: IPRewriter(m);
Idle -> for_m -> Discard;
for_m[1] -> Discard;
Idle -> c -> Discard;
Idle -> u -> Discard;
Idle -> t -> Discard;
Idle -> ic -> Discard;
Idle => [0]rw, [1]rw, [2]rw, [3]rw, [4]rw, [5]rw, [6]rw, [7]rw, [8]rw, [9]rw, [10]rw, [11]rw,
   [12]rw, [13]rw, [14]rw, [15]rw, [16]rw, [17]rw;
rw[0] -> Discard; rw[1] -> Discard;
