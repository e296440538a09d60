// FromIPSummaryDump reads a dump ToIPSummaryDump wrote (stage 1: fis_dump.click) and the packets
// are written as raw IP (ToDump ENCAP IP) and summarized again with the same fields.
FromIPSummaryDump($OUT/d1.txt, STOP true, CHECKSUM $CHECKSUM)
    -> t :: Tee;
t[0] -> ToDump($OUT/fis.pcap, ENCAP IP);
t[1] -> ToIPSummaryDump($OUT/d2.txt, CONTENTS timestamp ip_src sport ip_dst dport ip_proto
    ip_len ip_id ip_ttl ip_tos ip_frag ip_fragoff ip_hl ip_sum tcp_seq tcp_ack tcp_flags
    tcp_off tcp_window tcp_urp udp_len payload_len);
