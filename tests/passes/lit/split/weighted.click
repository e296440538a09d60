// Golden: a weighted flow split.  With -j 2 the front (the path up to the HashSwitch: here
// 860 cycles/packet of header checks and lookup, given with cost=, the source and Strip at 20
// rather than their measured priors) shares a thread with one of
// the two replicas of the 4000-cycle element; an even split would load that thread with
// 860 + 2000 (+ transfers).  The cost model gives the HashSwitch 5 hash buckets, 2 of them to
// replica 0, which runs inline on the front's thread, and 3 to replica 1, behind its Queue
// and Unqueue: several HashSwitch outputs lead to one replica (outputs 1 and 3 to replica 0,
// 0, 2 and 4 to replica 1's queue), so the front's thread models 2562 cycles/packet and the
// other 2502.  The flow key is the
// destination address (nothing says TCP or UDP).
// RUN: %clickc --emit flat -j 2 --passes=flow-split --explain --pass-option cost=CheckIPHeader:300,GetIPAddress:300,rt:200,enc:4000,FromDump:20,Strip:20 %s -o %t.flat 2> %t.err
// RUN: grep -v "^#" %t.flat | filecheck --match-full-lines %s
// RUN: filecheck --input-file %t.err %s --check-prefix=WHY
// WHY: [flow-split] split enc into 2 replicas on the dst (HashSwitch(16, 4)), weighted 2:3 over 5 buckets (replica 0 shares the front's thread), replica 0 inline on the front's thread: 4840 -> 2562 cycles/packet bottleneck (transfer 340)
src :: FromDump(/dev/null) -> Strip(14) -> CheckIPHeader -> GetIPAddress(16)
  -> rt :: RadixIPLookup(10.0.0.0/8 0, 0.0.0.0/0 1);
rt[0] -> enc :: SetIPDSCP(3) -> q :: Queue -> ToDump(/dev/null);
rt[1] -> Discard;
// CHECK: src :: FromDump(/dev/null);
// CHECK-NEXT: Strip@2 :: Strip(14);
// CHECK-NEXT: CheckIPHeader@3 :: CheckIPHeader;
// CHECK-NEXT: GetIPAddress@4 :: GetIPAddress(16);
// CHECK-NEXT: rt :: RadixIPLookup(10.0.0.0/8 0, 0.0.0.0/0 1);
// CHECK-NEXT: q :: Queue;
// CHECK-NEXT: ToDump@8 :: ToDump(/dev/null);
// CHECK-NEXT: Discard@9 :: Discard;
// CHECK-NEXT: enc@split :: HashSwitch(16, 4);
// CHECK-NEXT: enc@r0 :: SetIPDSCP(3);
// CHECK-NEXT: enc@r1 :: SetIPDSCP(3);
// CHECK-NEXT: enc@r1q :: Queue(4096);
// CHECK-NEXT: enc@r1uq :: Unqueue(32);
// CHECK-NEXT: src -> Strip@2
// CHECK-NEXT:     -> CheckIPHeader@3
// CHECK-NEXT:     -> GetIPAddress@4
// CHECK-NEXT:     -> rt
// CHECK-NEXT:     -> enc@split
// CHECK-NEXT:     -> enc@r1q
// CHECK-NEXT:     -> enc@r1uq
// CHECK-NEXT:     -> enc@r1
// CHECK-NEXT:     -> q
// CHECK-NEXT:     -> ToDump@8;
// CHECK-NEXT: rt [1] -> Discard@9;
// CHECK-NEXT: enc@split [1] -> enc@r0
// CHECK-NEXT:     -> q;
// CHECK-NEXT: enc@split [3] -> enc@r0;
// CHECK-NEXT: enc@split [2] -> enc@r1q;
// CHECK-NEXT: enc@split [4] -> enc@r1q;
