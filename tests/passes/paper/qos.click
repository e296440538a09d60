// A QoS fragment in the style of Figure 10 of the SMP Click paper: three DSCP classes,
// the medium one authenticated and encrypted on its own schedulable path
// (Unqueue, the paper's PullToPush), then a strict priority scheduler.
FromDevice(eth0) -> Strip(14) -> CheckIPHeader
  -> ipc :: IPClassifier(ip dscp >= 40, ip dscp >= 8, -);
ipc[0] -> hi :: Queue(1000);
ipc[1] -> mq :: Queue(1000) -> Unqueue
  -> IPsecESPEncap -> IPsecAuthHMACSHA1(0) -> IPsecDES(1) -> IPsecEncap(50)
  -> mid :: Queue(1000);
ipc[2] -> lo :: Queue(1000);
hi, mid, lo => [0, 1, 2] ps :: PrioSched;
ps -> EtherEncap(0x0800, 00:00:c0:4f:71:ef, 00:00:c0:4f:71:01) -> ToDevice(eth1);
