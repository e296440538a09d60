// Encapsulation and address elements on checked IP packets.  Parameters: IN, OUT.
define($IN in.pcap, $OUT .);
FromDump($IN, STOP true) -> Strip(14) -> CheckIPHeader -> t :: Tee(5);
t[0] -> ipip :: IPEncap(4, 1.1.1.1, 2.2.2.2, TTL 9, DSCP 10, ECT true, DF true)
     -> CheckIPHeader -> ToDump($OUT/ipip.pcap, ENCAP IP);
t[1] -> udp :: UDPIPEncap(1.1.1.1, 1234, 2.2.2.2, 4321)
     -> CheckIPHeader -> CheckUDPHeader -> ToDump($OUT/udp.pcap, ENCAP IP);
t[2] -> SetIPAddress(9.8.7.6) -> anno :: IPEncap(tcp, 3.3.3.3, DST_ANNO, TOS 7)
     -> StoreIPAddress(4.4.4.4, src) -> CheckIPHeader -> ToDump($OUT/anno.pcap, ENCAP IP);
t[3] -> StoreIPAddress(src)
     -> SetIPDSCP(3) -> GetIPAddress(IP src) -> StoreIPAddress(dst)
     -> CheckIPHeader -> tee2 :: Tee(2);
tee2[0] -> CheckTCPHeader -> tcpok :: Counter -> ToDump($OUT/store.pcap, ENCAP IP);
tee2[1] -> CheckUDPHeader -> udpok :: Counter -> Discard;
t[4] -> StoreIPAddress(5.5.5.5, 8) -> ToDump($OUT/store8.pcap, ENCAP IP);
