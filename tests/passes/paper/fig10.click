// SMP Click Fig. 10: a QoS fragment.  Packets are classified by DSCP into three priorities,
// queued separately, and a PrioSched sends higher priorities first; an Unqueue (the paper's
// PullToPush) pulls from the scheduler and starts the VPN work (authentication and 3DES) that
// only medium-priority packets (paint 1) get.  flow-split replicates the whole subgraph from
// the classifier through the scheduler and the VPN work per destination hash (Fig. 16), so
// each replica keeps strict priority.  The ESP encapsulation that numbers packets per
// security association (state shared by all flows of an SA: flow-split never replicates it)
// is left out of the fragment; auth and encrypt are the expensive part.  Costs for the
// passes (cycles/packet):
//   --pass-option cost=auth:1500,encrypt:3000
src :: FromDevice(eth0) -> Strip(14) -> CheckIPHeader
  -> ipc :: IPClassifier(ip dscp >= 40, ip dscp >= 8, -);
ipc[0] -> Paint(0) -> hi :: Queue(200);
ipc[1] -> Paint(1) -> med :: Queue(200);
ipc[2] -> Paint(2) -> lo :: Queue(200);
hi, med, lo => ps :: PrioSched -> uq :: Unqueue -> cp :: CheckPaint(1);
cp[0] -> auth :: IPsecAuthHMACSHA1(0) -> encrypt :: IPsecDES(1)
  -> tunnel :: IPsecEncap(50) -> out :: Queue(1000);
cp[1] -> out;
out -> EtherEncap(0x0800, 00:00:c0:4f:71:ef, 00:00:c0:4f:71:01) -> ToDevice(eth1);
