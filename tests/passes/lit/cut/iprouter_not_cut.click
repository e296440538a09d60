// Golden: plain IP forwarding (SMP Click Fig. 2 style, ../../paper/iprouter.click) is never cut
// or split at -O2, whatever the thread count: every push path costs less than moving a
// packet between CPUs (SMP Click §5.2: cutting it loses).
// RUN: %clickc --emit flat -O2 -j 4 --passes=flow-split,pipeline-cut --explain %S/../../paper/iprouter.click -o %t.flat 2> %t.err
// RUN: filecheck --input-file %t.flat %s --check-prefix=FLAT
// RUN: filecheck --input-file %t.err %s --check-prefix=WHY
// FLAT-NOT: @cut
// FLAT-NOT: @split
// FLAT-NOT: @r0
// WHY: [pipeline-cut] path {{.*}} not cut: {{[0-9]+}} cycles/packet: cheaper than two cross-CPU transfers (340 cycles each)
// WHY-NOT: cut before
