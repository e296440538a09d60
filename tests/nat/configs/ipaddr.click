// IPAddrRewriter maps each private source address to one of a range (sequentially) and
// IPAddrPairRewriter maps each (source, destination) pair; rewritten packets are mirrored back
// through input 1 to get the original addresses again. Parameters: IN, OUT.
define($IN in.pcap, $OUT .);
ar :: IPAddrRewriter(pattern 192.0.2.1-192.0.2.200# - 0 1, drop);
pr :: IPAddrPairRewriter(pattern 198.18.0.0/24# - 0 1, drop);
FromDump($IN, STOP true)
  -> eth :: Classifier(12/0800, -)[0]
  -> Strip(14) -> CheckIPHeader
  -> priv :: IPClassifier(src net 10.0.0.0/8 or src net 192.168.0.0/16 or src net 172.16.0.0/12, -);
priv[0] -> [0]ar;
priv[1] -> [0]pr;
ar[0] -> af :: Counter -> t1 :: Tee(2);
t1[0] -> ToDump($OUT/addr_fwd.pcap, ENCAP IP);
t1[1] -> IPMirror -> [1]ar;
ar[1] -> arv :: Counter -> ToDump($OUT/addr_rev.pcap, ENCAP IP);
pr[0] -> pf :: Counter -> t2 :: Tee(2);
t2[0] -> ToDump($OUT/pair_fwd.pcap, ENCAP IP);
t2[1] -> IPMirror -> [1]pr;
pr[1] -> prv :: Counter -> ToDump($OUT/pair_rev.pcap, ENCAP IP);
eth[1] -> Discard;
