// Golden: SMP Click Fig. 3 -- flow-split puts a HashSwitch in front of the expensive
// authentication and encryption; replica 1 sits behind a new Queue and Unqueue (the "new
// element [that] can be scheduled separately"), replica 0 stays on the HashSwitch's own push
// path, so the thread that runs the front runs it, as in the paper's figure (two threads,
// one new schedulable element per split, §6.1); both replicas merge into the tunnel
// encapsulation.  The ESP encapsulation (it
// numbers packets per security association: shared state) stays single in front of the
// switch, and the switch hashes the ESP header's SPI (HashSwitch(0, 4)) rather than the
// paper's destination address, so one SA's packets keep their order (a receiver's replay
// window) -- see clickc.passes.flowkey.  The configuration: ../../paper/fig3.click.  The
// figure's hash split is --pass-option split_order=0: by default clickc splits these per-packet
// ciphers in order (OrderSplit/OrderMerge, split/vpn_ordered.click), which keeps every packet's
// place, not just each flow's.
// RUN: %clickc --emit flat -j 2 --passes=flow-split,pipeline-cut --pass-option split_order=0 --pass-option cost=encrypt:4000 %S/../../paper/fig3.click -o - | grep -v "^#" | filecheck --match-full-lines %s
// CHECK: src :: FromDevice(eth0);
// CHECK-NEXT: Strip@2 :: Strip(14);
// CHECK-NEXT: CheckIPHeader@3 :: CheckIPHeader;
// CHECK-NEXT: esp :: IPsecESPEncap;
// CHECK-NEXT: tunnel :: IPsecEncap(50);
// CHECK-NEXT: out :: Queue(1000);
// CHECK-NEXT: ToDevice@9 :: ToDevice(eth1);
// CHECK-NEXT: auth@split :: HashSwitch(0, 4);
// CHECK-NEXT: auth@r0 :: IPsecAuthHMACSHA1(0);
// CHECK-NEXT: encrypt@r0 :: IPsecDES(1);
// CHECK-NEXT: auth@r1 :: IPsecAuthHMACSHA1(0);
// CHECK-NEXT: encrypt@r1 :: IPsecDES(1);
// CHECK-NEXT: auth@r1q :: Queue(4096);
// CHECK-NEXT: auth@r1uq :: Unqueue(32);
// CHECK-NEXT: src -> Strip@2
// CHECK-NEXT:     -> CheckIPHeader@3
// CHECK-NEXT:     -> esp
// CHECK-NEXT:     -> auth@split
// CHECK-NEXT:     -> auth@r0
// CHECK-NEXT:     -> encrypt@r0
// CHECK-NEXT:     -> tunnel
// CHECK-NEXT:     -> out
// CHECK-NEXT:     -> ToDevice@9;
// CHECK-NEXT: auth@split [1] -> auth@r1q
// CHECK-NEXT:     -> auth@r1uq
// CHECK-NEXT:     -> auth@r1
// CHECK-NEXT:     -> encrypt@r1
// CHECK-NEXT:     -> tunnel;
