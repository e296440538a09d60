// Mapping timeouts: UDP mappings (timeout 1 s) and finished TCP connections (TCP_DONE_TIMEOUT
// 1 s) disappear at the first reap (every second) after they expire, other TCP mappings
// (TCP_NODATA_TIMEOUT/TCP_TIMEOUT 2 s) one reap later; a Script reads the handlers between
// reaps. No guarantee times, so every mapping is best effort. The capture is replayed half a
// second after start, so every expiry falls half a second from a reap. Parameters: IN.
define($IN in.pcap);
rw :: IPRewriter(pattern 203.0.113.7 20000-29999# - - 0 1, drop, TCP_GUARANTEE 0,
                 TCP_NODATA_TIMEOUT 2, TCP_TIMEOUT 2, TCP_DONE_TIMEOUT 1, UDP_TIMEOUT 1,
                 UDP_GUARANTEE 0, REAP_INTERVAL 1);
src :: FromDump($IN, ACTIVE false)
  -> eth :: Classifier(12/0800, -)[0]
  -> Strip(14) -> CheckIPHeader
  -> tu :: IPClassifier(tcp or udp, -);
tu[0] -> [0]rw;
Idle -> [1]rw;
rw[0] -> out :: Counter -> Discard;
rw[1] -> Discard;
tu[1] -> Discard;
eth[1] -> Discard;
Script(wait 0.5s, write src.active true, wait 0.25s, print "at 0.75s" $(rw.nmappings) $(rw.size),
       wait 0.75s, print "at 1.5s" $(rw.nmappings) $(rw.size),
       wait 1s, print "at 2.5s" $(rw.nmappings) $(rw.size),
       read rw.tcp_table, read rw.udp_table,
       wait 1s, print "at 3.5s" $(rw.nmappings) $(rw.size) $(rw.mapping_failures),
       read rw.patterns, stop);
