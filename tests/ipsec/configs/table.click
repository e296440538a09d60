// RadixIPsecLookup's configure as Click runs it: a prefix given twice keeps its first route,
// a default route's slot is freed at once (and here reused by nobody), the table handler
// kills the free slots before printing, and lookups go through the radix's slot choice.
rt :: RadixIPsecLookup(10.9.9.9/32 0,
                       10.0.0.0/8 1,
                       192.168.200.1/32 2,
                       10.9.9.9/32 1 7 ABCDEFGHIJKLMNOP 0123456789abcdef 1 64,
                       172.16.0.0/12 172.16.0.1 1 99 0123456789abcdef ABCDEFGHIJKLMNOP 5 32,
                       0.0.0.0/0 192.168.200.1 1 4660 ABCDEFGHIJKLMNOP 0123456789abcdef 1 64);
Idle -> rt;
rt[0] -> Discard;
rt[1] -> Discard;
rt[2] -> Discard;
DriverManager(stop);
