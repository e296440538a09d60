// qos.click -- the QoS router of Figure 10 of the SMP Click paper (Chen and Morris, USENIX
// 2001): examples/iprouter.click with a quality-of-service fragment on the uplink (eth1).
//
// Packets routed to eth1 are classified into three priorities by the DSCP field of their IP
// header, each priority has its own Queue, and PrioSched always serves a higher priority
// before a lower one.  The medium-priority stream is moved by its own task (Unqueue) through
// the place where Figure 10 applies IPsec (SHA-1 authentication and 3DES encryption) into a
// second queue, so that this work can run on a CPU of its own (with -j 2 or more).  A
// BandwidthRatedUnqueue emulates the uplink's speed (LINK, default 2Mbps): it pulls from the
// scheduler only as fast as the link sends, so the queues fill and the priorities decide what
// is sent and what is dropped.
//
// DSCP marking: real captures rarely carry DSCP values, so this router first marks packets
// as a DiffServ edge would (ICMP and short UDP: EF 46, high; TCP: AF11 10, medium; the rest, here
// mostly peer-to-peer UDP: best effort 0, low) with SetIPDSCP; the fragment of Figure 10 then
// classifies by DSCP only.
//
// Input and interfaces are iprouter.click's (its comment explains the capture split and the
// simulated ARP neighbors).  At the end of the capture DriverManager waits until the link
// has drained every queue, prints the counters and stops.
//
//   clickc -O2 examples/qos.click -o qos
//   ./qos IN=../shared/pcaps/ndpi-gnutella.pcap OUT1=/tmp/eth1.pcap LINK=1Mbps

define($IN examples/iprouter-in.pcap, $OUT0 qos-eth0.pcap, $OUT1 qos-eth1.pcap, $LINK 2Mbps);

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

rt :: RadixIPLookup(
    10.0.2.2/32 0, 10.0.2.255/32 0, 10.0.2.0/32 0,
    198.51.100.1/32 0, 198.51.100.255/32 0, 198.51.100.0/32 0,
    255.255.255.255/32 0, 224.0.0.0/4 0,
    10.0.2.0/24 1,
    198.51.100.0/24 2,
    0.0.0.0/0 198.51.100.254 2);

in0[2] -> rt;
in1[2] -> rt;
rt[0] -> to_host :: Counter -> Discard;

out0 :: Output(0, 10.0.2.2, 52:54:00:12:35:02);
out1 :: Output(1, 198.51.100.1, 52:54:00:12:35:10);
rt[1] -> out0;
out0[1] -> icmp_errors :: Counter -> rt;
out1[1] -> icmp_errors;
in0[1] -> [1]out0;
in1[1] -> [1]out1;

// ---- the QoS fragment (Figure 10) on the uplink ----
// DiffServ edge marking.
dscp :: IPClassifier(ip dscp 46, ip dscp 10, -);    // Figure 10's classifier (below)
rt[2] -> mark :: IPClassifier(icmp or (udp and ip len < 64), tcp, -);
mark[0] -> SetIPDSCP(46) -> dscp;
mark[1] -> SetIPDSCP(10) -> dscp;
mark[2] -> SetIPDSCP(0) -> dscp;

// Figure 10: classification by DSCP into three priorities.
dscp[0] -> c_high :: Counter -> high_q :: Queue(2048);
dscp[1] -> c_med :: Counter -> med_q :: Queue(200);
dscp[2] -> c_low :: Counter -> low_q :: Queue(200);

// The medium-priority task: where Figure 10 authenticates and encrypts (IPsecAuthHMACSHA1,
// IPsecDES3 with IPsecESPEncap; examples/ipsec*.click has them).  Null holds the place.
med_q -> med_task :: Unqueue(BURST 8)
       -> ipsec :: Null
       -> med2_q :: Queue(200);

prio :: PrioSched;
high_q -> [0]prio;
med2_q -> [1]prio;
low_q -> [2]prio;

// The uplink's speed: the scheduler is pulled at LINK bytes per second.
prio -> link :: BandwidthRatedUnqueue($LINK) -> out1;

// Transmit queues and "devices" with the simulated neighbors (as iprouter.click).
in0[0] -> q0 :: Queue(1024);
in1[0] -> q1 :: Queue(1024);
out0[0] -> q0;
out1[0] -> q1;
q0 -> tap0 :: PullTee(2) -> c_out0 :: Counter -> ToDump($OUT0);
q1 -> tap1 :: PullTee(2) -> c_out1 :: Counter -> ToDump($OUT1);
tap0[1] -> wire0 :: Classifier(12/0806 20/0001, -)
        -> ARPResponder(10.0.2.0/24 08:00:27:e6:e5:59) -> c_in0;
tap1[1] -> wire1 :: Classifier(12/0806 20/0001, -)
        -> ARPResponder(198.51.100.254 52:54:00:12:35:fe) -> c_in1;
wire0[1] -> Discard;
wire1[1] -> Discard;

// At the end of the capture, wait until the link has drained every queue, then report.
DriverManager(wait_stop,
              label drain, wait 10ms,
              goto drain $(gt $(add $(high_q.length) $(med_q.length) $(med2_q.length)
                                    $(low_q.length) $(q1.length)) 0),
              wait 10ms,
              print "eth0 in: $(c_in0.count) out: $(c_out0.count)",
              print "eth1 in: $(c_in1.count) out: $(c_out1.count)",
              print "to host: $(to_host.count)  ICMP errors: $(icmp_errors.count)",
              print "high: $(c_high.count) dropped $(high_q.drops)",
              print "medium: $(c_med.count) dropped $(add $(med_q.drops) $(med2_q.drops))",
              print "low: $(c_low.count) dropped $(low_q.drops)",
              print "link rate: $(link.rate)",
              stop);
