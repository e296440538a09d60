// iprouter.click -- an IP forwarding path for clickc's examples.
//
// Packets arrive as Ethernet frames from a capture (the default is the synthetic capture
// examples/make-capture.py generates; pass IN=FILE for another one). Each frame loses its
// Ethernet header, is painted with its input interface's color, waits in the output queue,
// and leaves through the output interface with a new Ethernet header, into a capture file
// (OUT=FILE). Counters on both sides report what went through.
//
//   clickc -O2 examples/iprouter.click -o router
//   ./router -h in_count.count -h out_count.count
//   ./router IN=../shared/pcaps/libtrace-100_packets.pcap OUT=/tmp/out.pcap -h out_count.count
//
// Header checks, route lookup and TTL processing (CheckIPHeader, LookupIPRoute, DecIPTTL)
// join this path as the compiler implements them; for now every IPv4 packet goes out eth1.

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
