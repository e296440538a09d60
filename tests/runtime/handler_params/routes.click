// Route-table lookups through Script's $(HANDLER PARAM) and read HANDLER PARAM, for the four
// IPRouteTable classes with the same routes.
s :: StaticIPLookup(10.0.0.0/8 1, 10.1.0.0/16 10.1.0.1 2, 10.1.2.0/24 3,
                     192.168.0.0/16 10.0.0.254 1, 0.0.0.0/0 172.16.0.1 0);
l :: LinearIPLookup(10.0.0.0/8 1, 10.1.0.0/16 10.1.0.1 2, 10.1.2.0/24 3,
                     192.168.0.0/16 10.0.0.254 1, 0.0.0.0/0 172.16.0.1 0);
r :: RadixIPLookup(10.0.0.0/8 1, 10.1.0.0/16 10.1.0.1 2, 10.1.2.0/24 3,
                     192.168.0.0/16 10.0.0.254 1, 0.0.0.0/0 172.16.0.1 0);
d :: DirectIPLookup(10.0.0.0/8 1, 10.1.0.0/16 10.1.0.1 2, 10.1.2.0/24 3,
                     192.168.0.0/16 10.0.0.254 1, 0.0.0.0/0 172.16.0.1 0);
Idle -> s; Idle -> l; Idle -> r; Idle -> d;
s[0] -> Discard; s[1] -> Discard; s[2] -> Discard; s[3] -> Discard;
l[0] -> Discard; l[1] -> Discard; l[2] -> Discard; l[3] -> Discard;
r[0] -> Discard; r[1] -> Discard; r[2] -> Discard; r[3] -> Discard;
d[0] -> Discard; d[1] -> Discard; d[2] -> Discard; d[3] -> Discard;
Script(set a 10.1.2.3,
       print "s: $(s.lookup $a) | $(s.lookup 10.1.9.9) | $(s.lookup 192.168.3.4) | $(s.lookup 8.8.8.8)",
       print "l: $(l.lookup $a) | $(l.lookup 10.1.9.9) | $(l.lookup 192.168.3.4) | $(l.lookup 8.8.8.8)",
       print "r: $(r.lookup $a) | $(r.lookup 10.1.9.9) | $(r.lookup 192.168.3.4) | $(r.lookup 8.8.8.8)",
       print "d: $(d.lookup $a) | $(d.lookup 10.1.9.9) | $(d.lookup 192.168.3.4) | $(d.lookup 8.8.8.8)",
       read r.lookup 10.200.0.1,
       readq d.lookup "10.1.2.255",
       print r.lookup 10.1.0.0,
       printq s.lookup "192.168.255.255",
       print "port $(first $(r.lookup 10.1.77.1)) gw $(r.lookup 10.1.77.1)",
       write r.remove 10.1.2.0/24 3,
       print "after remove: $(r.lookup $a)",
       write r.add 10.1.2.128/25 2,
       print "after add: $(r.lookup 10.1.2.200) $(r.lookup 10.1.2.100)",
       stop);
