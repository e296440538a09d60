// undead: dead branches, a Null, a StaticSwitch, a redundant PrioSched input and a Tee.
// Expected result recorded from Click's own tool:
//   $CLICK_PREFIX/bin/click-undead tests/passes/lit/undead/basic.click
// RUN: %clickc --emit flat --passes=undead %s -o - | grep -v "^#" | filecheck --match-full-lines %s
src :: FromDump(/dev/null);
src -> n :: Null -> ss :: StaticSwitch(1);
ss[0] -> Discard;
ss[1] -> c :: Counter -> t :: Tee(2);
t[0] -> q1 :: Queue;
t[1] -> q2 :: Queue;
idle :: Idle -> q3 :: Queue;
q1, q2, q3 => ps :: PrioSched -> ToDump(/dev/null);
Idle -> deadc :: Counter -> Discard;
InfiniteSource -> deadq :: Queue -> Idle;
AddressInfo(me 10.0.0.1);
// CHECK: src :: FromDump(/dev/null);
// CHECK-NEXT: c :: Counter;
// CHECK-NEXT: t :: Tee(2);
// CHECK-NEXT: q1 :: Queue;
// CHECK-NEXT: q2 :: Queue;
// CHECK-NEXT: ps :: PrioSched;
// CHECK-NEXT: ToDump@12 :: ToDump(/dev/null);
// CHECK-NEXT: AddressInfo@19 :: AddressInfo(me 10.0.0.1);
// CHECK-NEXT: src -> c
// CHECK-NEXT:     -> t
// CHECK-NEXT:     -> q1
// CHECK-NEXT:     -> ps
// CHECK-NEXT:     -> ToDump@12;
// CHECK-NEXT: t [1] -> q2
// CHECK-NEXT:     -> [1] ps;
