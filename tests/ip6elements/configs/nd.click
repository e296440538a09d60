// IPv6 neighbor discovery written for these tests: an advertiser answering solicitations for
// one address and two prefixes, and a solicitor resolving the routed packets' next hops from
// the advertisements in the input.  Parameters: IN, OUT.
define($IN in.pcap, $OUT .);
FromDump($IN, STOP true)
  -> c :: Classifier(12/86dd 20/3a 54/87, 12/86dd 20/3a 54/88, 12/86dd, -);
c[0] -> adv :: IP6NDAdvertiser(2001:db8::1 00:11:22:33:44:55,
                               2001:db8:5::/64 2001:db8:6::/64 00-aa-bb-cc-dd-ee)
  -> advd :: Counter -> ToDump($OUT/adv.pcap);
c[2] -> Strip(14) -> CheckIP6Header -> GetIP6Address(24)
  -> sol :: IP6NDSolicitor(fe80::1, 00:01:02:03:04:05)
  -> out :: Counter -> ToDump($OUT/out.pcap);
c[1] -> [1]sol;
sol[1] -> q :: Counter -> ToDump($OUT/query.pcap);
c[3] -> Discard;
