// BufferConverter: three writes of the data handler become TCP/IP packets of at most MTU (8)
// payload bytes, leftovers first; a read returns the payload of the first TCP packet of the
// capture that has one.  A DriverManager absorbs the FromDump stop first.  Parameters: IN, OUT.
define($IN in.pcap, $OUT .);
bc :: BufferConverter(8);
Idle -> [1]bc;
FromDump($IN, STOP true) -> Strip(14) -> CheckIPHeader -> IPClassifier(tcp) -> Queue(10000)
  -> bc -> c :: Counter -> ToDump($OUT/bc.pcap, ENCAP IP);
DriverManager(pause, write bc.data "hello, world!", write bc.data "abc", write bc.data "",
              read bc.data, write bc.data "0123456789abcdefghij", stop);
