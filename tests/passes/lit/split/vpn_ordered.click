// Golden: ../../paper/vpn.click (SMP Click Figs. 5 and 6) with clickc's default for the
// per-packet ciphers behind one security association: an ordered split.  The ESP SPI is the
// only flow key there (one flow per SA: a hash would put every packet of the SA in one
// replica), so each encryption path and the decryption path get an OrderSplit (the group's
// number first; replica 0 inline on the front's thread, taking a packet only when replica 1
// has BACKLOG waiting), replica 1 behind a Queue and Unqueue of the reorder window's
// CAPACITY, an OrderEnter at the head of each replica, and an OrderMerge pulled by an
// Unqueue that gives the packets back in their order before IPsecEncap (IP IDs) and
// IPsecESPUnencap (replay window).  The hash split of the paper's figures: split/vpn.click.
// RUN: %clickc --emit flat -j 2 --passes=flow-split,pipeline-cut --pass-option cost=IPsecDES:3000,IPsecAuthHMACSHA1:1500 %S/../../paper/vpn.click -o - | grep -v "^#" | filecheck --match-full-lines %s
// CHECK: from_inside :: FromDevice(eth0);
// CHECK-NEXT: Strip@2 :: Strip(14);
// CHECK-NEXT: CheckIPHeader@3 :: CheckIPHeader;
// CHECK-NEXT: sadb :: IPClassifier(dst net 10.1.0.0/16, dst net 10.2.0.0/16, -);
// CHECK-NEXT: IPsecESPEncap@5 :: IPsecESPEncap;
// CHECK-NEXT: IPsecEncap@8 :: IPsecEncap(50);
// CHECK-NEXT: out :: Queue;
// CHECK-NEXT: IPsecESPEncap@10 :: IPsecESPEncap;
// CHECK-NEXT: IPsecEncap@13 :: IPsecEncap(50);
// CHECK-NEXT: from_outside :: FromDevice(eth1);
// CHECK-NEXT: Strip@15 :: Strip(14);
// CHECK-NEXT: CheckIPHeader@16 :: CheckIPHeader;
// CHECK-NEXT: esp :: IPClassifier(ip proto 50, -);
// CHECK-NEXT: StripIPHeader@18 :: StripIPHeader;
// CHECK-NEXT: IPsecESPUnencap@21 :: IPsecESPUnencap;
// CHECK-NEXT: CheckIPHeader@22 :: CheckIPHeader;
// CHECK-NEXT: in :: Queue;
// CHECK-NEXT: EtherEncap@24 :: EtherEncap(0x0800, 00:00:c0:4f:71:ef, 00:00:c0:4f:71:01);
// CHECK-NEXT: ToDevice@25 :: ToDevice(eth1);
// CHECK-NEXT: EtherEncap@26 :: EtherEncap(0x0800, 00:00:c0:ae:67:ef, 00:00:c0:ae:67:01);
// CHECK-NEXT: ToDevice@27 :: ToDevice(eth0);
// CHECK-NEXT: IPsecAuthHMACSHA1@6@split :: OrderSplit(0, CAPACITY 4096, INLINE true, BACKLOG 64);
// CHECK-NEXT: IPsecAuthHMACSHA1@6@order :: OrderMerge(0);
// CHECK-NEXT: IPsecAuthHMACSHA1@6@orderuq :: Unqueue(256);
// CHECK-NEXT: IPsecAuthHMACSHA1@6@r0 :: IPsecAuthHMACSHA1(0);
// CHECK-NEXT: IPsecDES@7@r0 :: IPsecDES(1);
// CHECK-NEXT: IPsecAuthHMACSHA1@6@r0in :: OrderEnter(0, 0);
// CHECK-NEXT: IPsecAuthHMACSHA1@6@r1 :: IPsecAuthHMACSHA1(0);
// CHECK-NEXT: IPsecDES@7@r1 :: IPsecDES(1);
// CHECK-NEXT: IPsecAuthHMACSHA1@6@r1in :: OrderEnter(0, 1);
// CHECK-NEXT: IPsecAuthHMACSHA1@6@r1q :: Queue(4096);
// CHECK-NEXT: IPsecAuthHMACSHA1@6@r1uq :: Unqueue(32);
// CHECK-NEXT: IPsecAuthHMACSHA1@11@split :: OrderSplit(1, CAPACITY 4096, INLINE true, BACKLOG 64);
// CHECK-NEXT: IPsecAuthHMACSHA1@11@order :: OrderMerge(1);
// CHECK-NEXT: IPsecAuthHMACSHA1@11@orderuq :: Unqueue(256);
// CHECK-NEXT: IPsecAuthHMACSHA1@11@r0 :: IPsecAuthHMACSHA1(0);
// CHECK-NEXT: IPsecDES@12@r0 :: IPsecDES(1);
// CHECK-NEXT: IPsecAuthHMACSHA1@11@r0in :: OrderEnter(1, 0);
// CHECK-NEXT: IPsecAuthHMACSHA1@11@r1 :: IPsecAuthHMACSHA1(0);
// CHECK-NEXT: IPsecDES@12@r1 :: IPsecDES(1);
// CHECK-NEXT: IPsecAuthHMACSHA1@11@r1in :: OrderEnter(1, 1);
// CHECK-NEXT: IPsecAuthHMACSHA1@11@r1q :: Queue(4096);
// CHECK-NEXT: IPsecAuthHMACSHA1@11@r1uq :: Unqueue(32);
// CHECK-NEXT: IPsecDES@19@split :: OrderSplit(2, CAPACITY 4096, INLINE true, BACKLOG 64);
// CHECK-NEXT: IPsecDES@19@order :: OrderMerge(2);
// CHECK-NEXT: IPsecDES@19@orderuq :: Unqueue(256);
// CHECK-NEXT: IPsecDES@19@r0 :: IPsecDES(0);
// CHECK-NEXT: IPsecAuthHMACSHA1@20@r0 :: IPsecAuthHMACSHA1(1);
// CHECK-NEXT: IPsecDES@19@r0in :: OrderEnter(2, 0);
// CHECK-NEXT: IPsecDES@19@r1 :: IPsecDES(0);
// CHECK-NEXT: IPsecAuthHMACSHA1@20@r1 :: IPsecAuthHMACSHA1(1);
// CHECK-NEXT: IPsecDES@19@r1in :: OrderEnter(2, 1);
// CHECK-NEXT: IPsecDES@19@r1q :: Queue(4096);
// CHECK-NEXT: IPsecDES@19@r1uq :: Unqueue(32);
// CHECK-NEXT: from_inside -> Strip@2
// CHECK-NEXT:     -> CheckIPHeader@3
// CHECK-NEXT:     -> sadb
// CHECK-NEXT:     -> IPsecESPEncap@5
// CHECK-NEXT:     -> IPsecAuthHMACSHA1@6@split
// CHECK-NEXT:     -> IPsecAuthHMACSHA1@6@r0in
// CHECK-NEXT:     -> IPsecAuthHMACSHA1@6@r0
// CHECK-NEXT:     -> IPsecDES@7@r0
// CHECK-NEXT:     -> IPsecAuthHMACSHA1@6@order
// CHECK-NEXT:     -> IPsecAuthHMACSHA1@6@orderuq
// CHECK-NEXT:     -> IPsecEncap@8
// CHECK-NEXT:     -> out
// CHECK-NEXT:     -> EtherEncap@24
// CHECK-NEXT:     -> ToDevice@25;
// CHECK-NEXT: sadb [1] -> IPsecESPEncap@10
// CHECK-NEXT:     -> IPsecAuthHMACSHA1@11@split
// CHECK-NEXT:     -> IPsecAuthHMACSHA1@11@r0in
// CHECK-NEXT:     -> IPsecAuthHMACSHA1@11@r0
// CHECK-NEXT:     -> IPsecDES@12@r0
// CHECK-NEXT:     -> IPsecAuthHMACSHA1@11@order
// CHECK-NEXT:     -> IPsecAuthHMACSHA1@11@orderuq
// CHECK-NEXT:     -> IPsecEncap@13
// CHECK-NEXT:     -> out;
// CHECK-NEXT: sadb [2] -> out;
// CHECK-NEXT: from_outside -> Strip@15
// CHECK-NEXT:     -> CheckIPHeader@16
// CHECK-NEXT:     -> esp
// CHECK-NEXT:     -> StripIPHeader@18
// CHECK-NEXT:     -> IPsecDES@19@split
// CHECK-NEXT:     -> IPsecDES@19@r0in
// CHECK-NEXT:     -> IPsecDES@19@r0
// CHECK-NEXT:     -> IPsecAuthHMACSHA1@20@r0
// CHECK-NEXT:     -> IPsecDES@19@order
// CHECK-NEXT:     -> IPsecDES@19@orderuq
// CHECK-NEXT:     -> IPsecESPUnencap@21
// CHECK-NEXT:     -> CheckIPHeader@22
// CHECK-NEXT:     -> in
// CHECK-NEXT:     -> EtherEncap@26
// CHECK-NEXT:     -> ToDevice@27;
// CHECK-NEXT: esp [1] -> in;
// CHECK-NEXT: IPsecAuthHMACSHA1@6@split [1] -> IPsecAuthHMACSHA1@6@r1q
// CHECK-NEXT:     -> IPsecAuthHMACSHA1@6@r1uq
// CHECK-NEXT:     -> IPsecAuthHMACSHA1@6@r1in
// CHECK-NEXT:     -> IPsecAuthHMACSHA1@6@r1
// CHECK-NEXT:     -> IPsecDES@7@r1
// CHECK-NEXT:     -> [1] IPsecAuthHMACSHA1@6@order;
// CHECK-NEXT: IPsecAuthHMACSHA1@11@split [1] -> IPsecAuthHMACSHA1@11@r1q
// CHECK-NEXT:     -> IPsecAuthHMACSHA1@11@r1uq
// CHECK-NEXT:     -> IPsecAuthHMACSHA1@11@r1in
// CHECK-NEXT:     -> IPsecAuthHMACSHA1@11@r1
// CHECK-NEXT:     -> IPsecDES@12@r1
// CHECK-NEXT:     -> [1] IPsecAuthHMACSHA1@11@order;
// CHECK-NEXT: IPsecDES@19@split [1] -> IPsecDES@19@r1q
// CHECK-NEXT:     -> IPsecDES@19@r1uq
// CHECK-NEXT:     -> IPsecDES@19@r1in
// CHECK-NEXT:     -> IPsecDES@19@r1
// CHECK-NEXT:     -> IPsecAuthHMACSHA1@20@r1
// CHECK-NEXT:     -> [1] IPsecDES@19@order;
