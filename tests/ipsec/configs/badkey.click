// Configuration errors: a key that is not 16 characters, an output that does not exist.
rt :: RadixIPsecLookup(10.0.0.0/8 1 4660 ABCDEF 0123456789abcdef 1 64,
                       10.1.0.0/16 3,
                       0.0.0.0/0 192.168.200.1 1);
Idle -> rt;
rt[0] -> Discard;
rt[1] -> Discard;
