// Golden: a sharded file source.  With -j 2 the whole path behind the FromDump (it ends in
// sinks) is replicated with the source: copy K reads the records that HashSwitch(26, 8) (the
// IP addresses behind the Ethernet header) sends to output K, so no HashSwitch, Queue or
// Unqueue is inserted and no packet changes CPU (docs/passes.md "Sharded file sources").
// The lookup is priced 200 cycles (cost=): a cheaper path would not pay each copy's reading.
// RUN: %clickc --emit flat -j 2 --passes=flow-split --explain --pass-option cost=rt:200 %s -o %t.flat 2> %t.err
// RUN: grep -v "^#" %t.flat | filecheck --match-full-lines %s
// RUN: filecheck --input-file %t.err %s --check-prefix=WHY
// WHY: clickc: [flow-split] replicated the whole path behind src with it (10 elements) into 2 shards, copy K reading the records that HashSwitch(26, 8) sends to output K of 2 (no software split, no packet changes CPU): 370 -> 264 cycles/packet on each thread
src :: FromDump(/dev/null, STOP true) -> cl :: Classifier(12/0800, -) -> Strip(14)
  -> CheckIPHeader -> rt :: RadixIPLookup(10.0.0.0/8 0, 0.0.0.0/0 1);
cl[1] -> Discard;
rt[0] -> c0 :: Counter -> Discard;
rt[1] -> c1 :: Counter -> Discard;
// CHECK: cl@r0 :: Classifier(12/0800, -);
// CHECK-NEXT: Strip@3@r0 :: Strip(14);
// CHECK-NEXT: CheckIPHeader@4@r0 :: CheckIPHeader;
// CHECK-NEXT: rt@r0 :: RadixIPLookup(10.0.0.0/8 0, 0.0.0.0/0 1);
// CHECK-NEXT: Discard@6@r0 :: Discard;
// CHECK-NEXT: c0@r0 :: Counter;
// CHECK-NEXT: Discard@8@r0 :: Discard;
// CHECK-NEXT: c1@r0 :: Counter;
// CHECK-NEXT: Discard@10@r0 :: Discard;
// CHECK-NEXT: src@r0 :: FromDump(/dev/null, STOP true, SHARD 0, SHARDS 2, SHARD_OFFSET 26, SHARD_LENGTH 8);
// CHECK-NEXT: cl@r1 :: Classifier(12/0800, -);
// CHECK-NEXT: Strip@3@r1 :: Strip(14);
// CHECK-NEXT: CheckIPHeader@4@r1 :: CheckIPHeader;
// CHECK-NEXT: rt@r1 :: RadixIPLookup(10.0.0.0/8 0, 0.0.0.0/0 1);
// CHECK-NEXT: Discard@6@r1 :: Discard;
// CHECK-NEXT: c0@r1 :: Counter;
// CHECK-NEXT: Discard@8@r1 :: Discard;
// CHECK-NEXT: c1@r1 :: Counter;
// CHECK-NEXT: Discard@10@r1 :: Discard;
// CHECK-NEXT: src@r1 :: FromDump(/dev/null, STOP true, SHARD 1, SHARDS 2, SHARD_OFFSET 26, SHARD_LENGTH 8);
// CHECK-NEXT: src@r0 -> cl@r0
// CHECK-NEXT:     -> Strip@3@r0
// CHECK-NEXT:     -> CheckIPHeader@4@r0
// CHECK-NEXT:     -> rt@r0
// CHECK-NEXT:     -> c0@r0
// CHECK-NEXT:     -> Discard@8@r0;
// CHECK-NEXT: cl@r0 [1] -> Discard@6@r0;
// CHECK-NEXT: rt@r0 [1] -> c1@r0
// CHECK-NEXT:     -> Discard@10@r0;
// CHECK-NEXT: src@r1 -> cl@r1
// CHECK-NEXT:     -> Strip@3@r1
// CHECK-NEXT:     -> CheckIPHeader@4@r1
// CHECK-NEXT:     -> rt@r1
// CHECK-NEXT:     -> c0@r1
// CHECK-NEXT:     -> Discard@8@r1;
// CHECK-NEXT: cl@r1 [1] -> Discard@6@r1;
// CHECK-NEXT: rt@r1 [1] -> c1@r1
// CHECK-NEXT:     -> Discard@10@r1;
