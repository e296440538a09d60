// Issue 20, configuration (a): the work DPDK's l3fwd example does in LPM mode, in Click.
// Used by bench/bench_l3fwd.py, which replaces $ROUTES with the full RouteViews table
// ("A.B.C.D/LEN 0, ..." : every route to output 0) before compiling; net_pcap0 replays the
// capture (infinite_rx), net_null0 takes what is forwarded.  Drops are counted by reason.
// On its own (clickc check), the table is the default route of the next line, which the
// bench drops.
define($ROUTES 0.0.0.0/0 0);
fd :: FromDPDKDevice(net_pcap0, BURST 32);
td :: ToDPDKDevice(net_null0, BURST 32);

fd -> cl :: Classifier(12/0800, -)          // ethertype check
   -> Strip(14)
   -> chk :: CheckIPHeader                  // version, lengths, checksum
   -> rt :: RadixIPLookup($ROUTES)          // DIR-24-8 (runtime/lpm.c)
   -> ttl :: DecIPTTL                       // TTL and incremental checksum update
   -> EtherEncap(0x0800, 02:00:00:00:00:01, 02:00:00:00:00:02)
   -> td;

cl[1] -> nonip :: Counter -> Discard;
chk[1] -> badip :: Counter -> Discard;
ttl[1] -> expired :: Counter -> Discard;
