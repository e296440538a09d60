// TCPRewriter for TCP (random-free sequential ports, "keep" for a second input) and
// UDPRewriter for UDP (source addresses from a range), each fed its own rewritten packets back
// through a mirror; non-first fragments and other protocols go through "pass". Parameters: IN, OUT.
define($IN in.pcap, $OUT .);
trw :: TCPRewriter(pattern 198.51.100.1 30000-30099# - - 0 1, pass 2, TCP_DONE_TIMEOUT 30);
urw :: UDPRewriter(pattern 198.51.100.10-198.51.100.19# - 0 1, drop, UDP_TIMEOUT 60, UDP_GUARANTEE 0);
FromDump($IN, STOP true)
  -> eth :: Classifier(12/0800, -)[0]
  -> Strip(14) -> CheckIPHeader
  -> c :: IPClassifier(tcp, udp, -);
c[0] -> [0]trw;
c[1] -> [0]urw;
c[2] -> other :: Counter -> Discard;
trw[0] -> tf :: Counter -> t1 :: Tee(2);
t1[0] -> ToDump($OUT/tcp_fwd.pcap, ENCAP IP);
t1[1] -> IPMirror -> [1]trw;
trw[1] -> tr :: Counter -> ToDump($OUT/tcp_rev.pcap, ENCAP IP);
trw[2] -> tp :: Counter -> Discard;
urw[0] -> uf :: Counter -> t2 :: Tee(2);
t2[0] -> ToDump($OUT/udp_fwd.pcap, ENCAP IP);
t2[1] -> IPMirror -> [1]urw;
urw[1] -> ur :: Counter -> ToDump($OUT/udp_rev.pcap, ENCAP IP);
eth[1] -> Discard;
