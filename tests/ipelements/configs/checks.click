// Header checks on Ethernet frames: CheckIPHeader at offset 14 with interface addresses,
// then the TCP, UDP and ICMP header checks on every good packet.  Parameters: IN, OUT.
define($IN in.pcap, $OUT .);
FromDump($IN, STOP true)
  -> chk :: CheckIPHeader(14, VERBOSE true, DETAILS true,
                          INTERFACES 10.0.0.1/8 192.168.1.1/24)
  -> good :: Counter
  -> t :: Tee(3);
chk[1] -> bad :: Counter -> ToDump($OUT/badip.pcap);
t[0] -> tcp :: CheckTCPHeader(DETAILS true) -> tcpok :: Counter -> ToDump($OUT/tcp.pcap);
tcp[1] -> Discard;
t[1] -> udp :: CheckUDPHeader(VERBOSE true, DETAILS true) -> udpok :: Counter -> ToDump($OUT/udp.pcap);
udp[1] -> Discard;
t[2] -> icmp :: CheckICMPHeader(VERBOSE true, DETAILS true) -> icmpok :: Counter
     -> ToDump($OUT/icmp.pcap);
icmp[1] -> ToDump($OUT/badicmp.pcap);
