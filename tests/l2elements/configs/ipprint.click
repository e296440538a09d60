// IPPrint with most of its options, on IP packets behind Ethernet or raw IP
// (clickc tests/l2elements). Parameters: IN.
define($IN in.pcap);
FromDump($IN, STOP true, FORCE_IP true)
  -> IPPrint(all, ID true, TTL true, TOS true, LENGTH true, PAINT true, AGGREGATE true,
             CONTENTS hex, MAXLENGTH 30)
  -> IPPrint(pay, PAYLOAD ascii, TIMESTAMP false, SWAP false)
  -> IPPrint(PAYLOAD hex, MAXLENGTH 16)
  -> Discard;
