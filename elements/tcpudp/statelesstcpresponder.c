/* StatelessTCPResponder([DATA]): serves DATA to TCP clients without keeping connection state,
 * as Click's elements/tcpudp/statelesstcpresp.cc designs it (docs/more-elements.md,
 * "StatelessTCPResponder").  Input: IP packets with their network header annotation.
 *
 * The responder's sequence numbers carry the state: its initial sequence number is
 * MSS * 2^16 + SPORT * 2^8 (MSS: the client SYN's maximum segment size option, 576 without
 * one; SPORT: the client's port), so an acknowledgement number minus SPORT * 2^8 gives the
 * segment size (high 16 bits) and the position acknowledged (low 16 bits: 0 the SYN, 1 + i
 * DATA's byte i, 1 + length the FIN).  A SYN is answered with SYN-ACK (MSS option 1460); an
 * ACK with the segment at its position: at most MSS bytes (and the client's window), with FIN
 * when it reaches the end.  Each answer goes to the client (addresses and ports swapped, TTL
 * 200, IP ID counting by 2, window 65535), acknowledging the client's segment, on output 0 in
 * place of the packet.  A client's pure acknowledgement of the FIN gets no answer (a counted
 * drop, "done").  With ELEMENT_NTHREADS above 1 the IP ID is one relaxed atomic fetch-add
 * (standard/ckstat.h), the only state.  Other packets: not TCP, a later fragment or shorter than a TCP header: output
 * 1, or a counted drop ("not TCP"); RST: a counted drop ("reset"); neither SYN nor ACK, or an
 * acknowledgement number the responder cannot have sent: a counted drop ("unexpected"). */
#include "ip/ckip.h"
#include "standard/ckoutput.h"
#include "standard/ckstat.h"

static uint16_t ELEM(ip_id);

/* The MSS option of a SYN, or 576. */
static uint32_t ELEM(syn_mss)(const unsigned char *th, long tlen)
{
    long end = (th[12] >> 4) << 2;
    if (end > tlen)
        end = tlen;
    uint32_t mss = 576;
    for (long o = 20; o < end;) {
        if (th[o] == 0) /* end of options */
            break;
        if (th[o] == 1) { /* no-operation */
            o++;
            continue;
        }
        if (o + 1 >= end || th[o + 1] < 2 || o + th[o + 1] > end)
            break;
        if (th[o] == 2 && th[o + 1] == 4)
            mss = ck_get16(th + o + 2);
        o += th[o + 1];
    }
    return mss;
}

static uint32_t ELEM(get32)(const unsigned char *b)
{
    return (uint32_t)ck_get16(b) << 16 | ck_get16(b + 2);
}

static void ELEM(put32)(unsigned char *b, uint32_t v)
{
    ck_put16(b, (uint16_t)(v >> 16));
    ck_put16(b + 2, (uint16_t)v);
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    const unsigned char *iph = ck_network_header(p), *th = ck_transport_header(p);
    long nlen = ck_network_length(p), tlen = ck_transport_length(p);
    if (!iph || nlen < CKIP_HDR || iph[CKIP_P] != 6 || (ck_get16(iph + CKIP_OFF) & CKIP_OFFMASK)
        || !th || tlen < 20) {
        CK_OUTPUT1_OR_DROP(p, "not TCP");
        return NULL;
    }
    unsigned flags = th[13];
    uint32_t sport = ck_get16(th), len = (uint32_t)CONF_LEN(DATA);
    uint32_t ackno, hl;
    if (flags & 0x04) {
        ck_drop(p, ELEMENT_INDEX, "reset");
        return NULL;
    } else if ((flags & 0x12) == 0x02) { /* SYN */
        ackno = (ELEM(syn_mss)(th, tlen) << 16) + (sport << 8);
        hl = 24;
    } else if ((flags & 0x12) == 0x10) { /* ACK */
        ackno = ELEM(get32)(th + 8);
        hl = 20;
    } else {
        ck_drop(p, ELEMENT_INDEX, "unexpected");
        return NULL;
    }
    uint32_t base = ackno - (sport << 8), mss = base >> 16, pos = base & 0xFFFF;
    if (mss < 20 || pos > len + 2 || (pos == 0 && !(flags & 0x02))) {
        ck_drop(p, ELEMENT_INDEX, "unexpected");
        return NULL;
    }
    /* the client's segment: sequence space it takes (data, SYN, FIN) */
    long cdata = (long)(ck_get16(iph + CKIP_LEN)) - (long)(th - iph) - ((th[12] >> 4) << 2);
    uint32_t cseq = ELEM(get32)(th + 4);
    uint32_t cack = cseq + (uint32_t)(cdata > 0 ? cdata : 0) + (flags & 0x02 ? 1 : 0)
                    + (flags & 0x01 ? 1 : 0);
    if (pos == len + 2 && cack == cseq) { /* the FIN acknowledged, nothing to acknowledge */
        ck_drop(p, ELEMENT_INDEX, "done");
        return NULL;
    }
    if (mss > ck_get16(th + 14))
        mss = ck_get16(th + 14);
    if (flags & 0x02)
        mss = 0;
    if (pos + mss > len + 2)
        mss = len + 2 - pos;
    int fin = pos < len + 2 && pos + mss == len + 2;
    uint32_t payload = fin ? mss - 1 : pos == len + 2 ? 0 : mss;
    ck_packet *q = ck_packet_alloc(CKIP_HDR + hl + payload);
    if (!q) {
        ck_drop(p, ELEMENT_INDEX, "out of memory");
        return NULL;
    }
    unsigned char *ip = q->data, *tcp = ip + CKIP_HDR;
    memset(ip, 0, CKIP_HDR + hl);
    ck_set_network_header(q, ip, CKIP_HDR);
    ip[CKIP_VHL] = 0x45;
    ck_put16(ip + CKIP_LEN, (uint16_t)(CKIP_HDR + hl + payload));
    ck_put16(ip + CKIP_ID, (uint16_t)CK_STAT_FETCH_ADD(ELEM(ip_id), 2));
    ip[CKIP_TTL] = 200;
    ip[CKIP_P] = 6;
    memcpy(ip + CKIP_SRC, iph + CKIP_DST, 4);
    memcpy(ip + CKIP_DST, iph + CKIP_SRC, 4);
    ck_set_raw16(ip + CKIP_SUM, ck_in_cksum(ip, CKIP_HDR));
    memcpy(tcp, th + 2, 2);
    memcpy(tcp + 2, th, 2);
    ELEM(put32)(tcp + 4, ackno);
    ELEM(put32)(tcp + 8, cack);
    tcp[12] = (unsigned char)((hl >> 2) << 4);
    tcp[13] = (unsigned char)((flags & 0x02 ? 0x12 : 0x10) | (fin ? 0x01 : 0));
    ck_put16(tcp + 14, 0xFFFF);
    if (flags & 0x02) { /* MSS option: 1460 */
        tcp[20] = 2;
        tcp[21] = 4;
        ck_put16(tcp + 22, 1460);
    }
    if (payload)
        memcpy(tcp + hl, (const char *)CONF(DATA) + pos - 1, payload);
    ck_transport_set_cksum(ip, tcp, hl + payload, 16);
    ck_packet_kill(p);
    return q;
}
#include "simple_action.h"
