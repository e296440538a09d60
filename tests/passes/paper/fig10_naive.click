// SMP Click §6.3's rejected rewrite of Fig. 10 ("one solution might be..."): the medium
// priority's VPN work gets an Unqueue of its own in front of the PrioSched, so another CPU
// can run it.  It breaks priority: while medium packets wait for that Unqueue, the scheduler
// sees an empty medium input and sends low-priority packets.  Kept to show the difference
// with flow-split's Fig. 16 replication (tests/passes/test_priority.py); not a pass output.
src :: FromDevice(eth0) -> Strip(14) -> CheckIPHeader
  -> ipc :: IPClassifier(ip dscp >= 40, ip dscp >= 8, -);
ipc[0] -> Paint(0) -> hi :: Queue(200);
ipc[1] -> Paint(1) -> med :: Queue(200) -> muq :: Unqueue
  -> auth :: IPsecAuthHMACSHA1(0) -> encrypt :: IPsecDES(1)
  -> tunnel :: IPsecEncap(50) -> medc :: Queue(200);
ipc[2] -> Paint(2) -> lo :: Queue(200);
hi, medc, lo => ps :: PrioSched -> uq :: Unqueue -> out :: Queue(1000);
out -> EtherEncap(0x0800, 00:00:c0:4f:71:ef, 00:00:c0:4f:71:01) -> ToDevice(eth1);
