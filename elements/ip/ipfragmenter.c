/* IPFragmenter(MTU [, HONOR_DF, VERBOSE, HEADROOM]): IP packets longer than MTU (counted from
 * the network header) are fragmented (Click's elements/ip/ipfragmenter.cc, RFC 791):
 *
 * - with DF set and HONOR_DF (the default), or when the header leaves less than 8 bytes of
 *   data in MTU, the packet goes to output 1 (dropped, reason "DF set", without one), counted
 *   in drops; the first 5 such packets (all with VERBOSE) print
 *   "IPFragmenter(MTU) DF SRC DST len=LENGTH";
 * - otherwise the packet itself, cut to its header and the largest multiple of 8 bytes that
 *   fits, with MF set, is the first fragment (DF cleared and a random ID when DF was ignored);
 *   the other fragments are new packets (HEADROOM bytes of headroom, 28 by default) carrying a
 *   copy of the first 20 header bytes and of the options whose copied flag is set (padded
 *   with EOL to a multiple of 4), the next data, the fragment offset, MF unless last (or the
 *   original had MF), and the original's annotations and timestamp.
 *
 * Where Click would read past the data (the IP total length claims more data than the packet
 * holds), the missing bytes of a fragment are zero.  A packet without a network header, or
 * with less IP header than it claims, is dropped (reason "no IP header"). */
#include "ip/ckip.h"
#include "standard/ckoutput.h"

/* Concurrency (docs/concurrency.md): with ELEMENT_NTHREADS > 1 the drop and fragment
 * counters are relaxed atomics and the ID generator's state is loaded and stored atomically
 * (two threads may then draw the same ID, which IP allows for unrelated datagrams). */
#include "standard/ckstat.h"
static uint32_t ELEM(drops);
static uint32_t ELEM(fragments);
static uint32_t ELEM(rand_state) = 0x2545F491u;

/* Click's optcopy: copy (out != NULL) or measure the options of the header `in` whose copied
 * flag is set; returns the padded length. */
static int ELEM(optcopy)(const unsigned char *in, unsigned char *out)
{
    const unsigned char *oin = in + CKIP_HDR;
    const unsigned char *oin_end = in + ((in[0] & 0xF) << 2);
    int outpos = 0;
    while (oin < oin_end) {
        if (*oin == CKIPOPT_NOP)
            ++oin;
        else if (*oin == CKIPOPT_EOL || oin + 1 == oin_end || oin[1] < 2 || oin + oin[1] > oin_end)
            break;
        else {
            if (*oin & 0x80) {
                if (out)
                    memcpy(out + CKIP_HDR + outpos, oin, oin[1]);
                outpos += oin[1];
            }
            oin += oin[1];
        }
    }
    for (; (outpos & 3) != 0; outpos++)
        if (out)
            out[CKIP_HDR + outpos] = CKIPOPT_EOL;
    return outpos;
}

