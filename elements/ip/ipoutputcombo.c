/* IPOutputCombo(COLOR, IPADDR, MTU): Click's elements/ip/ipoutputcombo.cc, for IP packets whose
 * network header annotation marks the IP header.  In order:
 *
 * - a broadcast or multicast packet (packet type annotation) is dropped ("broadcast or
 *   multicast": Click frees it);
 * - a packet painted COLOR is copied to output 1;
 * - IP options (when the header is longer than 20 bytes, up to the marked header length):
 *   Record Route stores IPADDR while there is room (a pointer not at the end of a full option
 *   is an error); Timestamp flag 0 stores the time (milliseconds since midnight UTC), flag 1
 *   IPADDR and the time, flag 3 the time after a prespecified IPADDR; a full option counts an
 *   overflow (an error at 15); a pointer below 4 or another flag is an error; a length below 2
 *   or past the header is an error.  An error sets ICMP_PARAMPROB to the offset of the bad byte
 *   and sends the packet to output 2;
 * - a set FIX_IP_SRC annotation is cleared and the source becomes IPADDR;
 * - after an option or source change the header checksum is recomputed, over the first bytes
 *   of the packet data, as Click computes it (the IP header is expected at the data's start);
 * - a TTL of 0 or 1 sends the packet to output 3, else the TTL is decremented (checksum
 *   updated incrementally);
 * - a packet longer than MTU leaves on output 4, any other on output 0.
 *
 * A packet without a complete IP header at its network header (Click asserts there is one) is
 * dropped ("no IP header"); option bytes past the data read as 0 (Click reads past it). */
#include "ip/ckip.h"

static inline unsigned ELEM(at)(const unsigned char *w, long avail, long i)
{
    return i < avail ? w[i] : 0;
}

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    if (p->packet_type == CK_PACKET_BROADCAST || p->packet_type == CK_PACKET_MULTICAST) {
        ck_drop(p, ELEMENT_INDEX, "broadcast or multicast");
        return;
    }
    if (p->anno[PAINT_ANNO_OFFSET] == (uint8_t)CONF(COLOR)) {
        ck_packet *q = ck_packet_clone(p);
        if (q)
            OUTPUT(1, q);
        else
            ck_count_drop(ELEMENT_INDEX, "out of memory");
    }
    if (ck_network_length(p) < CKIP_HDR) {
        ck_drop(p, ELEMENT_INDEX, "no IP header");
        return;
    }
    p = ck_packet_uniqueify(p);
    if (!p) {
        ck_count_drop(ELEMENT_INDEX, "out of memory");
        return;
    }
    unsigned char *ip = ck_network_header(p);
    long avail = ck_network_length(p);
    uint32_t my = (uint32_t)CONF(IPADDR); /* memory order */
    uint32_t hlen = (uint32_t)(ip[CKIP_VHL] & 0xF) << 2;
    int do_cksum = 0, problem = -1;
    if (hlen > CKIP_HDR) {
        long nhl = p->th_off - p->nh_off;
        for (long oi = CKIP_HDR; oi < nhl;) {
            unsigned type = ELEM(at)(ip, avail, oi);
            if (type == CKIPOPT_NOP) {
                oi++;
                continue;
            }
            if (type == CKIPOPT_EOL)
                break;
            long xlen = ELEM(at)(ip, avail, oi + 1);
            if (xlen < 2 || oi + xlen > nhl || oi + xlen > avail) {
                problem = (int)oi + 1;
                break;
            }
            if (type == CKIPOPT_RR) {
                long ptr = (long)ELEM(at)(ip, avail, oi + 2) - 1;
                if (ptr >= 3 && ptr + 4 <= xlen) {
                    memcpy(ip + oi + ptr, &my, 4);
                    ip[oi + 2] += 4;
                    do_cksum = 1;
                } else if (ptr != xlen) {
                    problem = (int)oi + 2;
                    break;
                }
            } else if (type == CKIPOPT_TS) {
                long ptr = (long)ELEM(at)(ip, avail, oi + 2) - 1;
                unsigned flags = ELEM(at)(ip, avail, oi + 3);
                unsigned oflw = flags >> 4, flg = flags & 0xF;
                int64_t now = ck_now_ns();
                uint32_t ms_host = (uint32_t)(((now / 1000000000) % 86400) * 1000 +
                                              (now % 1000000000) / 1000000);
                unsigned char ms[4] = {(unsigned char)(ms_host >> 24), (unsigned char)(ms_host >> 16),
                                       (unsigned char)(ms_host >> 8), (unsigned char)ms_host};
                int overflowed = 0;
                if (ptr < 4) {
                    problem = (int)oi + 2;
                    break;
                } else if (flg == 0) {
                    if (ptr + 4 <= xlen) {
                        memcpy(ip + oi + ptr, ms, 4);
                        ip[oi + 2] += 4;
                        do_cksum = 1;
                    } else
                        overflowed = 1;
                } else if (flg == 1) {
                    if (ptr + 8 <= xlen) {
                        memcpy(ip + oi + ptr, &my, 4);
                        memcpy(ip + oi + ptr + 4, ms, 4);
                        ip[oi + 2] += 8;
                        do_cksum = 1;
                    } else
                        overflowed = 1;
                } else if (flg == 3 && ptr + 8 <= xlen) {
                    if (memcmp(ip + oi + ptr, &my, 4) == 0) {
                        memcpy(ip + oi + ptr + 4, ms, 4);
                        ip[oi + 2] += 8;
                        do_cksum = 1;
                    }
                } else {
                    problem = (int)oi + 3;
                    break;
                }
                if (overflowed) {
                    if (oflw < 15 && oi + 3 < avail) { /* (a 2- or 3-byte option at the
                                                         * end of the data: its flags byte is
                                                         * missing, an error) */
                        ip[oi + 3] = (unsigned char)((oflw + 1) << 4 | flg);
                        do_cksum = 1;
                    } else {
                        problem = (int)oi + 3;
                        break;
                    }
                }
            }
            oi += xlen;
        }
    }
    if (problem >= 0) {
        p->anno[ICMP_PARAMPROB_ANNO_OFFSET] = (uint8_t)problem;
        OUTPUT(2, p);
        return;
    }
    if (p->anno[FIX_IP_SRC_ANNO_OFFSET]) {
        p->anno[FIX_IP_SRC_ANNO_OFFSET] = 0;
        memcpy(ip + CKIP_SRC, &my, 4);
        do_cksum = 1;
    }
    if (do_cksum) {
        uint32_t n = hlen < p->len ? hlen : p->len;
        ck_set_raw16(ip + CKIP_SUM, 0);
        ck_set_raw16(ip + CKIP_SUM, ck_in_cksum(p->data, n));
    }
    if (ip[CKIP_TTL] <= 1) {
        OUTPUT(3, p);
        return;
    }
    ip[CKIP_TTL]--;
    uint32_t sum = (~(uint32_t)ck_get16(ip + CKIP_SUM) & 0xFFFF) + 0xFEFF;
    ck_put16(ip + CKIP_SUM, (uint16_t)~(sum + (sum >> 16)));
    if (p->len > (uint32_t)CONF(MTU)) {
        OUTPUT(4, p);
        return;
    }
    OUTPUT(0, p);
}
