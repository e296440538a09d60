// Stage 1 of the FromIPSummaryDump cases: summarize a capture's IP packets.
FromDump($IN, STOP true, FORCE_IP true)
    -> ToIPSummaryDump($OUT/d1.txt, CONTENTS timestamp ip_src sport ip_dst dport ip_proto
       ip_len ip_id ip_ttl ip_tos ip_frag ip_fragoff ip_hl ip_sum tcp_seq tcp_ack tcp_flags
       tcp_off tcp_window tcp_urp udp_len payload_len);
