// Handler values of the QoS and timing elements as Click prints them: rates (the token
// bucket's effective rate, bandwidths in Click's units), meters, intervals, after writes.
Idle -> q1 :: Queue -> ru1 :: RatedUnqueue(333) -> Discard;
Idle -> q2 :: Queue -> ru2 :: RatedUnqueue(1000000, BURST_DURATION 5ms) -> Discard;
Idle -> q3 :: Queue -> ru3 :: RatedUnqueue(7, BURST_SIZE 3) -> Discard;
Idle -> q4 :: Queue -> bru1 :: BandwidthRatedUnqueue(1Mbps) -> Discard;
Idle -> q5 :: Queue -> bru2 :: BandwidthRatedUnqueue(12345, BURST_BYTES 100) -> Discard;
Idle -> q6 :: Queue -> bru3 :: BandwidthRatedUnqueue(1GBps) -> Discard;
Idle -> rs1 :: RatedSplitter(2000) -> Discard;
Idle -> rs2 :: RatedSplitter(3, BURST_DURATION 1s) -> Discard;
Idle -> brs1 :: BandwidthRatedSplitter(100kbps) -> Discard;
Idle -> brs2 :: BandwidthRatedSplitter(2.5Gbps) -> Discard;
Idle -> q7 :: Queue -> sh1 :: Shaper(100) -> Discard;
Idle -> q8 :: Queue -> bsh1 :: BandwidthShaper(1MBps) -> Discard;
Idle -> m1 :: Meter(50, 200);
m1[0] -> Discard; m1[1] -> Discard; m1[2] -> Discard;
Idle -> m2 :: BandwidthMeter(1Mbps);
m2[0] -> Discard; m2[1] -> Discard;
Idle -> m3 :: BandwidthMeter(1kBps, 10kBps, 1MBps, 4MBps);
m3[0] -> Discard; m3[1] -> Discard; m3[2] -> Discard; m3[3] -> Discard; m3[4] -> Discard;
ts1 :: TimedSource(0.25, ACTIVE false) -> Discard;
ts2 :: TimedSource(1.5, "abc", ACTIVE false, LIMIT 3) -> Discard;
Idle -> q9 :: Queue -> tk1 :: TimedSink(500us);
Idle -> q10 :: Queue -> tk2 :: TimedSink(3);

DriverManager(
    print "ru: $(ru1.rate) $(ru2.rate) $(ru3.rate) $(ru1.config) $(ru1.active)",
    print "bru: $(bru1.rate) $(bru2.rate) $(bru3.rate) $(bru1.config)",
    print "rs: $(rs1.rate) $(rs2.rate) $(brs1.rate) $(brs2.rate) $(rs1.config)",
    print "sh: $(sh1.rate) $(bsh1.rate) $(sh1.config) $(bsh1.config)",
    print "m: $(m1.meters) | $(m2.meters) | $(m3.meters) | $(m1.rate) $(m2.rate)",
    print "ts: $(ts1.interval) $(ts2.interval) $(ts2.data) $(ts2.limit) $(ts2.count) $(ts1.active)",
    print "tk: $(tk1.interval) $(tk2.interval)",
    write ru1.rate 5000, write ru3.rate 1, write bru1.rate 2Mbps, write bru2.rate 800,
    write rs1.rate 10, write brs1.rate 1MBps, write sh1.rate 50, write bsh1.rate 10kbps,
    write ru1.active false,
    write ts1.interval 10ms, write tk1.interval 1.25,
    print "after: $(ru1.rate) $(ru3.rate) $(bru1.rate) $(bru2.rate) $(rs1.rate) $(brs1.rate) $(sh1.rate) $(bsh1.rate) $(ru1.active)",
    print "after: $(ts1.interval) $(tk1.interval)",
    stop);
