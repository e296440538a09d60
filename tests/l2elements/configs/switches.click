// HostEtherFilter, EtherRewrite, HashSwitch, RoundRobinSwitch, StrideSwitch, Switch,
// Suppressor and Align on Ethernet frames (clickc tests/l2elements). Parameters: IN, OUT.
define($IN in.pcap, $OUT .);
FromDump($IN, STOP true)
  -> hf :: HostEtherFilter(00:1f:f3:3c:e1:13, DROP_OWN true, DROP_OTHER false)
  -> t :: Tee(4);
hf[1] -> own :: Counter -> Discard;
t[0] -> hs :: HashSwitch(0, 14);
hs[0] -> h0 :: Counter -> Discard;
hs[1] -> h1 :: Counter -> Discard;
hs[2] -> h2 :: Counter -> Discard;
t[1] -> rr :: RoundRobinSwitch;
rr[0] -> r0 :: Counter -> EtherRewrite(02:00:00:00:00:aa, 02:00:00:00:00:bb) -> ToDump($OUT/rewritten.pcap);
rr[1] -> r1 :: Counter -> Discard;
t[2] -> ss :: StrideSwitch(1, 2, 5);
ss[0] -> s0 :: Counter -> Discard;
ss[1] -> s1 :: Counter -> Discard;
ss[2] -> s2 :: Counter -> Discard;
t[3] -> Strip(14) -> Align(4, 0) -> sw :: Switch(1);
sw[0] -> w0 :: Counter -> Discard;
sw[1] -> sup :: Suppressor -> w1 :: Counter -> ToDump($OUT/aligned.pcap, ENCAP IP);
