/* The AF_PACKET receiving of FromDevice and PollDevice (per instance; runtime/io_afpacket.h's
 * TPACKET_V3 ring ELEM(rx)): the ring and the settings it is read with, their init, and the
 * receive loop.  Included before the template's init; the template defines ELEM(emit)(p),
 * which sends a new packet on. */
static ck_afp_rx ELEM(rx) = {.fd = -1};
static uint64_t ELEM(count);
static uint32_t ELEM(burst), ELEM(headroom), ELEM(snaplen);
static int ELEM(timestamp);
static void ELEM(emit)(ck_packet *p);

/* Init: BURST (0 counts as 1), HEADROOM (default CK_HEADROOM), TIMESTAMP, and snaplen, the
 * largest frame kept (0 or above 65535: 65535). */
static void ELEM(afp_configure)(uint32_t snaplen)
{
    ELEM(burst) = (uint32_t)CONF(BURST);
    if (ELEM(burst) == 0)
        ELEM(burst) = 1;
#if CONF_GIVEN(HEADROOM)
    ELEM(headroom) = (uint32_t)CONF(HEADROOM);
#else
    ELEM(headroom) = CK_HEADROOM;
#endif
    ELEM(snaplen) = snaplen == 0 || snaplen > 65535 ? 65535 : snaplen;
    ELEM(timestamp) = (int)CONF(TIMESTAMP);
}

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
