// dualpath.click -- the dual-path IP/VPN router of Wu and Wolf's evaluation ("Runtime Task
// Allocation in Multi-Core Packet Processing Systems"): a StrideSwitch sends each packet either
// along Path I, conventional IP forwarding, or along Path II, VPN processing with IP
// forwarding, in the proportion $PLAIN : $VPN (StrideSwitch tickets).  Their scenarios:
//
//   Scenario I    define($PLAIN 99, $VPN 1)    (the default)
//   Scenario II   PLAIN=50 VPN=50
//   Scenario III  PLAIN=1 VPN=99
//
// Path II is the tunnel entry of vpn.click (Figure 5 of the SMP Click paper): RadixIPsecLookup
// gives the packet the tunnel's SA, then IPsecESPEncap, IPsecAuthHMACSHA1, IPsecDES (Click's
// cipher; IPsecDES3 is clickc's 3DES) and IPsecEncap, after which the ESP packet is routed to the
// tunnel peer.  (Wu and Wolf terminate the tunnel; decryption costs what encryption costs, and
// a capture of plain packets can only enter a tunnel.)  Both paths end in the same IP
// forwarding: CheckIPHeader happened on input, then the route lookup, FixIPSrc, DecIPTTL, an
// Ethernet header, the output Queue and ToDump(OUT).
//
//   clickc -O2 examples/dualpath.click PLAIN=50 VPN=50 -o dualpath
//   ./dualpath IN=../shared/pcaps/ndpi-gnutella.pcap OUT=/tmp/out.pcap

define($IN examples/iprouter-in.pcap, $OUT dualpath-out.pcap,
       $PLAIN 99, $VPN 1,
       $MY_IP 198.51.100.1, $MY_ETH 52:54:00:12:35:10, $NEXTHOP 198.51.100.254,
       $NEXTHOP_ETH 52:54:00:12:35:fe, $PEER 203.0.113.1,
       $SPI 4097, $ENC_KEY ThisIsTheDESkey0, $AUTH_KEY AndThisAuthKey01);

src :: FromDump($IN, STOP true);
src -> c_in :: Counter
    -> Classifier(12/0800)
    -> Strip(14)
    -> CheckIPHeader
    -> GetIPAddress(16)
    -> mix :: StrideSwitch($PLAIN, $VPN);

// Path I: IP forwarding.
rt :: RadixIPLookup($MY_IP/32 0,
                    0.0.0.0/0 $NEXTHOP 1);
mix[0] -> path1 :: Counter -> rt;
rt[0] -> to_host :: Counter -> Discard;
rt[1] -> fwd :: Counter
       -> FixIPSrc($MY_IP)
       -> ttl :: DecIPTTL
       -> EtherEncap(0x0800, $MY_ETH, $NEXTHOP_ETH)
       -> q :: Queue(4096)
       -> c_out :: Counter
       -> ToDump($OUT);
ttl[1] -> expired :: Counter -> Discard;

// Path II: VPN processing, then IP forwarding.
vrt :: RadixIPsecLookup($MY_IP/32 2,
                        $PEER/32 3,
                        0.0.0.0/1 $PEER 1 $SPI $ENC_KEY $AUTH_KEY 1 64,
                        128.0.0.0/1 $PEER 1 $SPI $ENC_KEY $AUTH_KEY 1 64);
mix[1] -> path2 :: Counter -> vrt;
vrt[0] -> to_host;
vrt[2] -> to_host;
vrt[1] -> IPsecESPEncap
       -> IPsecAuthHMACSHA1(0)
       -> IPsecDES(1)
       -> IPsecEncap(50)
       -> c_tunnel :: Counter
       -> vrt;
vrt[3] -> rt;

DriverManager(wait_stop, wait 100ms,
              print "in: $(c_in.count) path I: $(path1.count) path II: $(path2.count)",
              print "tunneled: $(c_tunnel.count) forwarded: $(fwd.count) out: $(c_out.count)",
              print "to host: $(to_host.count) TTL expired: $(expired.count)",
              stop);
