/* IPGWOptions(MYADDR [, OTHERADDRS]): processes the IP options of packets a gateway forwards
 * (Click's elements/ip/ipgwoptions.cc, RFC 791):
 *
 * - Record Route: while there is room, MYADDR is stored at the pointer and the pointer
 *   advanced by 4; a pointer below 4, or not at the end of a full option, is an error;
 * - Timestamp: flag 0 stores a timestamp (milliseconds since midnight UTC, network order),
 *   flag 1 MYADDR and a timestamp, flag 3 a timestamp after a prespecified address that is
 *   MYADDR or one of OTHERADDRS; a full option increments the overflow count (an error once
 *   it is 15); a pointer below 5 or another flag is an error;
 * - other options are skipped; a length below 2 or past the header is an error.
 *
 * After a change the header checksum is recomputed.  An error sets the ICMP_PARAMPROB
 * annotation to the offset of the bad byte in the header and sends the packet (as modified
 * so far, as Click does) to output 1, or drops it (reason "bad IP option") without one; drops
 * counts errors.  Packets with a 20-byte header pass untouched.
 *
 * Where Click would read or write past the packet data, the option area ends with the data
 * (an option running past it is a length error) and the bytes after the header, which Click
 * reads for short options, read as 0 when the packet ends there. */
#include "ip/ckip.h"
#include "standard/ckoutput.h"

/* Concurrency (docs/concurrency.md): with ELEMENT_NTHREADS > 1 the drop counter is updated
 * and read with relaxed atomics (standard/ckstat.h). */
#include "standard/ckstat.h"
static uint32_t ELEM(drops);

static inline int ELEM(mine)(uint32_t a)
{
    if (a == (uint32_t)CONF(MYADDR))
        return 1;
#if CONF_GIVEN(OTHERADDRS)
    for (int i = 0; i < (int)CONF_LEN(OTHERADDRS); i++)
        if (CONF(OTHERADDRS)[i] == a)
            return 1;
#endif
    return 0;
}

static ck_packet *ELEM(error)(ck_packet *p, int oi)
{
    CK_STAT_ADD(ELEM(drops), 1);
    ck_set_anno_u8(p, ICMP_PARAMPROB_ANNO_OFFSET, (uint8_t)oi);
    CK_OUTPUT1_OR_DROP(p, "bad IP option");
    return NULL;
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    long nlen = ck_network_length(p);
    if (nlen < 1) {
        ck_drop(p, ELEMENT_INDEX, "no IP header");
        return NULL;
    }
    if (((ck_network_header(p)[0] & 0xF) << 2) <= CKIP_HDR)
        return p;
    int hlen = p->th_off - p->nh_off; /* Click's network_header_length() */
    if (hlen > nlen)
        hlen = (int)nlen;
    int writable = 0;
#define GB(i) ((long)(i) < nlen ? ck_network_header(p)[(i)] : 0)
    int oi = CKIP_HDR;
    while (oi < hlen) {
        unsigned type = GB(oi);
        if (type == CKIPOPT_NOP) {
            oi++;
            continue;
        } else if (type == CKIPOPT_EOL)
            break;
        int xlen = GB(oi + 1);
        if (xlen < 2 || oi + xlen > hlen)
            return ELEM(error)(p, oi + 1);
        if (type != CKIPOPT_RR && type != CKIPOPT_TS) {
            oi += xlen;
            continue;
        }
        if (!writable) {
            p = ck_packet_uniqueify(p);
            if (!p)
                return NULL;
            writable = 1;
        }
        unsigned char *w = ck_network_header(p);
        uint32_t myaddr = CONF(MYADDR);
        int ptr = GB(oi + 2) - 1;
        if (type == CKIPOPT_RR) {
            if (ptr >= 3 && ptr + 4 <= xlen) {
                if (oi + ptr + 4 <= nlen)
                    memcpy(w + oi + ptr, &myaddr, 4);
                w[oi + 2] = (unsigned char)(w[oi + 2] + 4);
            } else if (ptr != xlen)
                return ELEM(error)(p, oi + 2);
        } else {
            int oflw = GB(oi + 3) >> 4, flg = GB(oi + 3) & 0xF, overflowed = 0;
            int64_t now = ck_now_ns();
            uint32_t ms_host = (uint32_t)(((now / 1000000000) % 86400) * 1000 + (now % 1000000000) / 1000000);
            unsigned char ms[4] = {(unsigned char)(ms_host >> 24), (unsigned char)(ms_host >> 16),
                                   (unsigned char)(ms_host >> 8), (unsigned char)ms_host};
            if (ptr < 4)
                return ELEM(error)(p, oi + 2);
            else if (flg == 0) {
                if (ptr + 4 <= xlen) {
                    if (oi + ptr + 4 <= nlen)
                        memcpy(w + oi + ptr, ms, 4);
                    w[oi + 2] = (unsigned char)(w[oi + 2] + 4);
                } else
                    overflowed = 1;
            } else if (flg == 1) {
                if (ptr + 8 <= xlen) {
                    if (oi + ptr + 8 <= nlen) {
                        memcpy(w + oi + ptr, &myaddr, 4);
                        memcpy(w + oi + ptr + 4, ms, 4);
                    }
                    w[oi + 2] = (unsigned char)(w[oi + 2] + 8);
                } else
                    overflowed = 1;
            } else if (flg == 3 && ptr + 8 <= xlen) {
                if (oi + ptr + 8 <= nlen && ELEM(mine)(ck_raw32(w + oi + ptr))) {
                    memcpy(w + oi + ptr + 4, ms, 4);
                    w[oi + 2] = (unsigned char)(w[oi + 2] + 8);
                }
            } else
                return ELEM(error)(p, oi + 3);
            if (overflowed) {
                if (oflw < 15) {
                    if (oi + 3 < nlen)
                        w[oi + 3] = (unsigned char)(((oflw + 1) << 4) | flg);
                } else
                    return ELEM(error)(p, oi + 3);
            }
        }
        oi += xlen;
    }
#undef GB
    if (writable) {
        unsigned char *ip = ck_network_header(p);
        ck_ip_set_cksum(ip, (uint32_t)hlen);
    }
    return p;
}
#include "simple_action.h"

#include "standard/ckdata.h"
CK_DATA_READ(drops, CK_STAT_LOAD(ELEM(drops)));
