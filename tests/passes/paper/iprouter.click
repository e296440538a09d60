// A two-interface IP router in the style of Figure 2 of the SMP Click paper
// (Chen & Morris, USENIX 2001), written for clickc's checker tests.
elementclass Input { $color |
  input -> Paint($color) -> Strip(14) -> CheckIPHeader -> GetIPAddress(16) -> output;
}
elementclass Output { $addr, $ether |
  input[0] -> DropBroadcasts -> cp :: CheckPaint(0) -> gio :: IPGWOptions($addr)
    -> FixIPSrc($addr) -> dt :: DecIPTTL -> fr :: IPFragmenter(1500)
    -> [0]arpq :: ARPQuerier($addr, $ether) -> output;
  input[1] -> [1]arpq;
  cp[1] -> ICMPError($addr, redirect, host) -> [1]output;
  gio[1] -> ICMPError($addr, parameterproblem) -> [1]output;
  dt[1] -> ICMPError($addr, timeexceeded) -> [1]output;
  fr[1] -> ICMPError($addr, unreachable, needfrag) -> [1]output;
}
c0 :: Classifier(12/0806 20/0001, 12/0806 20/0002, 12/0800, -);
c1 :: Classifier(12/0806 20/0001, 12/0806 20/0002, 12/0800, -);
PollDevice(eth0) -> c0;
PollDevice(eth1) -> c1;
arpt :: Tee(2);
oq0 :: Queue(200) -> ToDevice(eth0);
oq1 :: Queue(200) -> ToDevice(eth1);
c0[0] -> ARPResponder(10.0.0.1 00:00:c0:ae:67:ef) -> oq0;
c1[0] -> ARPResponder(10.0.1.1 00:00:c0:4f:71:ef) -> oq1;
c0[1], c1[1] -> arpt;
c0[3], c1[3] -> Discard;
rt :: StaticIPLookup(10.0.0.1/32 0, 10.0.1.1/32 0, 10.0.0.0/24 1, 10.0.1.0/24 2);
c0[2] -> Input(1) -> rt;
c1[2] -> Input(2) -> rt;
rt[0] -> ToHost(tap0);
o0 :: Output(10.0.0.1, 00:00:c0:ae:67:ef);
o1 :: Output(10.0.1.1, 00:00:c0:4f:71:ef);
rt[1] -> o0;
rt[2] -> o1;
arpt[0] -> [1]o0;
arpt[1] -> [1]o1;
o0[0] -> oq0;
o1[0] -> oq1;
o0[1], o1[1] -> rt;
