// Golden: SMP Click Fig. 14 -- pipeline-cut puts one Queue and Unqueue between decryption
// and encryption (two balanced stages of about 4750 cycles each); flow-split leaves the path
// to the cut, which does as well with one queue.  The configuration: ../../paper/fig14.click.
// RUN: %clickc --emit flat -j 2 --passes=flow-split,pipeline-cut --pass-option cost=decrypt:3000,verify:1500,auth:1500,encrypt:3000 %S/../../paper/fig14.click -o - | grep -v "^#" | filecheck --match-full-lines %s
// CHECK: src :: FromDevice(eth0);
// CHECK-NEXT: Strip@2 :: Strip(14);
// CHECK-NEXT: CheckIPHeader@3 :: CheckIPHeader;
// CHECK-NEXT: StripIPHeader@4 :: StripIPHeader;
// CHECK-NEXT: decrypt :: IPsecDES(0);
// CHECK-NEXT: verify :: IPsecAuthHMACSHA1(1);
// CHECK-NEXT: unencap :: IPsecESPUnencap;
// CHECK-NEXT: CheckIPHeader@8 :: CheckIPHeader;
// CHECK-NEXT: esp :: IPsecESPEncap;
// CHECK-NEXT: auth :: IPsecAuthHMACSHA1(0);
// CHECK-NEXT: encrypt :: IPsecDES(1);
// CHECK-NEXT: tunnel :: IPsecEncap(50);
// CHECK-NEXT: out :: Queue(1000);
// CHECK-NEXT: ToDevice@14 :: ToDevice(eth1);
// CHECK-NEXT: CheckIPHeader@8@cutq :: Queue(1000);
// CHECK-NEXT: CheckIPHeader@8@cutuq :: Unqueue(32);
// CHECK-NEXT: src -> Strip@2
// CHECK-NEXT:     -> CheckIPHeader@3
// CHECK-NEXT:     -> StripIPHeader@4
// CHECK-NEXT:     -> decrypt
// CHECK-NEXT:     -> verify
// CHECK-NEXT:     -> unencap
// CHECK-NEXT:     -> CheckIPHeader@8@cutq
// CHECK-NEXT:     -> CheckIPHeader@8@cutuq
// CHECK-NEXT:     -> CheckIPHeader@8
// CHECK-NEXT:     -> esp
// CHECK-NEXT:     -> auth
// CHECK-NEXT:     -> encrypt
// CHECK-NEXT:     -> tunnel
// CHECK-NEXT:     -> out
// CHECK-NEXT:     -> ToDevice@14;
