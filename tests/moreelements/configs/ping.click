// ICMPPingSource pinging through ICMPPingResponder (push, timer driven), whose replies
// come back to it.  The round-trip times depend on the clock: only counts and addresses are
// read, and the packets' times are now (not compared).  Parameters: IN (unused), OUT.
define($IN in.pcap, $OUT .);
s :: ICMPPingSource(me, 10.0.0.2, INTERVAL 0.002, LIMIT 6, STOP true, VERBOSE false,
                    DATA "ping data", IDENTIFIER 258)
  -> t :: Tee(2) -> CheckIPHeader -> r :: ICMPPingResponder -> t2 :: Tee(2) -> s;
t[1] -> ToDump($OUT/requests.pcap, ENCAP IP);
t2[1] -> ToDump($OUT/replies.pcap, ENCAP IP);
r[1] -> Discard;
AddressInfo(me 10.0.0.1);
