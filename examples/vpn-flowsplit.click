// vpn-flowsplit.click -- the VPN gateway of vpn.click with its encryption and decryption split
// over two paths each, as Figure 3 of the SMP Click paper (Chen and Morris, USENIX 2001)
// suggests and its Figure 13 measures: "two sets of HashSwitch, Queue and Unqueue elements
// inserted before both the encryption and decryption elements".  Each Unqueue is a task of its
// own, so with clickc -j 2 (or Click's -j 2) two threads share the expensive work.
//
// There are two tunnels to the peer (the paper's evaluation uses eight), one SA each: SPI
// $SPI0 for $REMOTE_NET0 and SPI $SPI1 for $REMOTE_NET1.  A tunnel is the flow: both splits
// are HashSwitch(0, 4) on the ESP header's SPI (Click's HashSwitch sums the bytes: 4097 goes to
// output 0, 4098 to output 1), so each tunnel's packets stay on one path and in sequence order,
// which the receiver's replay window requires (splitting one tunnel over two paths reorders
// it beyond the 64-packet window).  Encryption: IPsecESPEncap (the route's SA numbers the
// packet) -> HashSwitch -> Queue -> Unqueue -> IPsecAuthHMACSHA1 -> IPsecDES -> IPsecEncap.
// Decryption: after the outer header, HashSwitch -> Queue -> Unqueue -> IPsecDES ->
// IPsecAuthHMACSHA1 -> IPsecESPUnencap.  Everything else is vpn.click's.
//
//   clickc -O2 -j 2 examples/vpn-flowsplit.click -o vpnsplit
//   ./vpnsplit IN=../shared/pcaps/ndpi-gnutella.pcap OUT_LAN=/tmp/lan.pcap OUT_WAN=/tmp/wan.pcap
//
// At the end of the capture DriverManager waits $WAIT for the queues to drain (more on a
// loaded machine with several threads), prints the counters and stops.

define($IN examples/iprouter-in.pcap, $OUT_LAN vpnsplit-lan.pcap, $OUT_WAN vpnsplit-wan.pcap,
       $LAN_IP 10.0.2.2, $LAN_NET 10.0.2.0/24, $LAN_ETH 52:54:00:12:35:02,
       $LAN_HOST_ETH 08:00:27:e6:e5:59,
       $WAN_IP 198.51.100.1, $WAN_ETH 52:54:00:12:35:10, $WAN_NEXTHOP_ETH 52:54:00:12:35:fe,
       $WAN_SRC 525400123502,
       $PEER 203.0.113.1, $REMOTE_NET0 0.0.0.0/2, $REMOTE_NET1 64.0.0.0/2,
       $SPI0 4097, $SPI1 4098, $ENC_KEY ThisIsTheDESkey0, $AUTH_KEY AndThisAuthKey01,
       $WAIT 200ms);

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
                       $REMOTE_NET0 $PEER 1 $SPI0 $ENC_KEY $AUTH_KEY 1 64,
                       $REMOTE_NET1 $PEER 1 $SPI1 $ENC_KEY $AUTH_KEY 1 64,
                       0.0.0.0/0 3);
lan_in -> rt;
wan_in -> rt;
rt[2] -> to_host :: Counter -> Discard;

// Figure 5, split by flow (Figure 3).
etun :: IPsecEncap(50);
dtun :: CheckIPHeader;
rt[1] -> espen :: IPsecESPEncap -> esplit :: HashSwitch(0, 4);
esplit[0] -> eq0 :: Queue(4096) -> Unqueue -> IPsecAuthHMACSHA1(0) -> IPsecDES(1) -> etun;
esplit[1] -> eq1 :: Queue(4096) -> Unqueue -> IPsecAuthHMACSHA1(0) -> IPsecDES(1) -> etun;
etun -> c_tunnel_out :: Counter -> rt;

// Figure 6, split over two paths (Strip(20): IPsecEncap writes no IP options).
rt[0] -> Strip(20) -> dsplit :: HashSwitch(4, 4);
dsplit[0] -> dq0 :: Queue(4096) -> Unqueue -> IPsecDES(0) -> vauth0 :: IPsecAuthHMACSHA1(1)
          -> IPsecESPUnencap -> dtun;
dsplit[1] -> dq1 :: Queue(4096) -> Unqueue -> IPsecDES(0) -> vauth1 :: IPsecAuthHMACSHA1(1)
          -> IPsecESPUnencap -> dtun;
dtun -> c_tunnel_in :: Counter -> rt;

wan_out :: VPNOutput(2, $WAN_IP, $WAN_ETH, $WAN_NEXTHOP_ETH);
lan_out :: VPNOutput(1, $LAN_IP, $LAN_ETH, $LAN_HOST_ETH);
rt[3] -> wan_out;
rt[4] -> lan_out;
wan_out[1] -> icmp_errors :: Counter -> rt;
lan_out[1] -> icmp_errors;

wan_out[0] -> q_wan :: Queue(4096) -> c_wan_out :: Counter -> ToDump($OUT_WAN);
lan_out[0] -> q_lan :: Queue(4096) -> c_lan_out :: Counter -> ToDump($OUT_LAN);

DriverManager(wait_stop, wait $WAIT,
              print "LAN in: $(c_lan_in.count) out: $(c_lan_out.count)",
              print "WAN in: $(c_wan_in.count) out: $(c_wan_out.count)",
              print "tunnel out: $(c_tunnel_out.count) in: $(c_tunnel_in.count) bad digests: $(add $(vauth0.drops) $(vauth1.drops))",
              print "to host: $(to_host.count)  ICMP errors: $(icmp_errors.count)",
              stop);
