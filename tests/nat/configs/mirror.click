// Source NAT of TCP and UDP from private addresses with IPRewriter; every rewritten packet is
// written out, mirrored (addresses and ports swapped, as the far end would answer) and fed back
// through input 1, whose reply mapping restores the original addresses. Parameters: IN, OUT.
define($IN in.pcap, $OUT .);
rw :: IPRewriter(pattern 203.0.113.7 20000-29999# - - 0 1, drop);
FromDump($IN, STOP true)
  -> eth :: Classifier(12/0800, -)[0]
  -> Strip(14) -> CheckIPHeader
  -> priv :: IPClassifier(src net 10.0.0.0/8 or src net 192.168.0.0/16 or src net 172.16.0.0/12, -);
priv[0] -> tu :: IPClassifier(tcp or udp, -);
tu[0] -> [0]rw;
rw[0] -> fwd :: Counter -> t :: Tee(2);
t[0] -> ToDump($OUT/fwd.pcap, ENCAP IP);
t[1] -> IPMirror -> [1]rw;
rw[1] -> rev :: Counter -> ToDump($OUT/rev.pcap, ENCAP IP);
tu[1] -> other :: Counter -> Discard;
priv[1] -> pub :: Counter -> Discard;
eth[1] -> Discard;
