// LookupIP6Route's handlers, written for these tests: routes added, replaced and removed by
// a Script (add, ctrl add/remove, remove; bad prefixes, gateways and ports), the table read
// between the steps, and lookups (IP6NDAdvertiser and CheckIP6Header configurations too).
// Parameters: IN, OUT (unused: the script stops the router).
define($IN in.pcap, $OUT .);
rt :: LookupIP6Route(2001:db8:1::/48 0, 2001:db8:2::1/ffff:ffff:ffff:: 2001:db8::fe 1,
                     ::/0 fe80::1 2);
Idle -> rt;
rt[0] -> Discard; rt[1] -> Discard; rt[2] -> Discard;
Script(write rt.add 2001:db8:4::/48 fe80::2 1,
       write rt.ctrl add 2001:db8:9::/48 0,
       write rt.remove 2001:db8:9::/48,
       write rt.ctrl remove 2001:db8:5::/48,
       write rt.add 2001:db8:2::/48 2001:db8::fd 0,
       write rt.add ::ffff:10.0.0.0/104 1,
       write rt.add ::10.0.0.0/104 ::1.2.3.4 1,
       write rt.add bogus 1,
       write rt.add 2001:db8:5::/48 7,
       write rt.add 2001:db8:5::/48 nothere 1,
       write rt.add 2001:db8:5::/48,
       write rt.ctrl frob 2001:db8:5::/48,
       write rt.remove 2001:db8:6::/48 extra,
       write rt.add 2001:db8:7::/ffff:ff00:: 1,
       write rt.add 2001:db8:8:0:1::/64 :: 0,
       write rt.add 2001:db8:5::/48 x,
       write rt.add 2001:db8:5::/48 99999999999,
       write rt.add 2001:db8::/129 0,
       write rt.add 2001:db8::1 0,
       write rt.add 2001:db8::/48 -1,
       write rt.remove,
       write rt.add,
       write rt.add a b c d,
       write rt.ctrl,
       stop);
