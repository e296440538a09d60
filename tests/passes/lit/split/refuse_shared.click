// Golden: flow-split refuses to replicate an expensive element whose state does not split by
// flow (RED keeps one average queue length for all packets) and says so; a pipeline cut
// cannot help a path with one expensive element, so the router stays as it was.
// RUN: %clickc --emit flat -j 2 --passes=flow-split,pipeline-cut --explain --pass-option cost=red:6000 %s -o %t.flat 2> %t.err
// RUN: %clickc --emit flat --passes= %s -o %t.plain
// RUN: diff %t.flat %t.plain
// RUN: filecheck --input-file %t.err %s
// CHECK: [flow-split] red not split: red (RED) has shared state that does not split by flow (replicas would each hold part of it)
// CHECK: [pipeline-cut] path {{.*}} not cut: {{.*}} gain under 1.25x
src :: FromDump(/dev/null) -> Strip(14) -> CheckIPHeader -> enc1 :: SetIPDSCP(3)
  -> red :: RED(5, 50, 0.02) -> enc2 :: SetIPDSCP(4) -> q :: Queue -> ToDump(/dev/null);
