// Golden: the expensive work (vpn1, vpn2) is on the medium queue's own Unqueue, in front of
// the PrioSched (as ../../paper/qos.click has it).  flow-split replicates the whole priority
// subgraph (classifier, the three queues, the medium path, the scheduler); the replicas'
// schedulers are merged for the output by a RoundRobinSched (pull), so priority holds within
// each replica.
// RUN: %clickc --emit flat -j 2 --passes=flow-split --pass-option cost=vpn1:1500,vpn2:3000 %s -o - | grep -v "^#" | filecheck --match-full-lines %s
src :: FromDump(/dev/null) -> Strip(14) -> CheckIPHeader
  -> ipc :: IPClassifier(ip dscp >= 40, ip dscp >= 8, -);
ipc[0] -> hi :: Queue(1000);
ipc[1] -> mq :: Queue(1000) -> Unqueue -> vpn1 :: SetIPDSCP(1) -> vpn2 :: DecIPTTL
  -> mid :: Queue(1000);
ipc[2] -> lo :: Queue(1000);
hi, mid, lo => [0, 1, 2] ps :: PrioSched;
ps -> EtherEncap(0x0800, 00:00:c0:4f:71:ef, 00:00:c0:4f:71:01) -> ToDump(/dev/null);
// CHECK: src :: FromDump(/dev/null);
// CHECK-NEXT: Strip@2 :: Strip(14);
// CHECK-NEXT: CheckIPHeader@3 :: CheckIPHeader;
// CHECK-NEXT: EtherEncap@13 :: EtherEncap(0x0800, 00:00:c0:4f:71:ef, 00:00:c0:4f:71:01);
// CHECK-NEXT: ToDump@14 :: ToDump(/dev/null);
// CHECK-NEXT: ipc@split :: HashSwitch(16, 4);
// CHECK-NEXT: ipc@r0 :: IPClassifier(ip dscp >= 40, ip dscp >= 8, -);
// CHECK-NEXT: hi@r0 :: Queue(1000);
// CHECK-NEXT: mq@r0 :: Queue(1000);
// CHECK-NEXT: Unqueue@7@r0 :: Unqueue;
// CHECK-NEXT: vpn1@r0 :: SetIPDSCP(1);
// CHECK-NEXT: vpn2@r0 :: DecIPTTL;
// CHECK-NEXT: mid@r0 :: Queue(1000);
// CHECK-NEXT: lo@r0 :: Queue(1000);
// CHECK-NEXT: ps@r0 :: PrioSched;
// CHECK-NEXT: ipc@r1 :: IPClassifier(ip dscp >= 40, ip dscp >= 8, -);
// CHECK-NEXT: hi@r1 :: Queue(1000);
// CHECK-NEXT: mq@r1 :: Queue(1000);
// CHECK-NEXT: Unqueue@7@r1 :: Unqueue;
// CHECK-NEXT: vpn1@r1 :: SetIPDSCP(1);
// CHECK-NEXT: vpn2@r1 :: DecIPTTL;
// CHECK-NEXT: mid@r1 :: Queue(1000);
// CHECK-NEXT: lo@r1 :: Queue(1000);
// CHECK-NEXT: ps@r1 :: PrioSched;
// CHECK-NEXT: ps@merge :: RoundRobinSched;
// CHECK-NEXT: src -> Strip@2
// CHECK-NEXT:     -> CheckIPHeader@3
// CHECK-NEXT:     -> ipc@split
// CHECK-NEXT:     -> ipc@r0
// CHECK-NEXT:     -> hi@r0
// CHECK-NEXT:     -> ps@r0
// CHECK-NEXT:     -> ps@merge
// CHECK-NEXT:     -> EtherEncap@13
// CHECK-NEXT:     -> ToDump@14;
// CHECK-NEXT: ipc@r0 [1] -> mq@r0
// CHECK-NEXT:     -> Unqueue@7@r0
// CHECK-NEXT:     -> vpn1@r0
// CHECK-NEXT:     -> vpn2@r0
// CHECK-NEXT:     -> mid@r0
// CHECK-NEXT:     -> [1] ps@r0;
// CHECK-NEXT: ipc@r0 [2] -> lo@r0
// CHECK-NEXT:     -> [2] ps@r0;
// CHECK-NEXT: ipc@split [1] -> ipc@r1
// CHECK-NEXT:     -> hi@r1
// CHECK-NEXT:     -> ps@r1
// CHECK-NEXT:     -> [1] ps@merge;
// CHECK-NEXT: ipc@r1 [1] -> mq@r1
// CHECK-NEXT:     -> Unqueue@7@r1
// CHECK-NEXT:     -> vpn1@r1
// CHECK-NEXT:     -> vpn2@r1
// CHECK-NEXT:     -> mid@r1
// CHECK-NEXT:     -> [1] ps@r1;
// CHECK-NEXT: ipc@r1 [2] -> lo@r1
// CHECK-NEXT:     -> [2] ps@r1;
