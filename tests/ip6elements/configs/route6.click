// An IPv6 forwarding path written for these tests: header check, destination annotation,
// route lookup, hop limit, and ICMPv6
// errors for expired, unroutable, too-big and bad packets.  Parameters: IN, OUT.
define($IN in.pcap, $OUT .);
FromDump($IN, STOP true)
  -> c :: Classifier(12/86dd, -);
c[0] -> Strip(14)
  -> chk :: CheckIP6Header("2001:db8::bad 2001:db8::bad")
  -> GetIP6Address(24)
  -> rt :: LookupIP6Route(2001:db8:1::/48 0, 2001:db8:2::/48 2001:db8::fe 1,
                          2001:db8:3::1/ffff:ffff:ffff:: 2, ::/0 fe80::1 3);
c[1] -> other :: Counter -> Discard;
rt[0] -> dh :: DecIP6HLIM -> fwd :: Counter -> ToDump($OUT/fwd.pcap, ENCAP IP);
dh[1] -> hl :: ICMP6Error(2001:db8::1, 3, 0) -> ToDump($OUT/hlim.pcap, ENCAP IP);
rt[1] -> gw :: Counter -> ICMP6Error(2001:db8::1, 137, 0) -> ToDump($OUT/redirect.pcap, ENCAP IP);
rt[2] -> ICMP6Error(2001:db8::1, 2, 0) -> ToDump($OUT/toobig.pcap, ENCAP IP);
rt[3] -> dflt :: Counter -> ICMP6Error(2001:db8::1, 1, 4) -> ToDump($OUT/unreach.pcap, ENCAP IP);
chk[1] -> bad :: Counter -> ICMP6Error(2001:db8::1, 4, 0) -> ToDump($OUT/paramprob.pcap, ENCAP IP);
