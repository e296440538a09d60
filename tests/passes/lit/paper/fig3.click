// Golden: SMP Click Fig. 3 -- flow-split puts a HashSwitch on the destination address
// (HashSwitch(16, 4): the IP header starts at 0 after Strip(14) and CheckIPHeader) in front
// of the encryption, and each of the two replicas behind its own Queue and Unqueue; both
// replicas merge into the tunnel encapsulation.  The configuration: ../../paper/fig3.click.
// RUN: %clickc --emit flat -j 2 --passes=flow-split,pipeline-cut --pass-option cost=encrypt:4000 %S/../../paper/fig3.click -o - | grep -v "^#" | filecheck --match-full-lines %s
// CHECK: src :: FromDevice(eth0);
// CHECK-NEXT: Strip@2 :: Strip(14);
// CHECK-NEXT: CheckIPHeader@3 :: CheckIPHeader;
// CHECK-NEXT: tunnel :: IPsecEncap(50);
// CHECK-NEXT: out :: Queue(1000);
// CHECK-NEXT: ToDevice@9 :: ToDevice(eth1);
// CHECK-NEXT: esp@split :: HashSwitch(16, 4);
// CHECK-NEXT: esp@r0 :: IPsecESPEncap;
// CHECK-NEXT: auth@r0 :: IPsecAuthHMACSHA1(0);
// CHECK-NEXT: encrypt@r0 :: IPsecDES(1);
// CHECK-NEXT: esp@r0q :: Queue(1000);
// CHECK-NEXT: esp@r0uq :: Unqueue(32);
// CHECK-NEXT: esp@r1 :: IPsecESPEncap;
// CHECK-NEXT: auth@r1 :: IPsecAuthHMACSHA1(0);
// CHECK-NEXT: encrypt@r1 :: IPsecDES(1);
// CHECK-NEXT: esp@r1q :: Queue(1000);
// CHECK-NEXT: esp@r1uq :: Unqueue(32);
// CHECK-NEXT: src -> Strip@2
// CHECK-NEXT:     -> CheckIPHeader@3
// CHECK-NEXT:     -> esp@split
// CHECK-NEXT:     -> esp@r0q
// CHECK-NEXT:     -> esp@r0uq
// CHECK-NEXT:     -> esp@r0
// CHECK-NEXT:     -> auth@r0
// CHECK-NEXT:     -> encrypt@r0
// CHECK-NEXT:     -> tunnel
// CHECK-NEXT:     -> out
// CHECK-NEXT:     -> ToDevice@9;
// CHECK-NEXT: esp@split [1] -> esp@r1q
// CHECK-NEXT:     -> esp@r1uq
// CHECK-NEXT:     -> esp@r1
// CHECK-NEXT:     -> auth@r1
// CHECK-NEXT:     -> encrypt@r1
// CHECK-NEXT:     -> tunnel;