static void ELEM(fragment)(ck_packet *p, long nlen)
{
    const unsigned char *ip_in = ck_network_header(p);
    int mtu = (int)CONF(MTU);
    int hlen = (ip_in[0] & 0xF) << 2;
    int first_dlen = (mtu - hlen) & ~7;
    int in_dlen = (int)ck_get16(ip_in + CKIP_LEN) - hlen;
    if (((ip_in[CKIP_OFF] & 0x40) && CONF(HONOR_DF)) || first_dlen < 8) {
        if (CK_STAT_FETCH_ADD(ELEM(drops), 1) < 5 || CONF(VERBOSE)) {
            char s[16], d[16];
            ck_ip_unparse(s, ck_raw32(ip_in + CKIP_SRC));
            ck_ip_unparse(d, ck_raw32(ip_in + CKIP_DST));
            ck_chatter("IPFragmenter(%d) DF %s %s len=%u", mtu, s, d, p->len);
        }
        CK_OUTPUT1_OR_DROP(p, "DF set");
        return;
    }
    if (hlen < CKIP_HDR || hlen > nlen) {
        ck_drop(p, ELEMENT_INDEX, "no IP header");
        return;
    }
    p = ck_packet_uniqueify(p);
    if (!p)
        return;
    unsigned char *ip = ck_network_header(p);
    if (ip[CKIP_OFF] & 0x40) {
        uint32_t x = CK_STAT_LOAD(ELEM(rand_state));
        x ^= x << 13, x ^= x >> 17, x ^= x << 5;
        CK_STAT_STORE(ELEM(rand_state), x);
        ck_set_raw16(ip + CKIP_ID, (uint16_t)x);
        ip[CKIP_OFF] &= (unsigned char)~0x40;
    }
    int had_mf = (ip[CKIP_OFF] & 0x20) != 0;
    ck_put16(ip + CKIP_LEN, (uint16_t)(hlen + first_dlen));
    ip[CKIP_OFF] |= 0x20;
    ck_ip_set_cksum(ip, (uint32_t)hlen);

    /* data source: Click's transport header, bounded by the packet */
    long tlen = ck_transport_length(p);
    const unsigned char *th = ck_transport_header(p);
    if (tlen < 0)
        tlen = 0;

    ck_packet *first = ck_packet_clone(p);
    if (first) {
        ck_packet_take(first, (uint32_t)(nlen - hlen - first_dlen));
        OUTPUT(0, first);
        CK_STAT_ADD(ELEM(fragments), 1);
    } else
        ck_count_drop(ELEMENT_INDEX, "out of memory");

    int out_hlen = CKIP_HDR + ELEM(optcopy)(ip, NULL);
    for (int off = first_dlen; off < in_dlen;) {
        int out_dlen = (mtu - out_hlen) & ~7;
        if (out_dlen + off > in_dlen)
            out_dlen = in_dlen - off;
        ck_packet *q = ck_packet_alloc_room((uint32_t)CONF(HEADROOM), (uint32_t)(out_hlen + out_dlen), 0);
        if (q) {
            unsigned char *qip = q->data;
            ck_set_network_header(q, qip, (uint32_t)out_hlen);
            memcpy(qip, ip, CKIP_HDR);
            ELEM(optcopy)(ip, qip);
            long avail = tlen - off;
            if (avail < 0)
                avail = 0;
            if (avail > out_dlen)
                avail = out_dlen;
            if (avail)
                memcpy(qip + out_hlen, th + off, (size_t)avail);
            if (avail < out_dlen)
                memset(qip + out_hlen + avail, 0, (size_t)(out_dlen - avail));
            qip[CKIP_VHL] = (unsigned char)(0x40 | (out_hlen >> 2));
            ck_put16(qip + CKIP_OFF, (uint16_t)(ck_get16(ip + CKIP_OFF) + (off >> 3)));
            if (out_dlen + off >= in_dlen && !had_mf)
                qip[CKIP_OFF] &= (unsigned char)~0x20;
            ck_put16(qip + CKIP_LEN, (uint16_t)(out_hlen + out_dlen));
            ck_ip_set_cksum(qip, (uint32_t)out_hlen);
            memcpy(q->anno, p->anno, CK_ANNO_SIZE);
            q->packet_type = p->packet_type;
            q->ts_ns = p->ts_ns;
            OUTPUT(0, q);
            CK_STAT_ADD(ELEM(fragments), 1);
        } else
            ck_count_drop(ELEMENT_INDEX, "out of memory");
        off += out_dlen;
    }
    ck_packet_kill(p);
}

static int
ELEM(init)(ck_errh *errh)
{
    if ((uint32_t)CONF(MTU) < 8)
        return ck_error(errh, "MTU must be at least 8");
    return 0;
}

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    long nlen = ck_network_length(p);
    if (nlen < 0)
        ck_drop(p, ELEMENT_INDEX, "no IP header");
    else if (nlen <= (long)CONF(MTU))
        OUTPUT(0, p);
    else if (nlen < CKIP_HDR)
        ck_drop(p, ELEMENT_INDEX, "no IP header");
    else
        ELEM(fragment)(p, nlen);
}

#include "standard/ckdata.h"
CK_DATA_READ(drops, CK_STAT_LOAD(ELEM(drops)));
CK_DATA_READ(fragments, CK_STAT_LOAD(ELEM(fragments)));
