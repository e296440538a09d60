// mirror.click -- copy every packet of a capture to two captures, one of them recolored.
//
// FromDump pushes each packet into Tee, which sends one copy to each queue. The ToDump sinks
// pull from their queues through the counters (a pull path: Queue -> Counter -> ToDump), so
// the packet buffers are shared between the two copies until Paint writes an annotation.
//
//   clickc -O2 examples/mirror.click -o mirror && ./mirror DIR=/tmp
//   ./mirror IN=../shared/pcaps/tcpdump-afs.pcap DIR=/tmp -h q0.highwater_length

define($IN examples/iprouter-in.pcap, $DIR .);

src :: FromDump($IN, STOP true) -> t :: Tee(2);

t[0] -> q0 :: Queue(256) -> c0 :: Counter -> ToDump($DIR/mirror-a.pcap);
t[1] -> Paint(2) -> q1 :: Queue(256) -> c1 :: Counter -> ToDump($DIR/mirror-b.pcap);

DriverManager(wait_stop,
              print "c0.count: $(c0.count)",
              print "c1.count: $(c1.count)",
              print "drops: $(add $(q0.drops) $(q1.drops))",
              stop);
