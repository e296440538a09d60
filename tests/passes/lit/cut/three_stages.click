// Golden: with 4 threads and three equally expensive elements, pipeline-cut makes three
// balanced stages (two cuts), and a cheap element before them stays in the first stage.
// RUN: %clickc --emit flat -j 4 --passes=pipeline-cut --pass-option cost=a:2000,b:2000,c:2000 %s -o - | grep -v "^#" | filecheck --match-full-lines %s
src :: FromDump(/dev/null) -> Strip(14) -> CheckIPHeader -> a :: SetIPDSCP(1) -> b :: DecIPTTL
  -> c :: SetIPDSCP(2) -> Queue -> ToDump(/dev/null);
// CHECK: src :: FromDump(/dev/null);
// CHECK-NEXT: Strip@2 :: Strip(14);
// CHECK-NEXT: CheckIPHeader@3 :: CheckIPHeader;
// CHECK-NEXT: a :: SetIPDSCP(1);
// CHECK-NEXT: b :: DecIPTTL;
// CHECK-NEXT: c :: SetIPDSCP(2);
// CHECK-NEXT: Queue@7 :: Queue;
// CHECK-NEXT: ToDump@8 :: ToDump(/dev/null);
// CHECK-NEXT: b@cutq :: Queue(1000);
// CHECK-NEXT: b@cutuq :: Unqueue(32);
// CHECK-NEXT: c@cutq :: Queue(1000);
// CHECK-NEXT: c@cutuq :: Unqueue(32);
// CHECK-NEXT: src -> Strip@2
// CHECK-NEXT:     -> CheckIPHeader@3
// CHECK-NEXT:     -> a
// CHECK-NEXT:     -> b@cutq
// CHECK-NEXT:     -> b@cutuq
// CHECK-NEXT:     -> b
// CHECK-NEXT:     -> c@cutq
// CHECK-NEXT:     -> c@cutuq
// CHECK-NEXT:     -> c
// CHECK-NEXT:     -> Queue@7
// CHECK-NEXT:     -> ToDump@8;
