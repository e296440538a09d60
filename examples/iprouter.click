// iprouter.click -- a two-interface IP router in the shape of Figure 2 of the SMP Click paper
// (Chen and Morris, USENIX 2001) and of Click's conf/fake-iprouter.click, written for clickc.
//
//   eth0  10.0.2.2/24     52:54:00:12:35:02   the LAN (the capture's host 10.0.2.15 lives here)
//   eth1  198.51.100.1/24 52:54:00:12:35:10   the uplink; default route via 198.51.100.254
//
// Input: one capture (IN=FILE; default the bundled examples/iprouter-in.pcap) taken on a LAN
// behind a gateway whose Ethernet address is 52:54:00:12:35:02, as ../shared/pcaps/
// ndpi-gnutella.pcap (a VirtualBox NAT network: host 10.0.2.15, gateway 10.0.2.2).  This
// router plays that gateway: frames the gateway sent (source address 52:54:00:12:35:02:
// traffic from the Internet) arrive on eth1, every other frame arrives on eth0.
//
// Each input: Classifier (ARP query / ARP reply / IP / other) -> ARPResponder for the
// interface's address, ARP replies to that interface's ARPQuerier, IP through Paint(color),
// Strip(14), CheckIPHeader, GetIPAddress(16) into one route table (RadixIPLookup).  Each
// output: DropBroadcasts, PaintTee (a packet leaving by the interface it came in on also
// makes an ICMP redirect: Figure 2's CheckPaint box, Click's PaintTee element), IPGWOptions, FixIPSrc, DecIPTTL, IPFragmenter(1500) (each with its
// ICMPError back into the route table), ARPQuerier, Queue, ToDump (OUT0, OUT1).
//
// Neighbors: there is no real network, so each interface's neighbors are simulated by an
// ARPResponder that sees what the router transmits (a PullTee beside the ToDump) and answers
// its ARP queries: on eth0 for every LAN address (10.0.2.0/24 -> 08:00:27:e6:e5:59), on eth1
// for the next hop 198.51.100.254 (-> 52:54:00:12:35:fe).  The answers come back into the
// interface's input, so the ARPQueriers learn their entries as on a wire and the packets they
// held go out.  The ARP frames stay in the output captures, as a wire would show them.
//
// At the end of the capture (FromDump STOP) DriverManager waits 100 ms for the queues to
// drain, prints the counters and stops.
//
//   clickc -O2 examples/iprouter.click -o router
//   ./router IN=../shared/pcaps/ndpi-gnutella.pcap OUT0=/tmp/eth0.pcap OUT1=/tmp/eth1.pcap
//   clickc run examples/iprouter.click IN=../shared/pcaps/ndpi-gnutella.pcap -h rt.table

define($IN examples/iprouter-in.pcap, $OUT0 iprouter-eth0.pcap, $OUT1 iprouter-eth1.pcap);

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
side :: Classifier(6/525400123502, -);       // sent by the gateway: came from the uplink
src -> side;

in0 :: Input(0, 10.0.2.2, 52:54:00:12:35:02, 10.0.2.2/24);
in1 :: Input(1, 198.51.100.1, 52:54:00:12:35:10, 198.51.100.1/24);
side[1] -> c_in0 :: Counter -> in0;
side[0] -> c_in1 :: Counter -> in1;

// The route table: local addresses and broadcasts to [0] (the host), the LAN to eth0, the
// uplink's network and the default route (via the next hop) to eth1.
rt :: RadixIPLookup(
    10.0.2.2/32 0, 10.0.2.255/32 0, 10.0.2.0/32 0,
    198.51.100.1/32 0, 198.51.100.255/32 0, 198.51.100.0/32 0,
    255.255.255.255/32 0, 224.0.0.0/4 0,
    10.0.2.0/24 1,
    198.51.100.0/24 2,
    0.0.0.0/0 198.51.100.254 2);

in0[2] -> rt;
in1[2] -> rt;
rt[0] -> to_host :: Counter -> Discard;     // for the router itself (Click's ToHost)

out0 :: Output(0, 10.0.2.2, 52:54:00:12:35:02);
out1 :: Output(1, 198.51.100.1, 52:54:00:12:35:10);
rt[1] -> out0;
rt[2] -> out1;
out0[1] -> icmp_errors :: Counter -> rt;
out1[1] -> icmp_errors;
in0[1] -> [1]out0;
in1[1] -> [1]out1;

// Transmit queues and "devices".
in0[0] -> q0 :: Queue(1024);
in1[0] -> q1 :: Queue(1024);
out0[0] -> q0;
out1[0] -> q1;
q0 -> tap0 :: PullTee(2) -> c_out0 :: Counter -> ToDump($OUT0);
q1 -> tap1 :: PullTee(2) -> c_out1 :: Counter -> ToDump($OUT1);

// The simulated neighbors answer the router's ARP queries on each wire.
tap0[1] -> wire0 :: Classifier(12/0806 20/0001, -)
        -> ARPResponder(10.0.2.0/24 08:00:27:e6:e5:59) -> c_in0;
tap1[1] -> wire1 :: Classifier(12/0806 20/0001, -)
        -> ARPResponder(198.51.100.254 52:54:00:12:35:fe) -> c_in1;
wire0[1] -> Discard;
wire1[1] -> Discard;

DriverManager(wait_stop, wait 100ms,
              print "eth0 in: $(c_in0.count) out: $(c_out0.count)",
              print "eth1 in: $(c_in1.count) out: $(c_out1.count)",
              print "to host: $(to_host.count)  ICMP errors: $(icmp_errors.count)",
              print "bad IP headers: $(add $(in0/chk.drops) $(in1/chk.drops))",
              print "queue drops: $(add $(q0.drops) $(q1.drops))",
              stop);
