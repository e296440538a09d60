// ARPResponder's lookup handler (a parameter: an IP address).
arp :: ARPResponder(10.0.0.1 00:01:02:03:04:05, 192.168.0.0/24 10.3.3.3 02:02:02:02:02:02);
Idle -> arp -> Discard;
Script(print "a: $(arp.lookup 10.0.0.1)",
       print "b: $(arp.lookup 192.168.0.77)",
       print "c: $(arp.lookup 10.3.3.3)",
       print "d: [$(arp.lookup 1.2.3.4)]",
       read arp.lookup 192.168.0.1,
       write arp.add 1.2.3.4 0a:0b:0c:0d:0e:0f,
       print "e: $(arp.lookup 1.2.3.4)",
       print "f: $(arp.lookup 1.2.3)",
       stop);
