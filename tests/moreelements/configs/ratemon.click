// IPRateMonitor on a capture read at full speed (all packets fall in one or two epochs, so
// no prefix reaches the threshold and the tree is the first level; `look` starts with the
// epochs since start: not read).  Parameters: IN, OUT.
define($IN in.pcap, $OUT .);
FromDump($IN, STOP true) -> Strip(14) -> CheckIPHeader
  -> m :: IPRateMonitor(PACKETS, 1, 1000000) -> ToDump($OUT/out.pcap, ENCAP IP);
