// ARPPrint on the ARP frames of a capture (network header set by MarkIPHeader, which only
// marks it), to standard error with a label and Ethernet addresses, and to a file without
// timestamps.  Parameters: IN, OUT.
define($IN in.pcap, $OUT .);
FromDump($IN, STOP true) -> c :: Classifier(12/0806, -) -> MarkIPHeader(14)
  -> ap :: ARPPrint(lbl, ETHER true) -> ARPPrint(TIMESTAMP false, OUTFILE $OUT/arp.txt)
  -> n :: Counter -> Discard;
c[1] -> Discard;
