// RoundRobinUnqueue: the capture spread over three Queues, moved by one RoundRobinUnqueue (BURST
// 3) to the output of each packet's input, each written to a file of its own; a copy of every
// packet moved by a second one (BURST 0: until the queue is empty).  Parameters: IN, OUT.
define($IN in.pcap, $OUT .);
FromDump($IN, STOP true) -> t :: Tee(2);
t[0] -> s :: RoundRobinSwitch;
s[0] -> q0 :: Queue(1000); s[1] -> q1 :: Queue(1000); s[2] -> q2 :: Queue(1000);
q0 -> [0]u :: RoundRobinUnqueue(3); q1 -> [1]u; q2 -> [2]u;
u[0] -> c0 :: Counter -> ToDump($OUT/rr0.pcap);
u[1] -> c1 :: Counter -> ToDump($OUT/rr1.pcap);
u[2] -> c2 :: Counter -> ToDump($OUT/rr2.pcap);
t[1] -> Queue(1000) -> v :: RoundRobinUnqueue(0) -> d :: Counter -> ToDump($OUT/all.pcap);
