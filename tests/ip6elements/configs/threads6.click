// Two sources on two threads (written for test_threads.py) pushing into one CheckIP6Header,
// LookupIP6Route, DecIP6HLIM and IP6NDSolicitor: their shared state runs under their locks
// and atomics (the router stops when the first source ends).  Parameter: IN (an Ethernet capture of IPv6 packets).
define($IN in.pcap);
chk :: CheckIP6Header;
rt :: LookupIP6Route(2001:db8:1::/48 0, ::/0 fe80::1 1);
sol :: IP6NDSolicitor(fe80::1, 00:01:02:03:04:05);
f0 :: FromDump($IN, STOP true) -> Strip(14) -> in0 :: Counter -> chk;
f1 :: FromDump($IN, STOP true) -> Strip(14) -> in1 :: Counter -> chk;
chk -> GetIP6Address(24) -> rt;
rt[0] -> d :: DecIP6HLIM -> c0 :: Counter -> Discard;
rt[1] -> sol -> c1 :: Counter -> Discard;
Idle -> [1]sol;
sol[1] -> q :: Counter -> Discard;
StaticThreadSched(f0 0, f1 1);
