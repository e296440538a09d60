// FTPPortMapper written for tests/tcpelements: FTP clients in 10.0.0.0/8 behind a NAT whose
// public address is 192.0.2.1.  Control packets from the clients pass FTPPortMapper, then
// the control TCPRewriter rw; the data connections go through the IPRewriter data, in
// which FTPPortMapper installs a mapping for every PORT command (input 0's pattern).
// Every rewritten packet is checked (checksums, lengths) and written to OUT/out.pcap.
// Parameters: IN, OUT.
define($IN ftp.pcap, $OUT .);
IPRewriterPatterns(ctl 192.0.2.1 1024-65535# - -, dat 192.0.2.1 40000-40100# - -);
rw :: TCPRewriter(pattern ctl 0 1, drop);
data :: IPRewriter(pattern dat 0 1, drop);
FromDump($IN, STOP true) -> Strip(14) -> CheckIPHeader
  -> cl :: IPClassifier(src net 10.0.0.0/8 and dst tcp port 21, src net 10.0.0.0/8,
                        src tcp port 21, -);
cl[0] -> CheckTCPHeader -> ftp :: FTPPortMapper(rw, data, 0) -> [0]rw;
cl[1] -> [0]data;
cl[2] -> [1]rw;
cl[3] -> [1]data;
out :: ToDump($OUT/out.pcap, ENCAP IP);
rw[0] -> CheckIPHeader(VERBOSE true) -> CheckTCPHeader(VERBOSE true) -> c0 :: Counter -> out;
rw[1] -> CheckIPHeader(VERBOSE true) -> CheckTCPHeader(VERBOSE true) -> c1 :: Counter -> out;
data[0] -> CheckIPHeader(VERBOSE true) -> CheckTCPHeader(VERBOSE true) -> d0 :: Counter -> out;
data[1] -> CheckIPHeader(VERBOSE true) -> CheckTCPHeader(VERBOSE true) -> d1 :: Counter -> out;
