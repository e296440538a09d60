// Golden: SMP Click Fig. 10 -> Fig. 16 -- the VPN work sits behind the Unqueue that pulls
// from the PrioSched, so flow-split replicates the whole subgraph from the classifier
// (the scheduler's dominator) through the scheduler, the Unqueue and the VPN work: each
// replica has its own classifier, three priority queues and PrioSched; the replicas merge
// into the output queue.  Never one input of the scheduler (Fig. 10's naive split).
// The configuration: ../../paper/fig10.click.
// RUN: %clickc --emit flat -j 2 --passes=flow-split,pipeline-cut --pass-option cost=auth:1500,encrypt:3000 %S/../../paper/fig10.click -o - | grep -v "^#" | filecheck --match-full-lines %s
// CHECK: src :: FromDevice(eth0);
// CHECK-NEXT: Strip@2 :: Strip(14);
// CHECK-NEXT: CheckIPHeader@3 :: CheckIPHeader;
// CHECK-NEXT: out :: Queue(1000);
// CHECK-NEXT: EtherEncap@18 :: EtherEncap(0x0800, 00:00:c0:4f:71:ef, 00:00:c0:4f:71:01);
// CHECK-NEXT: ToDevice@19 :: ToDevice(eth1);
// CHECK-NEXT: ipc@split :: HashSwitch(16, 4);
// CHECK-NEXT: ipc@r0 :: IPClassifier(ip dscp >= 40, ip dscp >= 8, -);
// CHECK-NEXT: Paint@5@r0 :: Paint(0);
// CHECK-NEXT: hi@r0 :: Queue(200);
// CHECK-NEXT: Paint@7@r0 :: Paint(1);
// CHECK-NEXT: med@r0 :: Queue(200);
// CHECK-NEXT: Paint@9@r0 :: Paint(2);
// CHECK-NEXT: lo@r0 :: Queue(200);
// CHECK-NEXT: ps@r0 :: PrioSched;
// CHECK-NEXT: uq@r0 :: Unqueue;
// CHECK-NEXT: cp@r0 :: CheckPaint(1);
// CHECK-NEXT: auth@r0 :: IPsecAuthHMACSHA1(0);
// CHECK-NEXT: encrypt@r0 :: IPsecDES(1);
// CHECK-NEXT: tunnel@r0 :: IPsecEncap(50);
// CHECK-NEXT: ipc@r1 :: IPClassifier(ip dscp >= 40, ip dscp >= 8, -);
// CHECK-NEXT: Paint@5@r1 :: Paint(0);
// CHECK-NEXT: hi@r1 :: Queue(200);
// CHECK-NEXT: Paint@7@r1 :: Paint(1);
// CHECK-NEXT: med@r1 :: Queue(200);
// CHECK-NEXT: Paint@9@r1 :: Paint(2);
// CHECK-NEXT: lo@r1 :: Queue(200);
// CHECK-NEXT: ps@r1 :: PrioSched;
// CHECK-NEXT: uq@r1 :: Unqueue;
// CHECK-NEXT: cp@r1 :: CheckPaint(1);
// CHECK-NEXT: auth@r1 :: IPsecAuthHMACSHA1(0);
// CHECK-NEXT: encrypt@r1 :: IPsecDES(1);
// CHECK-NEXT: tunnel@r1 :: IPsecEncap(50);
// CHECK-NEXT: src -> Strip@2
// CHECK-NEXT:     -> CheckIPHeader@3
// CHECK-NEXT:     -> ipc@split
// CHECK-NEXT:     -> ipc@r0
// CHECK-NEXT:     -> Paint@5@r0
// CHECK-NEXT:     -> hi@r0
// CHECK-NEXT:     -> ps@r0
// CHECK-NEXT:     -> uq@r0
// CHECK-NEXT:     -> cp@r0
// CHECK-NEXT:     -> auth@r0
// CHECK-NEXT:     -> encrypt@r0
// CHECK-NEXT:     -> tunnel@r0
// CHECK-NEXT:     -> out
// CHECK-NEXT:     -> EtherEncap@18
// CHECK-NEXT:     -> ToDevice@19;
// CHECK-NEXT: ipc@r0 [1] -> Paint@7@r0
// CHECK-NEXT:     -> med@r0
// CHECK-NEXT:     -> [1] ps@r0;
// CHECK-NEXT: ipc@r0 [2] -> Paint@9@r0
// CHECK-NEXT:     -> lo@r0
// CHECK-NEXT:     -> [2] ps@r0;
// CHECK-NEXT: cp@r0 [1] -> out;
// CHECK-NEXT: ipc@split [1] -> ipc@r1
// CHECK-NEXT:     -> Paint@5@r1
// CHECK-NEXT:     -> hi@r1
// CHECK-NEXT:     -> ps@r1
// CHECK-NEXT:     -> uq@r1
// CHECK-NEXT:     -> cp@r1
// CHECK-NEXT:     -> auth@r1
// CHECK-NEXT:     -> encrypt@r1
// CHECK-NEXT:     -> tunnel@r1
// CHECK-NEXT:     -> out;
// CHECK-NEXT: ipc@r1 [1] -> Paint@7@r1
// CHECK-NEXT:     -> med@r1
// CHECK-NEXT:     -> [1] ps@r1;
// CHECK-NEXT: ipc@r1 [2] -> Paint@9@r1
// CHECK-NEXT:     -> lo@r1
// CHECK-NEXT:     -> [2] ps@r1;
// CHECK-NEXT: cp@r1 [1] -> out;
