// iprouter4.click -- the four-interface IP router of Figure 2 of the SMP Click paper (Chen and
// Morris, USENIX 2001), built like examples/iprouter.click (same per-interface input and output
// paths; read its comment first) with three uplinks instead of one:
//
//   eth0  10.0.2.2/24      52:54:00:12:35:02  the LAN (the capture's host 10.0.2.15)
//   eth1  198.51.100.1/24  52:54:00:12:35:10  0.0.0.0/2 via 198.51.100.254
//   eth2  203.0.113.1/24   52:54:00:12:35:20  64.0.0.0/2 via 203.0.113.254
//   eth3  192.0.2.1/24     52:54:00:12:35:30  everything else (default) via 192.0.2.254
//
// The capture (IN) is split over the interfaces: frames the LAN's gateway sent (source address
// 52:54:00:12:35:02, traffic from the Internet) arrive on the uplink their IP source address
// routes to (first octet 0-63: eth1, 64-127: eth2, else eth3); every other frame arrives on
// eth0.  Each uplink's next hop is simulated by an ARPResponder, the LAN's hosts by one
// answering for 10.0.2.0/24 (iprouter.click explains the loop).  Output captures OUT0..OUT3.
//
//   clickc -O2 examples/iprouter4.click -o router4
//   ./router4 IN=../shared/pcaps/ndpi-gnutella.pcap OUT0=/tmp/e0.pcap OUT1=/tmp/e1.pcap
//   clickc run -j 2 examples/iprouter4.click IN=../shared/pcaps/ndpi-gnutella.pcap

define($IN examples/iprouter-in.pcap,
       $OUT0 iprouter4-eth0.pcap, $OUT1 iprouter4-eth1.pcap,
       $OUT2 iprouter4-eth2.pcap, $OUT3 iprouter4-eth3.pcap);

// One interface's input: ARP queries answered, ARP replies to [1], IP packets checked and
// annotated to [2] (the route table), anything else dropped.
elementclass Input { $color, $ip, $eth, $nets |
    input -> c :: Classifier(12/0806 20/0001, 12/0806 20/0002, 12/0800, -);
    c[0] -> ARPResponder($ip $eth) -> [0]output;
    c[1] -> [1]output;
    c[2] -> Paint($color) -> Strip(14)
         -> chk :: CheckIPHeader(INTERFACES $nets)
         -> GetIPAddress(16) -> [2]output;
    c[3] -> other :: Counter -> Discard;
}

// One interface's output path (Figure 2): IP packets from the route table on [0], ARP
// replies on [1]; Ethernet frames out of [0], ICMP errors (back to the route table) out of [1].
elementclass Output { $color, $ip, $eth |
    input[0] -> DropBroadcasts
        -> cp :: PaintTee($color)
        -> gw :: IPGWOptions($ip)
        -> FixIPSrc($ip)
        -> ttl :: DecIPTTL
        -> frag :: IPFragmenter(1500)
        -> arpq :: ARPQuerier($ip, $eth)
        -> [0]output;
    input[1] -> [1]arpq;
    cp[1] -> ICMPError($ip, redirect, host) -> [1]output;
    gw[1] -> ICMPError($ip, parameterproblem) -> [1]output;
    ttl[1] -> ICMPError($ip, timeexceeded) -> [1]output;
    frag[1] -> ICMPError($ip, unreachable, needfrag) -> [1]output;
}

src :: FromDump($IN, STOP true);
side :: Classifier(6/525400123502 12/0800 26/00%c0,   // from the Internet, source 0/2
                   6/525400123502 12/0800 26/40%c0,   // source 64/2
                   6/525400123502,                    // any other from the gateway
                   -);                                // from the LAN
src -> side;
side[3] -> c_in0 :: Counter;
side[0] -> c_in1 :: Counter;
side[1] -> c_in2 :: Counter;
side[2] -> c_in3 :: Counter;

