// The network address translator of the SMP Click paper (Chen & Morris, Figure 8 and
// section 5.4): 32 IPRewriters, each with its own externally visible address
// (198.51.100.1 to .32) and ports 1024-65535 handed out in sequence, behind a HashSwitch that
// spreads the inside hosts' flows over them by the flow's addresses and ports.  Packets from
// outside reach the rewriter that owns their destination address through a route lookup on
// it, and leave with the inside host's address and port restored.  Finished TCP connections
// are forgotten 30 seconds after their FIN (TCP_DONE_TIMEOUT).
//
// As in the paper's experiment, the outside host echoes each packet with its fields exchanged
// (IPMirror), so one capture exercises both directions.
//
// Parameters: IN (a capture, Ethernet), OUT (directory for outside.pcap and inside.pcap).
// Run: clickc run examples/nat.click IN=../shared/pcaps/ndpi-gnutella.pcap OUT=/tmp
//        -h inside_in.count -h outside_out.count -h outside_in.count -h inside_out.count
define($IN in.pcap, $OUT .);

FromDump($IN, STOP true)
  -> eth :: Classifier(12/0800, -)
  -> Strip(14)
  -> CheckIPHeader
  -> from_inside :: IPClassifier((src net 10.0.0.0/8 or src net 172.16.0.0/12
                                  or src net 192.168.0.0/16) and (tcp or udp), -);
eth[1] -> nonip :: Counter -> Discard;
from_inside[1] -> other :: Counter -> Discard;

// inside -> outside: spread the flows over the rewriters
from_inside[0] -> inside_in :: Counter -> hs :: HashSwitch(12, 12);

// outside -> inside: the rewriter that owns the destination address
outside_in :: Counter -> byaddr :: StaticIPLookup(
    198.51.100.1/32 0,
    198.51.100.2/32 1,
    198.51.100.3/32 2,
    198.51.100.4/32 3,
    198.51.100.5/32 4,
    198.51.100.6/32 5,
    198.51.100.7/32 6,
    198.51.100.8/32 7,
    198.51.100.9/32 8,
    198.51.100.10/32 9,
    198.51.100.11/32 10,
    198.51.100.12/32 11,
    198.51.100.13/32 12,
    198.51.100.14/32 13,
    198.51.100.15/32 14,
    198.51.100.16/32 15,
    198.51.100.17/32 16,
    198.51.100.18/32 17,
    198.51.100.19/32 18,
    198.51.100.20/32 19,
    198.51.100.21/32 20,
    198.51.100.22/32 21,
    198.51.100.23/32 22,
    198.51.100.24/32 23,
    198.51.100.25/32 24,
    198.51.100.26/32 25,
    198.51.100.27/32 26,
    198.51.100.28/32 27,
    198.51.100.29/32 28,
    198.51.100.30/32 29,
    198.51.100.31/32 30,
    198.51.100.32/32 31);

// what leaves the NAT towards outside, and towards inside
outside_out :: Counter;
inside_out :: Counter;

