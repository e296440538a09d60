// SetTimestamp, StoreData, AverageCounter, ICMPPingResponder and ICMPPingEncap; AddressInfo
// names in arguments; ScheduleInfo and ClickyInfo compile and do nothing.  Parameters: IN,
// OUT.  (AverageCounter's rates depend on the clock and are not read.)
define($IN in.pcap, $OUT .);
AddressInfo(me 10.9.8.7, peer 192.0.2.33 02:00:00:00:00:01);
ClickyInfo(STYLE "* { color: blue }");
FromDump($IN, STOP true) -> ac :: AverageCounter -> t :: Tee(5);
t[0] -> SetTimestamp(1234567890.25) -> StoreData(0, "XY") -> StoreData(2000, "never")
     -> ToDump($OUT/stamped.pcap);
t[1] -> SetTimestamp(FIRST true, TIMESTAMP 1000.5) -> Strip(14) -> CheckIPHeader
     -> ToIPSummaryDump($OUT/first.txt, CONTENTS first_timestamp timestamp ip_src);
t[2] -> Strip(14) -> CheckIPHeader -> pr :: ICMPPingResponder -> ToDump($OUT/replies.pcap, ENCAP IP);
pr[1] -> notecho :: Counter -> Discard;
t[3] -> StoreData(40, "0123456789012345678901234567890123456789012345678901234567890123456789")
     -> ToDump($OUT/tail.pcap);
t[4] -> Strip(14) -> enc :: ICMPPingEncap(me, peer, IDENTIFIER 513) -> CheckIPHeader
     -> CheckICMPHeader -> ToDump($OUT/encap.pcap, ENCAP IP);
ScheduleInfo(t 2);
