// Errors of handler calls with and without parameters, in Click's words: a parameter given
// to a handler that takes none, a failing parameterized call (under "While calling" for read
// and print), unknown handlers and elements ("$(...)" is then kept as written).
rt :: RadixIPLookup(10.0.0.0/8 1, 0.0.0.0/0 0);
Idle -> rt; rt[0] -> Discard; rt[1] -> Discard;
c :: Counter;
Idle -> c -> Discard;
Script(print "1: $(rt.lookup bad)",
       print "2: $(rt.lookup)",
       print "3: $(rt.table x)",
       print "4: $(c.count 5) $(c.nosuch) $(nosuch.count) $(version 1)",
       read rt.lookup 10.0.0.0.1,
       read rt.lookup,
       read c.count 3,
       read c.reset,
       print rt.lookup nonsense,
       print "5: $(rt.lookup $(rt.lookup 10.1.1.1))",
       write c.nosuch 1,
       write c.count 1,
       print "6: ok",
       stop);
