// IPRewriter's tcp_lookup and TCPRewriter's lookup (a parameter: "SADDR SPORT DADDR DPORT"):
// one TCP packet through each rewriter, then lookups of both directions, of unknown flows, and
// parameters Click's Args rejects (every message, in Click's order).
// src1: 10.0.0.5:3333 -> 8.8.8.8:80; src2: 10.0.0.6:4444 -> 8.8.4.4:443 (TCP SYN, no payload)
src1 :: InfiniteSource(DATA \<4500002800010000400660bb0a000005080808080d05005000000001000000005002200000000000>,
                       LIMIT 1, STOP true);
src2 :: InfiniteSource(DATA \<4500002800010000400664be0a00000608080404115c01bb00000001000000005002200000000000>,
                       LIMIT 1, STOP true);
rw :: IPRewriter(pattern 192.0.2.1 5000-5999# - - 0 1);
trw :: TCPRewriter(pattern 192.0.2.2 7000-7999# - - 0 1);
src1 -> MarkIPHeader -> rw;
src2 -> MarkIPHeader -> trw;
rw[0] -> Discard; rw[1] -> Discard;
trw[0] -> Discard; trw[1] -> Discard;
DriverManager(wait_stop, wait_stop,
  print "a: [$(rw.tcp_lookup 10.0.0.5 3333 8.8.8.8 80)]",
  print "b: [$(rw.tcp_lookup 8.8.8.8 80 192.0.2.1 5000)]",
  print "c: [$(rw.tcp_lookup 10.0.0.5 3334 8.8.8.8 80)]",
  print "d: [$(trw.lookup 10.0.0.6 4444 8.8.4.4 443)] [$(trw.lookup 10.0.0.6 4444 8.8.4.4 https)]",
  print "e: [$(trw.lookup  10.0.0.6   0x115c 8.8.4.4  +443 )]",
  print "f: [$(trw.lookup 10.0.0.6 4444 8.8.4.4)]",
  print "g: [$(trw.lookup 10.0.0.6 x 8.8.4.4 1)]",
  print "h: [$(trw.lookup bad 4444 8.8.4.4 1 extra)]",
  print "i: [$(trw.lookup 1.1.1.1 70000 2.2.2.2 99999999999)]",
  print "j: [$(trw.lookup 1.1.1.1 -1 2.2.2.2 nosuchservice)]",
  print "k: [$(trw.lookup 1.1.1 ssh 2.2.2.2 imaps)] [$(trw.lookup 1.1.1.1 dns 2.2.2.2 010)]",
  read rw.tcp_lookup 10.0.0.5 3333 8.8.8.8 80,
  read trw.lookup 1.2.3.4 1 5.6.7.8,
  print "l: [$(rw.tcp_lookup)]",
  print "m: [$(rw.udp_table 1)]",
  print "$(rw.tcp_table)")
