// FastUDPSource pulled by Unqueues: unlimited rate with ports growing every 3 packets and a
// length below 60 (Click's warning), and 100 packets per second without checksums; a
// DriverManager ends the run.  Packet times are now (not compared).  Parameters: IN (unused),
// OUT.
define($IN in.pcap, $OUT .);
f :: FastUDPSource(0, 7, 50, 02:00:00:00:00:01, 10.0.0.1, 1000, 02:00:00:00:00:02,
                   10.0.0.2, 2000, true, 3)
  -> Unqueue -> c :: Counter -> ToDump($OUT/fast.pcap);
g :: FastUDPSource(100, 5, 100, 02:00:00:00:00:01, 10.0.0.1, 65535, 02:00:00:00:00:02,
                   10.0.0.2, 53, false, 2)
  -> Unqueue -> ToDump($OUT/rated.pcap);
DriverManager(wait 300ms, stop);
