// Checksum setters, StripIPHeader, EtherMirror and CheckLength on Ethernet frames.
// SetIPChecksum sees every frame (no header annotation: it reads the data); the
// TCP and UDP setters see what CheckIPHeader passed.  Parameters: IN, OUT.
define($IN in.pcap, $OUT .);
FromDump($IN, STOP true) -> t :: Tee(4);
t[0] -> Strip(14) -> StoreData(10, \<0000>)
     -> ipsum :: SetIPChecksum -> ToDump($OUT/ipsum.pcap, ENCAP IP);
t[1] -> Strip(14) -> CheckIPHeader -> ipc :: IPClassifier(tcp, udp, -);
ipc[0] -> SetTCPChecksum -> tcpsum :: Counter -> ToDump($OUT/tcp.pcap, ENCAP IP);
ipc[1] -> usum :: SetUDPChecksum -> ToDump($OUT/udp.pcap, ENCAP IP);
usum[1] -> ubad :: Counter -> ToDump($OUT/udpbad.pcap, ENCAP IP);
ipc[2] -> Discard;
t[2] -> Strip(14) -> CheckIPHeader -> ipc2 :: IPClassifier(tcp, udp, -);
ipc2[0] -> StoreData(10, \<00>) -> SetTCPChecksum(true) -> CheckTCPHeader -> fixok :: Counter
        -> ToDump($OUT/tcpfix.pcap, ENCAP IP);
ipc2[1] -> SetUDPChecksum -> CheckUDPHeader -> udpok :: Counter -> Discard;
ipc2[2] -> StripIPHeader -> ToDump($OUT/strip.pcap, ENCAP IP);
t[3] -> EtherMirror -> cl :: CheckLength(200) -> ToDump($OUT/short.pcap);
cl[1] -> long :: Counter -> ToDump($OUT/long.pcap);