rt :: RadixIPLookup(
    // the router's own addresses, subnet broadcasts, multicast: to the host ([0])
    10.0.2.2/32 0, 10.0.2.255/32 0, 10.0.2.0/32 0,
    198.51.100.1/32 0, 198.51.100.255/32 0, 198.51.100.0/32 0,
    203.0.113.1/32 0, 203.0.113.255/32 0, 203.0.113.0/32 0,
    192.0.2.1/32 0, 192.0.2.255/32 0, 192.0.2.0/32 0,
    255.255.255.255/32 0, 224.0.0.0/4 0,
    // directly connected networks
    10.0.2.0/24 1, 198.51.100.0/24 2, 203.0.113.0/24 3, 192.0.2.0/24 4,
    // the uplinks
    0.0.0.0/2 198.51.100.254 2,
    64.0.0.0/2 203.0.113.254 3,
    0.0.0.0/0 192.0.2.254 4);
rt[0] -> to_host :: Counter -> Discard;
icmp_errors :: Counter -> rt;

// eth0
in0 :: Input(0, 10.0.2.2, 52:54:00:12:35:02, 10.0.2.2/24);
out0 :: Output(0, 10.0.2.2, 52:54:00:12:35:02);
c_in0 -> in0;
in0[1] -> [1]out0;
in0[2] -> rt;
rt[1] -> out0;
out0[1] -> icmp_errors;
in0[0] -> q0 :: Queue(1024);
out0[0] -> q0;
q0 -> tap0 :: PullTee(2) -> c_out0 :: Counter -> ToDump($OUT0);
tap0[1] -> wire0 :: Classifier(12/0806 20/0001, -)
        -> ARPResponder(10.0.2.0/24 08:00:27:e6:e5:59) -> c_in0;
wire0[1] -> Discard;

// eth1
in1 :: Input(1, 198.51.100.1, 52:54:00:12:35:10, 198.51.100.1/24);
out1 :: Output(1, 198.51.100.1, 52:54:00:12:35:10);
c_in1 -> in1;
in1[1] -> [1]out1;
in1[2] -> rt;
rt[2] -> out1;
out1[1] -> icmp_errors;
in1[0] -> q1 :: Queue(1024);
out1[0] -> q1;
q1 -> tap1 :: PullTee(2) -> c_out1 :: Counter -> ToDump($OUT1);
tap1[1] -> wire1 :: Classifier(12/0806 20/0001, -)
        -> ARPResponder(198.51.100.254 52:54:00:12:35:fe) -> c_in1;
wire1[1] -> Discard;

// eth2
in2 :: Input(2, 203.0.113.1, 52:54:00:12:35:20, 203.0.113.1/24);
out2 :: Output(2, 203.0.113.1, 52:54:00:12:35:20);
c_in2 -> in2;
in2[1] -> [1]out2;
in2[2] -> rt;
rt[3] -> out2;
out2[1] -> icmp_errors;
in2[0] -> q2 :: Queue(1024);
out2[0] -> q2;
q2 -> tap2 :: PullTee(2) -> c_out2 :: Counter -> ToDump($OUT2);
tap2[1] -> wire2 :: Classifier(12/0806 20/0001, -)
        -> ARPResponder(203.0.113.254 52:54:00:12:35:fd) -> c_in2;
wire2[1] -> Discard;

// eth3
in3 :: Input(3, 192.0.2.1, 52:54:00:12:35:30, 192.0.2.1/24);
out3 :: Output(3, 192.0.2.1, 52:54:00:12:35:30);
c_in3 -> in3;
in3[1] -> [1]out3;
in3[2] -> rt;
rt[4] -> out3;
out3[1] -> icmp_errors;
in3[0] -> q3 :: Queue(1024);
out3[0] -> q3;
q3 -> tap3 :: PullTee(2) -> c_out3 :: Counter -> ToDump($OUT3);
tap3[1] -> wire3 :: Classifier(12/0806 20/0001, -)
        -> ARPResponder(192.0.2.254 52:54:00:12:35:fc) -> c_in3;
wire3[1] -> Discard;

DriverManager(wait_stop, wait 100ms,
              print "eth0 in: $(c_in0.count) out: $(c_out0.count)",
              print "eth1 in: $(c_in1.count) out: $(c_out1.count)",
              print "eth2 in: $(c_in2.count) out: $(c_out2.count)",
              print "eth3 in: $(c_in3.count) out: $(c_out3.count)",
              print "to host: $(to_host.count)  ICMP errors: $(icmp_errors.count)",
              print "queue drops: $(add $(q0.drops) $(q1.drops) $(q2.drops) $(q3.drops))",
              stop);
