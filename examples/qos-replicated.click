// qos-replicated.click -- the replicated QoS router of Figure 16 of the SMP Click paper (Chen
// and Morris, USENIX 2001): examples/qos.click with its QoS fragment replicated per flow.
//
// Figure 10 (examples/qos.click) runs the expensive medium-priority work on its own task, so
// one CPU does all of it. Figure 16 splits the uplink's traffic by flow (HashSwitch on the IP
// source and destination addresses) into two replicas of the *whole* QoS fragment: each
// replica has its own DSCP classifier, three priority queues, medium-priority task and
// PrioSched, so each replica keeps strict priority among its own packets, and the two
// schedulers are merged by a RoundRobinSched in front of the link. Replicating only the
// medium-priority branch (Figure 10's naive split) would let a scheduler send low-priority
// packets while medium ones wait in the other branch; this shape never does within a
// replica. `clickc -O2 -j 2` derives the same shape from qos.click when the medium-priority
// work is expensive (docs/passes.md, flow-split: priority-preserving replication).
//
// Everything else (interfaces, marking, ARP, the DriverManager report) is qos.click's.
//
//   clickc -O2 -j 2 examples/qos-replicated.click -o qos16
//   ./qos16 IN=../shared/pcaps/ndpi-gnutella.pcap LINK=1Mbps

define($IN examples/iprouter-in.pcap, $OUT0 qos16-eth0.pcap, $OUT1 qos16-eth1.pcap, $LINK 2Mbps);

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

// ---- the QoS fragment replicated per flow (Figure 16) on the uplink ----
// DiffServ edge marking, as qos.click.
rt[2] -> mark :: IPClassifier(icmp or (udp and ip len < 64), tcp, -);
split :: HashSwitch(12, 8);                // IP source and destination: one flow, one replica
mark[0] -> SetIPDSCP(46) -> split;
mark[1] -> SetIPDSCP(10) -> split;
mark[2] -> SetIPDSCP(0) -> split;

// One replica of Figure 10's fragment: DSCP classification, three priority queues, the
// medium-priority task (where IPsec goes; Null holds the place) and the priority scheduler.
elementclass QoS {
    input -> dscp :: IPClassifier(ip dscp 46, ip dscp 10, -);
    dscp[0] -> c_high :: Counter -> high_q :: Queue(1024);
    dscp[1] -> c_med :: Counter -> med_q :: Queue(100);
    dscp[2] -> c_low :: Counter -> low_q :: Queue(100);
    med_q -> med_task :: Unqueue(BURST 8) -> ipsec :: Null -> med2_q :: Queue(100);
    prio :: PrioSched;
    high_q -> [0]prio;
    med2_q -> [1]prio;
    low_q -> [2]prio;
    prio -> output;
}
r0 :: QoS;
r1 :: QoS;
split[0] -> r0;
split[1] -> r1;

// The replicas' schedulers merged in front of the uplink, pulled at LINK bytes per second.
merge :: RoundRobinSched;
r0 -> [0]merge;
r1 -> [1]merge;
merge -> link :: BandwidthRatedUnqueue($LINK) -> out1;

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
              goto drain $(gt $(add $(r0/high_q.length) $(r0/med_q.length) $(r0/med2_q.length)
                                    $(r0/low_q.length) $(r1/high_q.length) $(r1/med_q.length)
                                    $(r1/med2_q.length) $(r1/low_q.length) $(q1.length)) 0),
              wait 10ms,
              print "eth0 in: $(c_in0.count) out: $(c_out0.count)",
              print "eth1 in: $(c_in1.count) out: $(c_out1.count)",
              print "to host: $(to_host.count)  ICMP errors: $(icmp_errors.count)",
              print "high: $(add $(r0/c_high.count) $(r1/c_high.count)) dropped $(add $(r0/high_q.drops) $(r1/high_q.drops))",
              print "medium: $(add $(r0/c_med.count) $(r1/c_med.count)) dropped $(add $(r0/med_q.drops) $(r0/med2_q.drops) $(r1/med_q.drops) $(r1/med2_q.drops))",
              print "low: $(add $(r0/c_low.count) $(r1/c_low.count)) dropped $(add $(r0/low_q.drops) $(r1/low_q.drops))",
              print "replica packets: $(add $(r0/c_high.count) $(r0/c_med.count) $(r0/c_low.count)) $(add $(r1/c_high.count) $(r1/c_med.count) $(r1/c_low.count))",
              print "link rate: $(link.rate)",
              stop);
