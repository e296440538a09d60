// The forwarding path of an IP router without route lookup: unchecked checksums
// (CheckIPHeader2), paint-based redirects, IP options, TTL, DSCP and fragmentation, with
// every error answered by ICMPError.  Parameters: IN, OUT.
define($IN in.pcap, $OUT .);
FromDump($IN, STOP true)
  -> Paint(2) -> Strip(14)
  -> chk :: CheckIPHeader2(VERBOSE true, BADSRC 10.255.255.255 0.0.0.0 127.0.0.1,
                           GOODDST 10.0.0.1) -> MarkIPHeader
  -> GetIPAddress(16)
  -> pt :: PaintTee(2)
  -> cp :: CheckPaint(2)
  -> opt :: IPGWOptions(192.168.1.1, 10.0.0.1 172.16.0.1)
  -> FixIPSrc(192.168.1.1)
  -> dt :: DecIPTTL
  -> SetIPDSCP(46)
  -> fr :: IPFragmenter(576, VERBOSE true)
  -> fwd :: Counter
  -> ToDump($OUT/fwd.pcap, ENCAP IP);
pt[1] -> ICMPError(192.168.1.1, redirect, host) -> redir :: Counter
      -> ToDump($OUT/redirect.pcap, ENCAP IP);
opt[1] -> pp :: ICMPError(192.168.1.1, parameterproblem) -> FixIPSrc(192.168.1.1)
       -> ToDump($OUT/paramprob.pcap, ENCAP IP);
dt[1] -> ICMPError(192.168.1.1, timeexceeded, SET_FIX_ANNO false)
      -> ToDump($OUT/ttl.pcap, ENCAP IP);
fr[1] -> nf :: ICMPError(192.168.1.1, unreachable, needfrag, PMTU 576)
      -> ToDump($OUT/needfrag.pcap, ENCAP IP);
chk[1] -> Discard;
cp[1] -> Discard;
