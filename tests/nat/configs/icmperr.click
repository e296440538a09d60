// ICMPRewriter on the capture's own ICMP errors. The traffic host $PUB sent is first moved to
// an inside address (pre, pre2: source 192.168.77.7, ports and ping identifiers kept), then
// NATed back to $PUB by nat (TCP/UDP) and pnat (pings), so the NAT holds a mapping for every
// flow an ICMP error in the capture talks about; ICMPRewriter rewrites those errors (outer
// destination, embedded header, ports or identifier, checksums) back to the inside address.
// Parameters: IN, OUT, PUB.
define($IN in.pcap, $OUT ., $PUB 10.0.2.15);
pre :: IPRewriter(pattern 192.168.77.7 - - - 0 1, drop);
pre2 :: ICMPPingRewriter(pattern 192.168.77.7 - - - 0 1, drop);
nat :: IPRewriter(pattern $PUB - - - 0 1, drop);
pnat :: ICMPPingRewriter(pattern $PUB - - - 0 1, drop);
icr :: ICMPRewriter(nat pnat);
FromDump($IN, STOP true)
  -> eth :: Classifier(12/0800, -)[0]
  -> Strip(14) -> CheckIPHeader
  -> c :: IPClassifier(src host $PUB and (tcp or udp), src host $PUB and icmp type echo,
                       icmp type 3 or icmp type 11 or icmp type 12
                         or icmp type 4 or icmp type 5, -);
c[0] -> pre -> nat -> nf :: Counter -> ToDump($OUT/nat.pcap, ENCAP IP);
c[1] -> pre2 -> pnat -> pf :: Counter -> ToDump($OUT/ping.pcap, ENCAP IP);
c[2] -> ein :: Counter -> icr -> eout :: Counter -> ToDump($OUT/icmp.pcap, ENCAP IP);
c[3] -> Discard;
Idle -> [1]pre; Idle -> [1]pre2; Idle -> [1]nat; Idle -> [1]pnat;
pre[1] -> Discard; pre2[1] -> Discard; nat[1] -> Discard; pnat[1] -> Discard;
eth[1] -> Discard;
