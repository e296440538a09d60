// Two sources, one IPRewriter: TCP from one FromDump, UDP from another, so that with -j 2 the
// rewriter runs on two threads and its table is shared between them; the router stops when
// both captures are done. Parameters: IN.
define($IN in.pcap);
rw :: IPRewriter(pattern 203.0.113.7 20000-29999# - - 0 1, drop);
FromDump($IN, STOP true) -> Strip(14) -> CheckIPHeader -> IPClassifier(tcp) -> [0]rw;
FromDump($IN, STOP true) -> Strip(14) -> CheckIPHeader -> IPClassifier(udp) -> [0]rw;
Idle -> [1]rw;
rw[0] -> c :: Counter -> Discard;
rw[1] -> Discard;
DriverManager(pause, pause, stop);
