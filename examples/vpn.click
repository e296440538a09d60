// vpn.click -- an IPsec VPN gateway: the two-interface IP router of Figure 2 of the SMP Click
// paper (Chen and Morris, USENIX 2001) with the tunnel encryption of its Figure 5 on the way
// out to the WAN and the tunnel decryption of its Figure 6 on the way in, built from Click's
// IPsec elements as Click's conf/ipsec-router.click wires them (RadixIPsecLookup holds the
// routes and the security association; its outputs 0-2 have fixed roles).
//
//   LAN  $LAN_IP on $LAN_NET, Ethernet $LAN_ETH
//   WAN  $WAN_IP, Ethernet $WAN_ETH, next hop $WAN_NEXTHOP_ETH; the peer gateway is $PEER
//
// Packets from the LAN to $REMOTE_NET enter the tunnel: ESP header (SPI $SPI, sequence number,
// random IV), HMAC-SHA1-96, DES-CBC (IPsecDES, Click's cipher; IPsecDES3 is clickc's drop-in
// for the paper's 3DES, IPsecAES Click's AES), an outer IP header to $PEER, then the WAN output
// path.  ESP packets for $WAN_IP with SPI $SPI are decrypted, verified, checked against the
// replay window and routed again as the packets they carry.  Everything else is routed as by
// the plain IP router: $LAN_NET to the LAN, the rest to the WAN.  Each output path is Figure
// 2's: DropBroadcasts, PaintTee (ICMP redirect), IPGWOptions, FixIPSrc, DecIPTTL,
// IPFragmenter(1500), with its ICMP errors back into the route table; then a static Ethernet
// header (EtherEncap stands for ARPQuerier: no ARP on a capture), a Queue and ToDump.
//
// Input: one capture, IN.  Frames whose Ethernet source is $WAN_SRC (hex) arrived on the WAN,
// all others on the LAN (the default suits ../shared/pcaps/ndpi-gnutella.pcap, a LAN behind
// the gateway 52:54:00:12:35:02).  A second gateway with the LAN and remote networks swapped
// and $WAN_SRC set to this one's $WAN_ETH decrypts what this one sends (the test
// tests/ipsec/test_examples.py runs the pair).  One SA serves both directions, as in Click's
// ipsec-router.click; the key strings are 16 characters.
//
//   clickc -O2 examples/vpn.click -o vpn
//   ./vpn IN=../shared/pcaps/ndpi-gnutella.pcap OUT_LAN=/tmp/lan.pcap OUT_WAN=/tmp/wan.pcap

define($IN examples/iprouter-in.pcap, $OUT_LAN vpn-lan.pcap, $OUT_WAN vpn-wan.pcap,
       $LAN_IP 10.0.2.2, $LAN_NET 10.0.2.0/24, $LAN_ETH 52:54:00:12:35:02,
       $LAN_HOST_ETH 08:00:27:e6:e5:59,
       $WAN_IP 198.51.100.1, $WAN_ETH 52:54:00:12:35:10, $WAN_NEXTHOP_ETH 52:54:00:12:35:fe,
       $WAN_SRC 525400123502,
       $PEER 203.0.113.1, $REMOTE_NET 0.0.0.0/1,
       $SPI 4097, $ENC_KEY ThisIsTheDESkey0, $AUTH_KEY AndThisAuthKey01);

// An interface's input: IP packets painted, checked and annotated; anything else dropped.
elementclass VPNInput { $color, $nets |
    input -> c :: Classifier(12/0800, -);
    c[0] -> Paint($color) -> Strip(14)
         -> chk :: CheckIPHeader(INTERFACES $nets)
         -> GetIPAddress(16) -> output;
    c[1] -> other :: Counter -> Discard;
}

// An interface's output path (Figure 2); ICMP errors leave on [1].
elementclass VPNOutput { $color, $ip, $eth, $next |
    input -> DropBroadcasts
        -> cp :: PaintTee($color)
        -> gw :: IPGWOptions($ip)
        -> FixIPSrc($ip)
        -> ttl :: DecIPTTL
        -> frag :: IPFragmenter(1500)
        -> EtherEncap(0x0800, $eth, $next)
        -> [0]output;
    cp[1] -> ICMPError($ip, redirect, host) -> [1]output;
    gw[1] -> ICMPError($ip, parameterproblem) -> [1]output;
    ttl[1] -> ICMPError($ip, timeexceeded) -> [1]output;
    frag[1] -> ICMPError($ip, unreachable, needfrag) -> [1]output;
}

src :: FromDump($IN, STOP true);
side :: Classifier(6/$WAN_SRC, -);
src -> side;
lan_in :: VPNInput(1, $LAN_IP/24);
wan_in :: VPNInput(2, $WAN_IP/24);
side[1] -> c_lan_in :: Counter -> lan_in;
side[0] -> c_wan_in :: Counter -> wan_in;

// Outputs: 0 ESP for this gateway (non-ESP goes to 2), 1 tunnel entry (the route's SA),
// 2 this gateway, 3 the WAN, 4 the LAN.  The tunnel route is not a default route: Click's
// RadixIPsecLookup frees a default route's slot at once.
rt :: RadixIPsecLookup($WAN_IP/32 0,
                       $LAN_IP/32 2,
                       $PEER/32 3,
                       $LAN_NET 4,
                       $REMOTE_NET $PEER 1 $SPI $ENC_KEY $AUTH_KEY 1 64,
                       0.0.0.0/0 3);
lan_in -> rt;
wan_in -> rt;
rt[2] -> to_host :: Counter -> Discard;

// Figure 5: tunnel encryption.
rt[1] -> espen :: IPsecESPEncap
      -> IPsecAuthHMACSHA1(0)
      -> IPsecDES(1)
      -> IPsecEncap(50)
      -> c_tunnel_out :: Counter
      -> rt;

// Figure 6: tunnel decryption (Strip(20): IPsecEncap writes no IP options).
rt[0] -> Strip(20)
      -> IPsecDES(0)
      -> vauth :: IPsecAuthHMACSHA1(1)
      -> unesp :: IPsecESPUnencap
      -> CheckIPHeader
      -> c_tunnel_in :: Counter
      -> rt;

wan_out :: VPNOutput(2, $WAN_IP, $WAN_ETH, $WAN_NEXTHOP_ETH);
lan_out :: VPNOutput(1, $LAN_IP, $LAN_ETH, $LAN_HOST_ETH);
rt[3] -> wan_out;
rt[4] -> lan_out;
wan_out[1] -> icmp_errors :: Counter -> rt;
lan_out[1] -> icmp_errors;

wan_out[0] -> q_wan :: Queue(4096) -> c_wan_out :: Counter -> ToDump($OUT_WAN);
lan_out[0] -> q_lan :: Queue(4096) -> c_lan_out :: Counter -> ToDump($OUT_LAN);

DriverManager(wait_stop, wait 100ms,
              print "LAN in: $(c_lan_in.count) out: $(c_lan_out.count)",
              print "WAN in: $(c_wan_in.count) out: $(c_wan_out.count)",
              print "tunnel out: $(c_tunnel_out.count) in: $(c_tunnel_in.count) bad digests: $(vauth.drops)",
              print "to host: $(to_host.count)  ICMP errors: $(icmp_errors.count)",
              stop);
