// RandomSample and RandomSwitch with a fixed seed (Click's click_random is the C library's
// random(): the same seed draws the same numbers), PaintSwitch and StaticSwitch, PushNull.
// Parameters: IN, OUT.
define($IN in.pcap, $OUT .);
RandomSeed(20261122);
FromDump($IN, STOP true) -> t :: Tee(3);
t[0] -> rs :: RandomSample(0.3) -> in0 :: Counter -> ToDump($OUT/sampled.pcap);
rs[1] -> ToDump($OUT/unsampled.pcap);
t[1] -> rd :: RandomSample(DROP 0.75) -> in1 :: Counter -> rw :: RandomSwitch;
rw[0] -> w0 :: Counter -> ToDump($OUT/rw0.pcap);
rw[1] -> w1 :: Counter -> ToDump($OUT/rw1.pcap);
rw[2] -> w2 :: Counter -> Discard;
t[2] -> c :: Classifier(12/0800, 12/0806, 12/86dd, -);
c[0] -> Paint(0) -> ps :: PaintSwitch;
c[1] -> Paint(1) -> ps;
c[2] -> Paint(255) -> ps;
c[3] -> Paint(7) -> ps;
ps[0] -> p0 :: Counter -> PushNull -> ToDump($OUT/paint0.pcap);
ps[1] -> p1 :: Counter -> ss :: StaticSwitch(1);
ss[0] -> Discard;
ss[1] -> s1 :: Counter -> ToDump($OUT/paint1.pcap);
