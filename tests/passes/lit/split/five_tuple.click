// Golden: after an IPClassifier output that admits only TCP and UDP, the flow key is the
// 5-tuple's addresses and ports: HashSwitch(26, 12) (Ethernet header still on: the IP header
// starts at 14, CheckIPHeader(14)); three replicas with -j 3: replica 0 on the front's push
// path, replicas 1 and 2 behind their own Queue and Unqueue (the source at 20 cycles, not its
// measured prior, so that the front stays cheap and the split even).
// RUN: %clickc --emit flat -j 3 --passes=flow-split --explain --pass-option cost=enc:6000,FromDump:20 %s -o %t.flat 2> %t.err
// RUN: grep -v "^#" %t.flat | filecheck --match-full-lines %s
// RUN: filecheck --input-file %t.err %s --check-prefix=WHY
// WHY: [flow-split] split enc into 3 replicas on the 5-tuple (HashSwitch(26, 12)), replica 0 inline on the front's thread: {{.*}}
src :: FromDump(/dev/null) -> CheckIPHeader(14) -> ipc :: IPClassifier(tcp or udp, -);
ipc[0] -> enc :: SetIPDSCP(3) -> q :: Queue -> ToDump(/dev/null);
ipc[1] -> Discard;
// CHECK: src :: FromDump(/dev/null);
// CHECK-NEXT: CheckIPHeader@2 :: CheckIPHeader(14);
// CHECK-NEXT: ipc :: IPClassifier(tcp or udp, -);
// CHECK-NEXT: q :: Queue;
// CHECK-NEXT: ToDump@6 :: ToDump(/dev/null);
// CHECK-NEXT: Discard@7 :: Discard;
// CHECK-NEXT: enc@split :: HashSwitch(26, 12);
// CHECK-NEXT: enc@r0 :: SetIPDSCP(3);
// CHECK-NEXT: enc@r1 :: SetIPDSCP(3);
// CHECK-NEXT: enc@r1q :: Queue(4096);
// CHECK-NEXT: enc@r1uq :: Unqueue(32);
// CHECK-NEXT: enc@r2 :: SetIPDSCP(3);
// CHECK-NEXT: enc@r2q :: Queue(4096);
// CHECK-NEXT: enc@r2uq :: Unqueue(32);
// CHECK-NEXT: src -> CheckIPHeader@2
// CHECK-NEXT:     -> ipc
// CHECK-NEXT:     -> enc@split
// CHECK-NEXT:     -> enc@r0
// CHECK-NEXT:     -> q
// CHECK-NEXT:     -> ToDump@6;
// CHECK-NEXT: ipc [1] -> Discard@7;
// CHECK-NEXT: enc@split [1] -> enc@r1q
// CHECK-NEXT:     -> enc@r1uq
// CHECK-NEXT:     -> enc@r1
// CHECK-NEXT:     -> q;
// CHECK-NEXT: enc@split [2] -> enc@r2q
// CHECK-NEXT:     -> enc@r2uq
// CHECK-NEXT:     -> enc@r2
// CHECK-NEXT:     -> q;
