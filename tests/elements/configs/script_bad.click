s :: Script(TYPE PASSIVE, wait 1s, write c.reset, bogus 3, label top, goto top $(lt 1 2), goto nowhere, set x, set y 3, pause x, stop now, loop);
dm :: DriverManager(wait_stop, print "done", stop);
d2 :: DriverManager(stop);
s2 :: Script(TYPE FOO);
s3 :: Script(TYPE SIGNAL INT TERM, print hi);
s4 :: Script(TYPE SIGNAL BOGUS);
c :: Counter;
Idle -> c -> Discard;
Idle -> s5 :: Script(TYPE ACTIVE, print x) -> Discard;
