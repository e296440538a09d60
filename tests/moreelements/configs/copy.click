// CopyFlowID and CopyTCPSeq: TCP packets of the capture on input 0 set the flow and the
// highest sequence number written into the UDP (CopyFlowID) and TCP (CopyTCPSeq) packets on
// input 1.  Parameters: IN, OUT.
define($IN in.pcap, $OUT .);
FromDump($IN, STOP true) -> Strip(14) -> CheckIPHeader -> c :: IPClassifier(tcp, udp, -);
c[0] -> t :: Tee(3);
t[0] -> [0]cf :: CopyFlowID [0] -> ToDump($OUT/flow0.pcap, ENCAP IP);
c[1] -> [1]cf [1] -> ToDump($OUT/flow1.pcap, ENCAP IP);
t[1] -> [0]cs :: CopyTCPSeq [0] -> Discard;
t[2] -> [1]cs [1] -> ToDump($OUT/seq1.pcap, ENCAP IP);
c[2] -> Discard;
Message("copy case");
