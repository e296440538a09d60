// Issue 20, configuration (b): the IP router of examples/iprouter.click (Figure 2 of the SMP
// Click paper) with the full Internet table, read from a capture.  Used by
// bench/bench_fullrouter.py, which replaces $ROUTES with the RouteViews table ("A.B.C.D/LEN
// PORT, ...": each prefix to output 1 or 2) before compiling and gives IN (a capture of
// 64-byte frames).  Differences from examples/iprouter.click, so that every system forwards
// the same packets without a simulated network: one input interface (its packets painted 0,
// so no output makes ICMP redirects), EtherEncap with the next hop's address in place of
// ARPQuerier (which would wait for ARP answers), and Counter -> Discard in place of
// Queue -> ToDump.  FromDump reads BURST packets per task run (FastClick's keyword).
define($ROUTES 0.0.0.0/0 1, $IN in.pcap, $BURST 32);

src :: FromDump($IN, STOP true, BURST $BURST);
src -> c :: Classifier(12/0806 20/0001, 12/0806 20/0002, 12/0800, -);
c[0] -> ARPResponder(10.0.0.1 02:00:00:00:00:01) -> arpout :: Counter -> Discard;
c[1] -> arpin :: Counter -> Discard;
c[2] -> Paint(0) -> Strip(14)
     -> chk :: CheckIPHeader(INTERFACES 10.0.0.1/24)
     -> GetIPAddress(16)
     -> rt :: RadixIPLookup($ROUTES);
c[3] -> other :: Counter -> Discard;
chk[1] -> badip :: Counter -> Discard;

rt[0] -> host :: Counter -> Discard;

elementclass Output { $color, $ip, $eth, $next |
    input -> DropBroadcasts
        -> cp :: PaintTee($color)
        -> gw :: IPGWOptions($ip)
        -> FixIPSrc($ip)
        -> ttl :: DecIPTTL
        -> frag :: IPFragmenter(1500)
        -> EtherEncap(0x0800, $eth, $next)
        -> [0]output;
    cp[1] -> ICMPError($ip, redirect, host) -> [1]output;
    gw[1] -> ICMPError($ip, parameterproblem) -> [1]output;
    ttl[1] -> ICMPError($ip, timeexceeded) -> [1]output;
    frag[1] -> ICMPError($ip, unreachable, needfrag) -> [1]output;
}

out1 :: Output(1, 192.0.2.1, 02:00:00:00:01:01, 02:00:00:00:01:fe);
out2 :: Output(2, 198.51.100.1, 02:00:00:00:02:01, 02:00:00:00:02:fe);
rt[1] -> out1;
rt[2] -> out2;
out1[0] -> sent1 :: Counter -> Discard;
out2[0] -> sent2 :: Counter -> Discard;
out1[1] -> rt;
out2[1] -> rt;
