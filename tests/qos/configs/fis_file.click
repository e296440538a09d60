FromIPSummaryDump($FILE, STOP true, MULTIPACKET $MULTI, CHECKSUM $CHECKSUM)
    -> t :: Tee;
t[0] -> ToDump($OUT/fis.pcap, ENCAP IP);
t[1] -> ToIPSummaryDump($OUT/d2.txt, CONTENTS timestamp first_timestamp ip_src sport ip_dst
    dport ip_proto ip_len ip_id ip_ttl ip_tos ip_frag ip_fragoff ip_hl ip_sum tcp_seq tcp_ack
    tcp_flags tcp_off tcp_window tcp_urp udp_len payload_len wire_len count link aggregate
    ip_capture_len);
// FromIPSummaryDump on a dump of ours (tests/qos/data), MULTIPACKET $MULTI, CHECKSUM $CHECKSUM:
// raw IP packets with their annotations shown by Print-like summaries.
