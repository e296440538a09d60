/* ICMPRewriter(MAPS, DST_ANNO, REPLY_ANNO): rewrites ICMP errors (unreachable, time exceeded,
 * parameter problem, source quench, redirect) about flows the rewriters in MAPS mapped, so
 * that they reach the original sender: the outer destination, the embedded IP header's
 * addresses, the embedded ports or ping identifier, and every checksum involved (incrementally,
 * RFC 1624), as Click's elements/icmp/icmprewriter.cc.  The rewriters' tables are named by the
 * per-instance code of clickc.elements.tcpudp.rewriter_config (ELEM(maps)).  Packets that are
 * not ICMP, not errors, too short, or about no mapped flow are dropped (Click kills them). */
#include "tcpudp/rewriter_lock.h"

static void ELEM(update)(unsigned char *csum, const uint16_t *old_hw, const uint16_t *new_hw,
                         int n)
{
    uint16_t c = ck_raw16(csum);
    for (int i = 0; i < n; i++)
        c = rw_cksum_update(c, old_hw[i], new_hw[i]);
    ck_set_raw16(csum, c);
}

/* ICMPRewriter::handle: the output port, or -1. */
static int ELEM(handle)(ck_packet *p, unsigned char *ip)
{
    unsigned char *end = p->data + p->len;
    unsigned char *icmp = ck_transport_header(p);
    if (!icmp)
        icmp = ip + ((ip[CKIP_VHL] & 0xF) << 2);
    if (end - icmp < 1)
        return -1;
    uint8_t type = icmp[0];
    if (type != CKICMP_UNREACH && type != CKICMP_TIMXCEED && type != CKICMP_PARAMPROB
        && type != CKICMP_SOURCEQUENCH && type != CKICMP_REDIRECT)
        return -1;
    if (end - icmp < 8 + CKIP_HDR)
        return -1;
    unsigned char *eip = icmp + 8;
    unsigned char *etr = eip + ((eip[CKIP_VHL] & 0xF) << 2);
    if ((eip[CKIP_VHL] >> 4) != 4 || etr < eip + CKIP_HDR)
        return -1;
    int enc_p = eip[CKIP_P];
    int first = (ck_get16(eip + CKIP_OFF) & CKIP_OFFMASK) == 0;
    rw_flowid search = rw_make_flowid(ck_raw32(eip + CKIP_DST), 0, ck_raw32(eip + CKIP_SRC), 0);
    int use_transp = 0;
    if (enc_p == CKIP_PROTO_TCP || enc_p == CKIP_PROTO_UDP || enc_p == 33) {
        if (etr + 8 <= end && first) {
            search.sport = ck_raw16(etr + 2);
            search.dport = ck_raw16(etr);
            use_transp = 1;
        }
    } else if (enc_p == CKIP_PROTO_ICMP) {
        if (etr + 6 <= end && first && etr[0] == CKICMP_ECHO) {
            search.sport = ck_raw16(etr + 4);
            use_transp = 1;
        }
    }
    rw_entry *entry = NULL;
    int mapid;
    for (mapid = 0; mapid < ELEM(nmaps); ++mapid)
        if ((entry = rw_get_entry_reply(ELEM(maps)[mapid], enc_p, &search)))
            break;
    if (!entry)
        return -1;
    rw_flowid nf = rw_entry_rewritten(entry);
    uint16_t old_hw[8], new_hw[8];
    int nhw;
    if (ck_raw32(ip + CKIP_DST) == search.daddr) {
        memcpy(old_hw, ip + CKIP_DST, 4);
        memcpy(ip + CKIP_DST, &nf.daddr, 4);
        memcpy(new_hw, ip + CKIP_DST, 4);
        ELEM(update)(ip + CKIP_SUM, old_hw, new_hw, 2);
        if (ELEM(annos) & 1)
            ck_set_anno_u32(p, 0, nf.daddr);
    }
    if (entry->dir && (ELEM(annos) & 2))
        ck_set_anno_u8(p, (int)(ELEM(annos) >> 2), rw_entry_flow(entry)->reply_anno);
    memcpy(&old_hw[1], eip + CKIP_SRC, 8);
    old_hw[0] = ck_raw16(eip + CKIP_SUM);
    memcpy(eip + CKIP_SRC, &nf.daddr, 4);
    memcpy(eip + CKIP_DST, &nf.saddr, 4);
    memcpy(&new_hw[1], eip + CKIP_SRC, 8);
    ELEM(update)(eip + CKIP_SUM, old_hw + 1, new_hw + 1, 4);
    new_hw[0] = ck_raw16(eip + CKIP_SUM);
    nhw = 5;
    if (use_transp) {
        if (enc_p == CKIP_PROTO_TCP || enc_p == CKIP_PROTO_UDP || enc_p == 33) {
            memcpy(old_hw + nhw, etr, 4);
            memcpy(etr, &nf.dport, 2);
            memcpy(etr + 2, &nf.sport, 2);
            memcpy(new_hw + nhw, etr, 4);
            nhw += 2;
            unsigned char *csum = NULL;
            if (enc_p == CKIP_PROTO_TCP && etr + 18 <= end)
                csum = etr + 16;
            else if (enc_p == CKIP_PROTO_UDP && etr + 8 <= end && ck_raw16(etr + 6) != 0)
                csum = etr + 6;
            if (csum) {
                old_hw[nhw] = ck_raw16(csum);
                ELEM(update)(csum, old_hw + 1, new_hw + 1, nhw - 1);
                new_hw[nhw] = ck_raw16(csum);
                nhw++;
            }
        } else {
            old_hw[nhw] = ck_raw16(etr + 4);
            new_hw[nhw] = nf.dport;
            memcpy(etr + 4, &nf.dport, 2);
            nhw++;
            old_hw[nhw] = ck_raw16(etr + 2);
            ck_set_raw16(etr + 2, rw_cksum_update(ck_raw16(etr + 2), old_hw[nhw - 1],
                                                  new_hw[nhw - 1]));
            if (ck_raw16(etr + 2) == 0) { /* click_update_zero_in_cksum */
                unsigned char *x = etr;
                while (x < end && *x == 0)
                    x++;
                if (x == end)
                    ck_set_raw16(etr + 2, 0xFFFF);
            }
            new_hw[nhw] = ck_raw16(etr + 2);
            nhw++;
        }
    }
    ELEM(update)(icmp + 2, old_hw, new_hw, nhw);
    if (ELEM(offsets)[mapid] >= 0)
        return ELEM(offsets)[mapid] + entry->output;
    return 0;
}

static void
ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    p = ck_packet_uniqueify(p);
    if (!p)
        return;
    unsigned char *ip = ck_network_header(p);
    if (!ip || (p->data + p->len) - ip < CKIP_HDR || ip[CKIP_P] != CKIP_PROTO_ICMP) {
        ck_drop(p, ELEMENT_INDEX, "not ICMP");
        return;
    }
    ELEM(lock)();
    int out = ELEM(handle)(p, ip);
    ELEM(unlock)();
    if (out >= 0 && out < NOUTPUTS)
        OUTPUT(out, p);
    else
        ck_drop(p, ELEMENT_INDEX, "no mapping");
}
