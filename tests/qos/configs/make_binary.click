// Makes tests/qos/data/handmade.bin, the binary form of handmade.ipsum, with Click's
// ToIPSummaryDump (clickc's writes text only):
//   $CLICK_PREFIX/bin/click tests/qos/configs/make_binary.click
FromIPSummaryDump(tests/qos/data/handmade.ipsum, STOP true)
    -> ToIPSummaryDump(tests/qos/data/handmade.bin, BINARY true,
       CONTENTS timestamp ntimestamp ip_src sport ip_dst dport ip_proto ip_len ip_id
       ip_ttl ip_tos ip_fragoff tcp_seq tcp_ack tcp_flags tcp_window udp_len payload_len count
       first_timestamp link aggregate wire_len);
