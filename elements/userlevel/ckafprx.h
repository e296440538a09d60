/* The AF_PACKET receive loop of FromDevice and PollDevice (per instance; runtime/io_afpacket.h's
 * TPACKET_V3 ring ELEM(rx)).  The template declares ELEM(rx), ELEM(burst), ELEM(headroom),
 * ELEM(snaplen), ELEM(timestamp) and ELEM(count), and defines ELEM(emit)(p), which sends a new
 * packet on. */

/* Up to BURST frames of the ring become packets (ck_afp_make_packet: HEADROOM, at most SNAPLEN
 * bytes, the kernel's time with TIMESTAMP) handed to ELEM(emit), skipping frames the host sent
 * unless outbound; a packet that cannot be allocated is counted as a drop.  The packets are
 * counted (ELEM(count), ck_source_count); returns their number. */
static uint32_t ELEM(afp_receive)(int outbound)
{
    uint32_t n = 0;
    while (n < ELEM(burst)) {
        struct sockaddr_ll *sll;
        struct tpacket3_hdr *h = ck_afp_rx_next(&ELEM(rx), &sll);
        if (!h)
            break;
        if (sll->sll_pkttype == PACKET_OUTGOING && !outbound)
            continue;
        ck_packet *p = ck_afp_make_packet(h, sll, ELEM(headroom), ELEM(snaplen), ELEM(timestamp));
        if (!p) {
            ck_count_drop(ELEMENT_INDEX, "out of memory");
            continue;
        }
        n++;
        ELEM(emit)(p);
    }
    ELEM(count) += n;
    ck_source_count(n);
    return n;
}
