// IPRateMonitor's handlers written from a Script, with Click's messages (Script passes the
// quotes on, so the comma-separated forms fail as in Click).  Parameters: IN, OUT (unused).
define($IN in.pcap, $OUT .);
Idle -> [1]m2 :: IPRateMonitor(BYTES, 0.25, 400, 50, false) [1] -> Discard;
Idle -> m2 -> Discard;
Script(print m2.thresh, print m2.memmax, print m2.mem,
       write m2.memmax "1, 2", write m2.memmax x, write m2.memmax 120, print m2.memmax,
       write m2.memmax 0, print m2.memmax,
       write m2.anno_level 1.2.3.4, write m2.anno_level "x, 1, 1",
       write m2.anno_level "1.2.3.4, 4, 1", write m2.reset, print m2.mem, stop);
