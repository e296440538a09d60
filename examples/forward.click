// forward.click -- a plain forwarding path for clickc's examples (no IP processing).
//
// Packets arrive as Ethernet frames from a capture (the default is the synthetic capture
// examples/make-capture.py generates; pass IN=FILE for another one). Each frame loses its
// Ethernet header, is painted with its input interface's color, waits in the output queue,
// and leaves through the output interface with a new Ethernet header, into a capture file
// (OUT=FILE). When the capture ends, the router prints its counters and stops.
//
//   clickc -O2 examples/forward.click -o router && ./router
//   ./router IN=../shared/pcaps/libtrace-100_packets.pcap OUT=/tmp/out.pcap
//   clickc run examples/forward.click -h out_q.highwater_length
//
// Every frame goes out eth1 unchanged but for its Ethernet header: this is the smallest
// router the backend's tests and bench/configs/forward.click use.  examples/iprouter.click is
// the full IP router (header checks, route lookup, ARP, TTL, fragmentation, ICMP errors).

define($IN examples/iprouter-in.pcap, $OUT iprouter-out.pcap);

// eth0: the input interface
src :: FromDump($IN, STOP true);
src -> in_count :: Counter
    -> Strip(14)                       // Ethernet header off: IP packets from here on
    -> Paint(0)                        // arrived on interface 0
    -> out_q :: Queue(1024);

// eth1: the output interface, 00:00:c0:4f:71:ef, next hop 00:00:c0:8a:67:ef
out_q -> Unqueue(BURST 32)
    -> EtherEncap(0x0800, 00:00:c0:4f:71:ef, 00:00:c0:8a:67:ef)
    -> out_count :: Counter
    -> ToDump($OUT);

// FromDump's STOP asks the driver to stop at the end of the capture; report, then stop.
DriverManager(wait_stop,
              print "in_count.count: $(in_count.count)",
              print "out_count.count: $(out_count.count)",
              print "out_q.drops: $(out_q.drops)",
              stop);
