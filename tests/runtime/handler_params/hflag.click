// -h on a read handler that takes a parameter: Click calls it with none and prints its empty
// value without an error (userlevel/click.cc call_read_handler).  Arguments: hflag.args.
rt :: RadixIPLookup(10.0.0.0/8 1, 0.0.0.0/0 0);
Idle -> rt; rt[0] -> Discard; rt[1] -> Discard;
arp :: ARPResponder(10.0.0.1 00:01:02:03:04:05);
Idle -> arp -> Discard;
Script(stop);
