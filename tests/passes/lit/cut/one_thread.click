// Golden: with one thread neither pass changes anything (the Fig. 14 path stays whole).
// RUN: %clickc --emit flat -j 1 --passes=flow-split,pipeline-cut --explain --pass-option cost=decrypt:3000,verify:1500,auth:1500,encrypt:3000 %S/../../paper/fig14.click -o %t.flat 2> %t.err
// RUN: %clickc --emit flat --passes= %S/../../paper/fig14.click -o %t.plain
// RUN: diff %t.flat %t.plain
// RUN: filecheck --input-file %t.err %s
// CHECK: [flow-split] one thread: no flow splits
// CHECK: [pipeline-cut] one thread: no pipeline cuts
