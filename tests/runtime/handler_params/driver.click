// A DriverManager reports handler errors after wait_stop without the "While executing"
// context that a Script's timer steps give.
InfiniteSource(LIMIT 1, STOP true) -> c :: Counter -> d :: Discard;
rt :: LinearIPLookup(1.0.0.0/8 0);
Idle -> rt -> Discard;
DriverManager(wait_stop, print "$(nosuch.count)", write d.zz 1, print "$(c.count 5)",
              read rt.lookup 1.2.3.4, read rt.lookup x, print "$(rt.lookup 1.1.1.1)")
