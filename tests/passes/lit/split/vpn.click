// Golden: ../../paper/vpn.click (SMP Click Figs. 5 and 6): each encryption path of the
// security association database, and the decryption path, is split on the ESP header's SPI
// (HashSwitch(0, 4)); IPsecESPEncap and IPsecESPUnencap (per-SA sequence numbers and replay
// window: shared state) stay single before and after the replicas.  With -j 2, replica 0 of
// each split runs on the front's push path and replica 1 behind a new Queue and Unqueue.
// This is the hash split of the paper's figures (--pass-option split_order=0); by default the
// per-packet ciphers behind one SA are split in order instead (split/vpn_ordered.click).
// RUN: %clickc --emit flat -j 2 --passes=flow-split,pipeline-cut --pass-option split_order=0 --pass-option cost=IPsecDES:3000,IPsecAuthHMACSHA1:1500 %S/../../paper/vpn.click -o - | grep -v "^#" | filecheck --match-full-lines %s
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
// CHECK-NEXT: IPsecAuthHMACSHA1@6@split :: HashSwitch(0, 4);
// CHECK-NEXT: IPsecAuthHMACSHA1@6@r0 :: IPsecAuthHMACSHA1(0);
// CHECK-NEXT: IPsecDES@7@r0 :: IPsecDES(1);
// CHECK-NEXT: IPsecAuthHMACSHA1@6@r1 :: IPsecAuthHMACSHA1(0);
// CHECK-NEXT: IPsecDES@7@r1 :: IPsecDES(1);
// CHECK-NEXT: IPsecAuthHMACSHA1@6@r1q :: Queue(4096);
// CHECK-NEXT: IPsecAuthHMACSHA1@6@r1uq :: Unqueue(32);
// CHECK-NEXT: IPsecAuthHMACSHA1@11@split :: HashSwitch(0, 4);
// CHECK-NEXT: IPsecAuthHMACSHA1@11@r0 :: IPsecAuthHMACSHA1(0);
// CHECK-NEXT: IPsecDES@12@r0 :: IPsecDES(1);
// CHECK-NEXT: IPsecAuthHMACSHA1@11@r1 :: IPsecAuthHMACSHA1(0);
// CHECK-NEXT: IPsecDES@12@r1 :: IPsecDES(1);
// CHECK-NEXT: IPsecAuthHMACSHA1@11@r1q :: Queue(4096);
// CHECK-NEXT: IPsecAuthHMACSHA1@11@r1uq :: Unqueue(32);
// CHECK-NEXT: IPsecDES@19@split :: HashSwitch(0, 4);
// CHECK-NEXT: IPsecDES@19@r0 :: IPsecDES(0);
// CHECK-NEXT: IPsecAuthHMACSHA1@20@r0 :: IPsecAuthHMACSHA1(1);
// CHECK-NEXT: IPsecDES@19@r1 :: IPsecDES(0);
// CHECK-NEXT: IPsecAuthHMACSHA1@20@r1 :: IPsecAuthHMACSHA1(1);
// CHECK-NEXT: IPsecDES@19@r1q :: Queue(4096);
// CHECK-NEXT: IPsecDES@19@r1uq :: Unqueue(32);
// CHECK-NEXT: from_inside -> Strip@2
// CHECK-NEXT:     -> CheckIPHeader@3
// CHECK-NEXT:     -> sadb
// CHECK-NEXT:     -> IPsecESPEncap@5
// CHECK-NEXT:     -> IPsecAuthHMACSHA1@6@split
// CHECK-NEXT:     -> IPsecAuthHMACSHA1@6@r0
// CHECK-NEXT:     -> IPsecDES@7@r0
// CHECK-NEXT:     -> IPsecEncap@8
// CHECK-NEXT:     -> out
// CHECK-NEXT:     -> EtherEncap@24
// CHECK-NEXT:     -> ToDevice@25;
// CHECK-NEXT: sadb [1] -> IPsecESPEncap@10
// CHECK-NEXT:     -> IPsecAuthHMACSHA1@11@split
// CHECK-NEXT:     -> IPsecAuthHMACSHA1@11@r0
// CHECK-NEXT:     -> IPsecDES@12@r0
// CHECK-NEXT:     -> IPsecEncap@13
// CHECK-NEXT:     -> out;
// CHECK-NEXT: sadb [2] -> out;
// CHECK-NEXT: from_outside -> Strip@15
// CHECK-NEXT:     -> CheckIPHeader@16
// CHECK-NEXT:     -> esp
// CHECK-NEXT:     -> StripIPHeader@18
// CHECK-NEXT:     -> IPsecDES@19@split
// CHECK-NEXT:     -> IPsecDES@19@r0
// CHECK-NEXT:     -> IPsecAuthHMACSHA1@20@r0
// CHECK-NEXT:     -> IPsecESPUnencap@21
// CHECK-NEXT:     -> CheckIPHeader@22
// CHECK-NEXT:     -> in
// CHECK-NEXT:     -> EtherEncap@26
// CHECK-NEXT:     -> ToDevice@27;
// CHECK-NEXT: esp [1] -> in;
// CHECK-NEXT: IPsecAuthHMACSHA1@6@split [1] -> IPsecAuthHMACSHA1@6@r1q
// CHECK-NEXT:     -> IPsecAuthHMACSHA1@6@r1uq
// CHECK-NEXT:     -> IPsecAuthHMACSHA1@6@r1
// CHECK-NEXT:     -> IPsecDES@7@r1
// CHECK-NEXT:     -> IPsecEncap@8;
// CHECK-NEXT: IPsecAuthHMACSHA1@11@split [1] -> IPsecAuthHMACSHA1@11@r1q
// CHECK-NEXT:     -> IPsecAuthHMACSHA1@11@r1uq
// CHECK-NEXT:     -> IPsecAuthHMACSHA1@11@r1
// CHECK-NEXT:     -> IPsecDES@12@r1
// CHECK-NEXT:     -> IPsecEncap@13;
// CHECK-NEXT: IPsecDES@19@split [1] -> IPsecDES@19@r1q
// CHECK-NEXT:     -> IPsecDES@19@r1uq
// CHECK-NEXT:     -> IPsecDES@19@r1
// CHECK-NEXT:     -> IPsecAuthHMACSHA1@20@r1
// CHECK-NEXT:     -> IPsecESPUnencap@21;
