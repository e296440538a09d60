// Golden: ../../paper/qos.click has the VPN work on the medium queue's own Unqueue, in front
// of the PrioSched.  flow-split replicates the whole priority subgraph (classifier, the three
// queues, the VPN path, the scheduler); the replicas' schedulers are merged for the output
// by a RoundRobinSched (pull), so priority holds within each replica.
// RUN: %clickc --emit flat -j 2 --passes=flow-split --pass-option cost=IPsecDES:3000,IPsecAuthHMACSHA1:1500 %S/../../paper/qos.click -o - | grep -v "^#" | filecheck --match-full-lines %s
// CHECK: FromDevice@1 :: FromDevice(eth0);
// CHECK-NEXT: Strip@2 :: Strip(14);
// CHECK-NEXT: CheckIPHeader@3 :: CheckIPHeader;
// CHECK-NEXT: EtherEncap@15 :: EtherEncap(0x0800, 00:00:c0:4f:71:ef, 00:00:c0:4f:71:01);
// CHECK-NEXT: ToDevice@16 :: ToDevice(eth1);
// CHECK-NEXT: ipc@split :: HashSwitch(16, 4);
// CHECK-NEXT: ipc@r0 :: IPClassifier(ip dscp >= 40, ip dscp >= 8, -);
// CHECK-NEXT: hi@r0 :: Queue(1000);
// CHECK-NEXT: mq@r0 :: Queue(1000);
// CHECK-NEXT: Unqueue@7@r0 :: Unqueue;
// CHECK-NEXT: IPsecESPEncap@8@r0 :: IPsecESPEncap;
// CHECK-NEXT: IPsecAuthHMACSHA1@9@r0 :: IPsecAuthHMACSHA1(0);
// CHECK-NEXT: IPsecDES@10@r0 :: IPsecDES(1);
// CHECK-NEXT: IPsecEncap@11@r0 :: IPsecEncap(50);
// CHECK-NEXT: mid@r0 :: Queue(1000);
// CHECK-NEXT: lo@r0 :: Queue(1000);
// CHECK-NEXT: ps@r0 :: PrioSched;
// CHECK-NEXT: ipc@r1 :: IPClassifier(ip dscp >= 40, ip dscp >= 8, -);
// CHECK-NEXT: hi@r1 :: Queue(1000);
// CHECK-NEXT: mq@r1 :: Queue(1000);
// CHECK-NEXT: Unqueue@7@r1 :: Unqueue;
// CHECK-NEXT: IPsecESPEncap@8@r1 :: IPsecESPEncap;
// CHECK-NEXT: IPsecAuthHMACSHA1@9@r1 :: IPsecAuthHMACSHA1(0);
// CHECK-NEXT: IPsecDES@10@r1 :: IPsecDES(1);
// CHECK-NEXT: IPsecEncap@11@r1 :: IPsecEncap(50);
// CHECK-NEXT: mid@r1 :: Queue(1000);
// CHECK-NEXT: lo@r1 :: Queue(1000);
// CHECK-NEXT: ps@r1 :: PrioSched;
// CHECK-NEXT: ps@merge :: RoundRobinSched;
// CHECK-NEXT: FromDevice@1 -> Strip@2
// CHECK-NEXT:     -> CheckIPHeader@3
// CHECK-NEXT:     -> ipc@split
// CHECK-NEXT:     -> ipc@r0
// CHECK-NEXT:     -> hi@r0
// CHECK-NEXT:     -> ps@r0
// CHECK-NEXT:     -> ps@merge
// CHECK-NEXT:     -> EtherEncap@15
// CHECK-NEXT:     -> ToDevice@16;
// CHECK-NEXT: ipc@r0 [1] -> mq@r0
// CHECK-NEXT:     -> Unqueue@7@r0
// CHECK-NEXT:     -> IPsecESPEncap@8@r0
// CHECK-NEXT:     -> IPsecAuthHMACSHA1@9@r0
// CHECK-NEXT:     -> IPsecDES@10@r0
// CHECK-NEXT:     -> IPsecEncap@11@r0
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
// CHECK-NEXT:     -> IPsecESPEncap@8@r1
// CHECK-NEXT:     -> IPsecAuthHMACSHA1@9@r1
// CHECK-NEXT:     -> IPsecDES@10@r1
// CHECK-NEXT:     -> IPsecEncap@11@r1
// CHECK-NEXT:     -> mid@r1
// CHECK-NEXT:     -> [1] ps@r1;
// CHECK-NEXT: ipc@r1 [2] -> lo@r1
// CHECK-NEXT:     -> [2] ps@r1;
