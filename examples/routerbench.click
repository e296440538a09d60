// routerbench.click -- a RouterBench-style IP router (Luo, Bhuyan and Chen, "Shared Memory
// Multiprocessor Architectures for Software IP Routers": RouterBench's four kinds of work on a
// router's time-critical path -- header checking and processing, packet classification, route
// lookup, and scheduling/queue management), written for clickc.
//
// This file is the runnable template: its access list and route table are a few rules of our
// own.  examples/make-routerbench.py builds the full example from it by replacing the two
// marked blocks with a real ClassBench rule set from ../shared/rules (IPFilter "deny" rules,
// default acl1_1k) and a real route table from ../shared/routes (default the 512K-prefix
// RouteViews table of 2014-05-13, origin AS modulo 4 choosing the output):
//
//   python3 examples/make-routerbench.py -o out/routerbench.click
//   clickc -O2 out/routerbench.click -o out/routerbench
//   out/routerbench IN=../shared/pcaps/ndpi-gnutella.pcap OUTDIR=out
//
// Path of a packet: FromDump (Ethernet frames; non-IP is counted and dropped), Strip(14),
// CheckIPHeader, GetIPAddress(16); the access list (IPFilter: first matching rule; a packet
// matching a "deny" rule is dropped, every other one passes); RadixIPLookup (no route: dropped)
// to one of four outputs.  Each output: DecIPTTL and IPFragmenter(1500) (with ICMP errors back
// to the route table), then scheduling as RouterBench's: an IPClassifier puts TCP, UDP and the
// rest into three queues, each behind RED, served by DRRSched; Unqueue moves the packets on to
// EtherEncap and ToDump (OUTDIR/routerbench-ethN.pcap).  At the end of the capture
// DriverManager waits 100 ms and prints the counters.

define($IN examples/iprouter-in.pcap, $OUTDIR .);

src :: FromDump($IN, STOP true);
src -> c_in :: Counter -> eth :: Classifier(12/0800, -);
eth[1] -> non_ip :: Counter -> Discard;

eth[0] -> Strip(14)
    -> chk :: CheckIPHeader
    -> GetIPAddress(16)
    -> acl :: IPFilter(
// @ACL BEGIN (make-routerbench.py replaces this block)
        deny src net 192.0.2.0/24 && dst port 23,
        deny dst host 198.51.100.7 && ip proto 17,
        deny src net 203.0.113.0/25 && dst net 198.51.100.0/24 && dst port >= 6000 && dst port <= 6063,
// @ACL END
        allow all);

acl -> c_acl :: Counter -> rt :: RadixIPLookup(
// @ROUTES BEGIN (make-routerbench.py replaces this block)
        10.0.0.0/8 1, 18.26.0.0/16 2, 192.168.0.0/16 3, 64.0.0.0/2 3,
// @ROUTES END
        0.0.0.0/0 0);

icmp_errors :: Counter -> rt;

elementclass OutPort { $n, $ip, $src, $dst |
    input -> ttl :: DecIPTTL
        -> frag :: IPFragmenter(1500)
        -> cls :: IPClassifier(tcp, udp, -);
    ttl[1] -> ICMPError($ip, timeexceeded) -> [1]output;
    frag[1] -> ICMPError($ip, unreachable, needfrag) -> [1]output;
    cls[0] -> red_tcp :: RED(50, 200, 0.02) -> q_tcp :: Queue(256);
    cls[1] -> red_udp :: RED(50, 200, 0.02) -> q_udp :: Queue(256);
    cls[2] -> red_other :: RED(50, 200, 0.02) -> q_other :: Queue(256);
    q_tcp -> [0]drr :: DRRSched(1500);
    q_udp -> [1]drr;
    q_other -> [2]drr;
    drr -> Unqueue(BURST 32) -> EtherEncap(0x0800, $src, $dst) -> [0]output;
}

port0 :: OutPort(0, 192.0.2.1, 52:54:00:00:00:10, 52:54:00:00:01:10);
port1 :: OutPort(1, 192.0.2.65, 52:54:00:00:00:11, 52:54:00:00:01:11);
port2 :: OutPort(2, 192.0.2.129, 52:54:00:00:00:12, 52:54:00:00:01:12);
port3 :: OutPort(3, 192.0.2.193, 52:54:00:00:00:13, 52:54:00:00:01:13);
rt[0] -> port0 -> c_out0 :: Counter -> ToDump($OUTDIR/routerbench-eth0.pcap);
rt[1] -> port1 -> c_out1 :: Counter -> ToDump($OUTDIR/routerbench-eth1.pcap);
rt[2] -> port2 -> c_out2 :: Counter -> ToDump($OUTDIR/routerbench-eth2.pcap);
rt[3] -> port3 -> c_out3 :: Counter -> ToDump($OUTDIR/routerbench-eth3.pcap);
port0[1] -> icmp_errors;
port1[1] -> icmp_errors;
port2[1] -> icmp_errors;
port3[1] -> icmp_errors;

DriverManager(wait_stop, wait 100ms,
              print "in: $(c_in.count)  non-IP: $(non_ip.count)  bad IP: $(chk.drops)",
              print "after the access list: $(c_acl.count)",
              print "out: $(c_out0.count) $(c_out1.count) $(c_out2.count) $(c_out3.count)",
              print "ICMP errors: $(icmp_errors.count)",
              print "RED drops: $(add $(port0/red_tcp.drops) $(port0/red_udp.drops) $(port0/red_other.drops) $(port1/red_tcp.drops) $(port1/red_udp.drops) $(port1/red_other.drops) $(port2/red_tcp.drops) $(port2/red_udp.drops) $(port2/red_other.drops) $(port3/red_tcp.drops) $(port3/red_udp.drops) $(port3/red_other.drops))",
              stop);
