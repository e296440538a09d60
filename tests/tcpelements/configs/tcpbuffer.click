// TCPBuffer written for tests/tcpelements: every TCP packet of a capture is pushed into
// the buffer first; only when the capture has ended does a DriverManager let the Unqueue pull
// (so the result does not depend on how task runs interleave), then stops.  A second buffer
// with SKIP true releases everything in sequence order.  TCPDemux rejects every packet (no
// TCPConn registers flows).  Parameters: IN, OUT.
define($IN in.pcap, $OUT .);
FromDump($IN, STOP true) -> Strip(14) -> CheckIPHeader -> ipc :: IPClassifier(tcp, -);
ipc[0] -> CheckTCPHeader -> in :: Counter -> t :: Tee;
t[0] -> b :: TCPBuffer -> u :: Unqueue(ACTIVE false) -> out :: Counter
  -> ToDump($OUT/inorder.pcap, ENCAP IP);
t[1] -> bs :: TCPBuffer(true) -> us :: Unqueue(ACTIVE false) -> outs :: Counter
  -> ToDump($OUT/skip.pcap, ENCAP IP);
t[2] -> d :: TCPDemux -> Discard;
ipc[1] -> Discard;
DriverManager(wait_stop, write u.active true, write us.active true, wait 0.5s, stop);
