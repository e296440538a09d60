Idle -> rt :: RadixIPsecLookup(1.0.0.0/8 0, 2.0.0.0/8 2.0.0.1 1 234 "0123456789abcdef" "0123456789ABCDEF" 300 64, 3.0.0.0/8 9, 4.0.0.0/8 - 1 5 short "0123456789ABCDEF" 300 64);
rt[0] -> Discard; rt[1] -> Discard;
