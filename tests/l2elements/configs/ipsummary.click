// ToIPSummaryDump with most text fields, bad-packet lines, and EXTRA_LENGTH/CAREFUL_TRUNC
// off (clickc tests/l2elements). Parameters: IN, OUT.
define($IN in.pcap, $OUT .);
FromDump($IN, STOP true, FORCE_IP true)
  -> ToIPSummaryDump($OUT/all.txt, CONTENTS ts sec usec src dst len proto ip_ttl ip_tos
       ip_dscp ip_ecn ip_id ip_sum ip_hl ip_frag ip_fragoff ip_capture_len sport dport
       tcp_seq tcp_ack tcp_off tcp_flags tcp_win tcp_urp udp_len payload_len count direction
       wire_len, BAD_PACKETS true, BANNER "clickc test")
  -> ToIPSummaryDump($OUT/len.txt, CONTENTS ip_len payload_len, EXTRA_LENGTH false,
       CAREFUL_TRUNC false, HEADER false)
  -> Discard;