rw0 :: IPRewriter(pattern 198.51.100.1 1024-65535# - - 0 1, drop, TCP_DONE_TIMEOUT 30);
rw1 :: IPRewriter(pattern 198.51.100.2 1024-65535# - - 0 1, drop, TCP_DONE_TIMEOUT 30);
rw2 :: IPRewriter(pattern 198.51.100.3 1024-65535# - - 0 1, drop, TCP_DONE_TIMEOUT 30);
rw3 :: IPRewriter(pattern 198.51.100.4 1024-65535# - - 0 1, drop, TCP_DONE_TIMEOUT 30);
rw4 :: IPRewriter(pattern 198.51.100.5 1024-65535# - - 0 1, drop, TCP_DONE_TIMEOUT 30);
rw5 :: IPRewriter(pattern 198.51.100.6 1024-65535# - - 0 1, drop, TCP_DONE_TIMEOUT 30);
rw6 :: IPRewriter(pattern 198.51.100.7 1024-65535# - - 0 1, drop, TCP_DONE_TIMEOUT 30);
rw7 :: IPRewriter(pattern 198.51.100.8 1024-65535# - - 0 1, drop, TCP_DONE_TIMEOUT 30);
rw8 :: IPRewriter(pattern 198.51.100.9 1024-65535# - - 0 1, drop, TCP_DONE_TIMEOUT 30);
rw9 :: IPRewriter(pattern 198.51.100.10 1024-65535# - - 0 1, drop, TCP_DONE_TIMEOUT 30);
rw10 :: IPRewriter(pattern 198.51.100.11 1024-65535# - - 0 1, drop, TCP_DONE_TIMEOUT 30);
rw11 :: IPRewriter(pattern 198.51.100.12 1024-65535# - - 0 1, drop, TCP_DONE_TIMEOUT 30);
rw12 :: IPRewriter(pattern 198.51.100.13 1024-65535# - - 0 1, drop, TCP_DONE_TIMEOUT 30);
rw13 :: IPRewriter(pattern 198.51.100.14 1024-65535# - - 0 1, drop, TCP_DONE_TIMEOUT 30);
rw14 :: IPRewriter(pattern 198.51.100.15 1024-65535# - - 0 1, drop, TCP_DONE_TIMEOUT 30);
rw15 :: IPRewriter(pattern 198.51.100.16 1024-65535# - - 0 1, drop, TCP_DONE_TIMEOUT 30);
rw16 :: IPRewriter(pattern 198.51.100.17 1024-65535# - - 0 1, drop, TCP_DONE_TIMEOUT 30);
rw17 :: IPRewriter(pattern 198.51.100.18 1024-65535# - - 0 1, drop, TCP_DONE_TIMEOUT 30);
rw18 :: IPRewriter(pattern 198.51.100.19 1024-65535# - - 0 1, drop, TCP_DONE_TIMEOUT 30);
rw19 :: IPRewriter(pattern 198.51.100.20 1024-65535# - - 0 1, drop, TCP_DONE_TIMEOUT 30);
rw20 :: IPRewriter(pattern 198.51.100.21 1024-65535# - - 0 1, drop, TCP_DONE_TIMEOUT 30);
rw21 :: IPRewriter(pattern 198.51.100.22 1024-65535# - - 0 1, drop, TCP_DONE_TIMEOUT 30);
rw22 :: IPRewriter(pattern 198.51.100.23 1024-65535# - - 0 1, drop, TCP_DONE_TIMEOUT 30);
rw23 :: IPRewriter(pattern 198.51.100.24 1024-65535# - - 0 1, drop, TCP_DONE_TIMEOUT 30);
rw24 :: IPRewriter(pattern 198.51.100.25 1024-65535# - - 0 1, drop, TCP_DONE_TIMEOUT 30);
rw25 :: IPRewriter(pattern 198.51.100.26 1024-65535# - - 0 1, drop, TCP_DONE_TIMEOUT 30);
rw26 :: IPRewriter(pattern 198.51.100.27 1024-65535# - - 0 1, drop, TCP_DONE_TIMEOUT 30);
rw27 :: IPRewriter(pattern 198.51.100.28 1024-65535# - - 0 1, drop, TCP_DONE_TIMEOUT 30);
rw28 :: IPRewriter(pattern 198.51.100.29 1024-65535# - - 0 1, drop, TCP_DONE_TIMEOUT 30);
rw29 :: IPRewriter(pattern 198.51.100.30 1024-65535# - - 0 1, drop, TCP_DONE_TIMEOUT 30);
rw30 :: IPRewriter(pattern 198.51.100.31 1024-65535# - - 0 1, drop, TCP_DONE_TIMEOUT 30);
rw31 :: IPRewriter(pattern 198.51.100.32 1024-65535# - - 0 1, drop, TCP_DONE_TIMEOUT 30);

hs[0] -> [0]rw0; byaddr[0] -> [1]rw0; rw0[0] -> outside_out; rw0[1] -> inside_out;
hs[1] -> [0]rw1; byaddr[1] -> [1]rw1; rw1[0] -> outside_out; rw1[1] -> inside_out;
hs[2] -> [0]rw2; byaddr[2] -> [1]rw2; rw2[0] -> outside_out; rw2[1] -> inside_out;
hs[3] -> [0]rw3; byaddr[3] -> [1]rw3; rw3[0] -> outside_out; rw3[1] -> inside_out;
hs[4] -> [0]rw4; byaddr[4] -> [1]rw4; rw4[0] -> outside_out; rw4[1] -> inside_out;
hs[5] -> [0]rw5; byaddr[5] -> [1]rw5; rw5[0] -> outside_out; rw5[1] -> inside_out;
hs[6] -> [0]rw6; byaddr[6] -> [1]rw6; rw6[0] -> outside_out; rw6[1] -> inside_out;
hs[7] -> [0]rw7; byaddr[7] -> [1]rw7; rw7[0] -> outside_out; rw7[1] -> inside_out;
hs[8] -> [0]rw8; byaddr[8] -> [1]rw8; rw8[0] -> outside_out; rw8[1] -> inside_out;
hs[9] -> [0]rw9; byaddr[9] -> [1]rw9; rw9[0] -> outside_out; rw9[1] -> inside_out;
hs[10] -> [0]rw10; byaddr[10] -> [1]rw10; rw10[0] -> outside_out; rw10[1] -> inside_out;
hs[11] -> [0]rw11; byaddr[11] -> [1]rw11; rw11[0] -> outside_out; rw11[1] -> inside_out;
hs[12] -> [0]rw12; byaddr[12] -> [1]rw12; rw12[0] -> outside_out; rw12[1] -> inside_out;
hs[13] -> [0]rw13; byaddr[13] -> [1]rw13; rw13[0] -> outside_out; rw13[1] -> inside_out;
hs[14] -> [0]rw14; byaddr[14] -> [1]rw14; rw14[0] -> outside_out; rw14[1] -> inside_out;
hs[15] -> [0]rw15; byaddr[15] -> [1]rw15; rw15[0] -> outside_out; rw15[1] -> inside_out;
hs[16] -> [0]rw16; byaddr[16] -> [1]rw16; rw16[0] -> outside_out; rw16[1] -> inside_out;
hs[17] -> [0]rw17; byaddr[17] -> [1]rw17; rw17[0] -> outside_out; rw17[1] -> inside_out;
hs[18] -> [0]rw18; byaddr[18] -> [1]rw18; rw18[0] -> outside_out; rw18[1] -> inside_out;
hs[19] -> [0]rw19; byaddr[19] -> [1]rw19; rw19[0] -> outside_out; rw19[1] -> inside_out;
hs[20] -> [0]rw20; byaddr[20] -> [1]rw20; rw20[0] -> outside_out; rw20[1] -> inside_out;
hs[21] -> [0]rw21; byaddr[21] -> [1]rw21; rw21[0] -> outside_out; rw21[1] -> inside_out;
hs[22] -> [0]rw22; byaddr[22] -> [1]rw22; rw22[0] -> outside_out; rw22[1] -> inside_out;
hs[23] -> [0]rw23; byaddr[23] -> [1]rw23; rw23[0] -> outside_out; rw23[1] -> inside_out;
hs[24] -> [0]rw24; byaddr[24] -> [1]rw24; rw24[0] -> outside_out; rw24[1] -> inside_out;
hs[25] -> [0]rw25; byaddr[25] -> [1]rw25; rw25[0] -> outside_out; rw25[1] -> inside_out;
hs[26] -> [0]rw26; byaddr[26] -> [1]rw26; rw26[0] -> outside_out; rw26[1] -> inside_out;
hs[27] -> [0]rw27; byaddr[27] -> [1]rw27; rw27[0] -> outside_out; rw27[1] -> inside_out;
hs[28] -> [0]rw28; byaddr[28] -> [1]rw28; rw28[0] -> outside_out; rw28[1] -> inside_out;
hs[29] -> [0]rw29; byaddr[29] -> [1]rw29; rw29[0] -> outside_out; rw29[1] -> inside_out;
hs[30] -> [0]rw30; byaddr[30] -> [1]rw30; rw30[0] -> outside_out; rw30[1] -> inside_out;
hs[31] -> [0]rw31; byaddr[31] -> [1]rw31; rw31[0] -> outside_out; rw31[1] -> inside_out;

// the outside world: save what leaves, echo it back
outside_out -> t :: Tee(2);
t[0] -> ToDump($OUT/outside.pcap, ENCAP IP);
t[1] -> IPMirror -> outside_in;

// back inside
inside_out -> ToDump($OUT/inside.pcap, ENCAP IP);
