// LinkUnqueue and DelayShaper, drained under a DriverManager (the FromDump stop requests are
// absorbed by two pauses, then one second lets the link empty); Block on the FWD_RATE
// annotation (painted into its low byte); SetPacketType.  Packet times are the release times
// (now: not compared).  Parameters: IN, OUT.
define($IN in.pcap, $OUT .);
FromDump($IN, STOP true) -> t :: Tee(3);
t[0] -> Queue(100000) -> lu :: LinkUnqueue(3ms, 20Mbps) -> c :: Counter -> ToDump($OUT/link.pcap);
t[1] -> Queue(100000) -> ds :: DelayShaper(10ms) -> Unqueue -> c2 :: Counter
     -> ToDump($OUT/delayed.pcap);
t[2] -> cl :: Classifier(12/0800, -);
cl[0] -> Paint(9, 20) -> SetPacketType(OTHERHOST) -> b :: Block(5);
cl[1] -> Paint(2, 20) -> b;
b[0] -> b0 :: Counter -> Discard;
b[1] -> b1 :: Counter -> Discard;
FromDump($IN, STOP true) -> Discard;
DriverManager(pause, pause, wait 1s, stop);
