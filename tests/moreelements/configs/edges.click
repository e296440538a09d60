// Truncated frames through the new classes (clickc only: Click reads past such packets).
// Built with the sanitizers by test_edges.py, which computes every count.  Parameters: IN.
define($IN in.pcap);
FromDump($IN, STOP true) -> t :: Tee(10);
t[0] -> EtherMirror -> em :: Counter -> Discard;
t[1] -> MarkIPHeader(14) -> pr :: ICMPPingResponder -> echo :: Counter -> Discard;
pr[1] -> notecho :: Counter -> Discard;
t[2] -> MarkIPHeader(14) -> SetTCPChecksum -> tcp :: Counter -> Discard;
t[3] -> MarkIPHeader(14) -> SetUDPChecksum -> udp :: Counter -> Discard;
t[4] -> MarkIPHeader(14) -> ipsum :: SetIPChecksum -> ip :: Counter -> Discard;
t[5] -> MarkIPHeader(14) -> StripIPHeader -> sih :: Counter -> Discard;
t[6] -> Strip(14) -> SetTCPChecksum -> nohdr :: Counter -> Discard;
t[7] -> Strip(14) -> SetUDPChecksum -> nohdr2 :: Counter -> Discard;
t[8] -> StoreData(10, "0123456789") -> CheckLength(40) -> cl :: Counter -> Discard;
t[9] -> Paint(9) -> ps :: PaintSwitch -> Discard;
ps[1] -> Discard;
