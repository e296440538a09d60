// IPRewriter with "keep": mappings that change nothing but still send each direction to its
// own output; REPLY_ANNO and DST_ANNO false. Rewritten packets are mirrored back through input
// 1 as in mirror.click. Parameters: IN, OUT.
define($IN in.pcap, $OUT .);
rw :: IPRewriter(keep 0 1, drop, REPLY_ANNO PAINT, DST_ANNO false);
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
