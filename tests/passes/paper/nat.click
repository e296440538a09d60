// Network address translation in the style of Figure 8 of the SMP Click paper: the
// rewriter's input 0 takes packets from inside, input 1 packets from outside; output 0
// leads outside, output 1 inside.
AddressInfo(outside 192.0.2.1 00:00:c0:4f:71:ef);
rw :: IPRewriter(pattern outside 50000-65535 - - 0 1, drop);
FromDevice(eth0) -> Strip(14) -> CheckIPHeader -> IPClassifier(tcp or udp)
  -> [0]rw;
FromDevice(eth1) -> Strip(14) -> CheckIPHeader -> IPClassifier(tcp or udp)
  -> [1]rw;
rw[0] -> GetIPAddress(16) -> rt :: StaticIPLookup(0.0.0.0/0 192.0.2.254 0)
  -> EtherEncap(0x0800, outside, 00:00:c0:4f:71:01) -> Queue -> ToDevice(eth1);
rw[1] -> GetIPAddress(16) -> EtherEncap(0x0800, 00:00:c0:ae:67:ef, 00:00:c0:ae:67:01)
  -> Queue -> ToDevice(eth0);
