// ICMPPingRewriter: echo requests get a new source address and a sequential identifier; the
// capture's own echo replies (to the old address) do not match and go to input 1's "pass";
// other ICMP is not rewritable. Parameters: IN, OUT.
define($IN in.pcap, $OUT .);
pr :: ICMPPingRewriter(pattern 203.0.113.99 4000-4099# - - 0 1, pass 1);
FromDump($IN, STOP true)
  -> eth :: Classifier(12/0800, -)[0]
  -> Strip(14) -> CheckIPHeader
  -> c :: IPClassifier(icmp type echo, icmp type echo-reply, -);
c[0] -> [0]pr;
c[1] -> [1]pr;
c[2] -> other :: Counter -> Discard;
pr[0] -> fwd :: Counter -> ToDump($OUT/ping_fwd.pcap, ENCAP IP);
pr[1] -> rev :: Counter -> ToDump($OUT/ping_rev.pcap, ENCAP IP);
eth[1] -> Discard;
