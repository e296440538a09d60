/* Shared template body of the IPRewriterBase classes: initialization, the push path and the
 * common handlers.  Included by iprewriter.c, tcprewriter.c, udprewriter.c,
 * ipaddrrewriter.c, ipaddrpairrewriter.c and icmppingrewriter.c after the per-instance code
 * of clickc.elements.tcpudp.rewriter_config (ELEM(rw), ELEM(cls), ELEM(input_conf),
 * ELEM(timeouts), ELEM(annos), ELEM(heap), ELEM(gc_interval)).
 *
 * Behaviour follows the push() methods of Click's IPRewriter, TCPRewriter, UDPRewriter,
 * IPAddrRewriter, IPAddrPairRewriter and ICMPPingRewriter and the apply() methods of their
 * flows.  Packets Click kills (no mapping and a drop specification, or not rewritable by the
 * class) are dropped with a counted reason.  A packet without a complete IP header, which
 * Click would read past, is treated as not rewritable.
 *
 * Several threads (ELEMENT_NTHREADS > 1, or a router with several threads): the push path from
 * lookup to the end of the rewrite, and every handler, run under the one rewriter table lock
 * (rw_global_lock in rewriter_flow.h; ELEM(lock)/ELEM(unlock) in rewriter_lock.h); with one
 * thread the lock calls compile away. */
#include "tcpudp/rewriter_lock.h"

/* The text of a `table` (or `mappings`, `tcp_table`...) handler: map m's entries in Click's
 * order, each printed by unparse (rw_table), under the table lock. */
static CK_UNUSED int ELEM(table_text)(rw_map *m, ck_buf *out,
                                      void (*unparse)(ck_buf *, rw_entry *, uint32_t))
{
    ELEM(lock)();
    rw_catch_up(ELEM(rw));
    rw_table(m, out, unparse, rw_jiffies());
    ELEM(unlock)();
    return 0;
}

static int ELEM(read_patternN)(ck_buf *out);
static int ELEM(write_patternN)(const char *value, ck_errh *errh);

static int
ELEM(init)(ck_errh *errh)
{
    rw_base *rw = ELEM(rw);
    if (rw_base_init(rw, ELEMENT_NAME, ELEM(cls), NINPUTS, NOUTPUTS, ELEM(input_conf),
                     ELEM(heap), ELEM(gc_interval)) < 0)
        return ck_error(errh, "out of memory");
    rw->timeouts[0] = ELEM(timeouts)[0];
    rw->timeouts[1] = ELEM(timeouts)[1];
    rw->udp_timeouts[0] = ELEM(timeouts)[2];
    rw->udp_timeouts[1] = ELEM(timeouts)[3];
    rw->tcp_data_timeout = ELEM(timeouts)[4];
    rw->tcp_done_timeout = ELEM(timeouts)[5];
    rw->udp_streaming_timeout = ELEM(timeouts)[6];
    rw->annos = ELEM(annos);
    /* RoundRobinIPMapper::notify_rewriter: the mapper's outputs must exist here */
    int bad = 0;
    for (int i = 0; i < NINPUTS; i++) {
        const rw_mapper *m = ELEM(input_conf)[i].mapper;
        if (ELEM(input_conf)[i].kind != RW_I_MAPPER || !m)
            continue;
        for (int k = 0; k < m->n; k++)
            if (m->is[k].foutput >= NOUTPUTS || m->is[k].routput >= NOUTPUTS) {
                ck_error(errh, "input spec %d: output port out of range in %s pattern %d", i,
                         m->declaration, k);
                bad = 1;
            }
    }
    /* Click's add_rewriter_handlers: patternN for every input (pattern0 is in the table) */
    for (int i = 1; i < NINPUTS && !bad; i++) {
        char name[32];
        snprintf(name, sizeof name, "pattern%d", i);
        if (ck_handler_add(ELEMENT_NAME, name, ELEM(read_patternN), ELEM(write_patternN)) < 0)
            return ck_error(errh, "out of memory");
    }
    return bad ? -1 : 0;
}

static void
ELEM(cleanup)(void)
{
    rw_base_cleanup(ELEM(rw));
}

/* Click's checked_output_push for a packet without mapping: an output port, else killed. */
static inline void ELEM(no_mapping)(int result, ck_packet *p, const char *why)
{
    if (result >= 0 && result < NOUTPUTS)
        OUTPUT(result, p);
    else
        ck_drop(p, ELEMENT_INDEX, why);
}

/* The transport header and its length (Click's transport_header()/transport_length()). */
static inline unsigned char *ELEM(transport)(ck_packet *p, unsigned char *ip, int32_t *len)
{
    unsigned char *th = ck_transport_header(p);
    if (!th)
        th = ip + ((ip[CKIP_VHL] & 0xF) << 2);
    *len = (int32_t)((p->data + p->len) - th);
    return th;
}

/* The IP header part of IPRewriterFlow::apply and its subclasses' (both addresses). */
static inline void ELEM(apply_ip)(ck_packet *p, unsigned char *ip, rw_flow *f, int dir,
                                  int src, int dst)
{
    const rw_flowid *rev = &f->e[!dir].id;
    unsigned annos = ELEM(rw)->annos;
    if (src)
        memcpy(ip + CKIP_SRC, &rev->daddr, 4);
    if (dst)
        memcpy(ip + CKIP_DST, &rev->saddr, 4);
    if ((annos & 1) && dst)
        ck_set_anno_u32(p, 0, rev->saddr);
    if (dir && (annos & 2))
        ck_set_anno_u8(p, (int)(annos >> 2), f->reply_anno);
    rw_update_csum(ip + CKIP_SUM, dir, f->ip_csum_delta);
}

static inline int ELEM(first_frag)(const unsigned char *ip)
{
    return (ck_get16(ip + CKIP_OFF) & CKIP_OFFMASK) == 0;
}

/* Replace the 32-bit field at th + off by v (host order), fixing the TCP checksum. */
static inline void ELEM(set_seq_field)(unsigned char *th, int off, uint32_t v)
{
    uint16_t c = ck_raw16(th + 16), oh = ck_raw16(th + off), ol = ck_raw16(th + off + 2);
    rw_put32(th + off, v);
    c = rw_cksum_update(c, oh, ck_raw16(th + off));
    c = rw_cksum_update(c, ol, ck_raw16(th + off + 2));
    ck_set_raw16(th + 16, c);
}

/* TCPFlow::apply_sack: the edges of every SACK block in the options of a direction-dir TCP
 * header th (hlen bytes of header present) move as acknowledgement numbers do; the checksum
 * is fixed over the 16-bit words the blocks touch. */
static inline void ELEM(apply_sack)(rw_flow *f, int dir, unsigned char *th, int32_t hlen)
{
    unsigned char *begin = th + 20, *end = th + hlen, *opt = begin;
    uint32_t delta = 0;
    while (opt < end) {
        if (opt[0] == 0) /* end of options */
            break;
        if (opt[0] == 1) { /* no-op */
            opt++;
            continue;
        }
        if (opt + 1 >= end || opt[1] < 2)
            break;
        if (opt[0] != 5) { /* not SACK */
            opt += opt[1];
            continue;
        }
        unsigned char *send = opt + opt[1];
        if (send > end || opt[1] % 8 != 2)
            break;
        /* the words covering the blocks, from an even offset in the header */
        unsigned char *w0 = begin + ((opt + 2 - begin) & ~(ptrdiff_t)1);
        unsigned char old[48] = {0}, now[48] = {0};
        size_t n = (size_t)(send - w0), nw = (n + 1) / 2;
        memcpy(old, w0, n);
        for (unsigned char *b = opt + 2; b < send; b += 8) {
            rw_put32(b, rw_new_ack(f, dir, rw_get32(b)));
            rw_put32(b + 4, rw_new_ack(f, dir, rw_get32(b + 4)));
        }
        memcpy(now, w0, n);
        for (size_t i = 0; i < nw; i++)
            delta += (uint32_t)(~ck_raw16(old + 2 * i) & 0xFFFF) + ck_raw16(now + 2 * i);
        opt = send;
    }
    if (delta) {
        uint32_t sum = (~(uint32_t)ck_raw16(th + 16) & 0xFFFF) + delta;
        while (sum >> 16)
            sum = (sum & 0xFFFF) + (sum >> 16);
        ck_set_raw16(th + 16, (uint16_t)~sum);
    }
}

/* The sequence-number part of TCPFlow::apply: only for flows with deltas (FTPPortMapper's). */
static inline void ELEM(apply_seq)(rw_flow *f, int dir, unsigned char *th, int32_t tlen)
{
    rw_dt *d = f->dt;
    uint32_t seq = rw_get32(th + 4);
    if (d->has[dir] && rw_seq_geq(seq, d->trigger[dir] + (1u << 30)))
        rw_dt_drop(d, dir); /* the trigger is 1G behind: irrelevant from now on */
    if (d->delta[dir] || d->has[dir])
        ELEM(set_seq_field)(th, 4, rw_new_seq(f, dir, seq));
    if (d->delta[!dir] || d->has[!dir]) {
        ELEM(set_seq_field)(th, 8, rw_new_ack(f, dir, rw_get32(th + 8)));
        int off = th[12] >> 4;
        static const unsigned char tstamp[4] = {1, 1, 8, 10};
        if (off > 8 || (off == 8 && memcmp(th + 20, tstamp, 4) != 0))
            ELEM(apply_sack)(f, dir, th, tlen < off * 4 ? tlen : off * 4);
    }
}

/* TCPRewriter::TCPFlow::apply. */
static inline void ELEM(apply_tcp)(ck_packet *p, unsigned char *ip, rw_flow *f, int dir)
{
    ELEM(apply_ip)(p, ip, f, dir, 1, 1);
    int32_t tlen;
    unsigned char *th = ELEM(transport)(p, ip, &tlen);
    if (!ELEM(first_frag)(ip) || tlen < 18)
        return;
    const rw_flowid *rev = &f->e[!dir].id;
    memcpy(th + 0, &rev->dport, 2);
    memcpy(th + 2, &rev->sport, 2);
    rw_update_csum(th + 16, dir, f->udp_csum_delta);
    uint32_t hl = (uint32_t)(ip[CKIP_VHL] & 0xF), off = (uint32_t)(th[12] >> 4);
    int have_payload = ((hl + off) << 2) < ck_get16(ip + CKIP_LEN);
    uint8_t flags = th[13];
    if (flags & 0x04) /* RST */
        f->tflags |= RW_TCP_BOTH_DONE;
    else if (flags & 0x01) /* FIN */
        f->tflags |= (uint8_t)(RW_TCP_FWD_DONE << dir);
    else if ((flags & 0x02) || have_payload) /* SYN */
        f->tflags &= (uint8_t)~(RW_TCP_FWD_DONE << dir);
    if (have_payload)
        f->tflags |= (uint8_t)(RW_TCP_FWD_DATA << dir);
    if (CK_UNLIKELY(f->dt != NULL) && tlen >= (int32_t)(off << 2))
        ELEM(apply_seq)(f, dir, th, tlen);
}

/* UDPRewriter::UDPFlow::apply (also IPRewriter's UDP flows). */
static inline void ELEM(apply_udp)(ck_packet *p, unsigned char *ip, rw_flow *f, int dir)
{
    ELEM(apply_ip)(p, ip, f, dir, 1, 1);
    int32_t tlen;
    unsigned char *th = ELEM(transport)(p, ip, &tlen);
    if (!ELEM(first_frag)(ip))
        return;
    const rw_flowid *rev = &f->e[!dir].id;
    memcpy(th + 0, &rev->dport, 2);
    memcpy(th + 2, &rev->sport, 2);
    if (ip[CKIP_P] == CKIP_PROTO_TCP) {
        if (tlen >= 18)
            rw_update_csum(th + 16, dir, f->udp_csum_delta);
    } else if (ip[CKIP_P] == CKIP_PROTO_UDP) {
        if (tlen >= 8 && ck_raw16(th + 6)) /* 0 checksum is no checksum */
            rw_update_csum(th + 6, dir, f->udp_csum_delta);
    }
    if (dir)
        f->tflags |= 1;
    if (f->tflags < 6)
        f->tflags += 2;
}

/* IPAddrRewriter / IPAddrPairRewriter flows: addresses only, transport checksums fixed. */
static inline void ELEM(apply_addr)(ck_packet *p, unsigned char *ip, rw_flow *f, int dir)
{
    if (ELEM(cls) == RW_IPADDRREWRITER) {
        const rw_flowid *rev = &f->e[!dir].id;
        unsigned annos = ELEM(rw)->annos;
        if (!dir)
            memcpy(ip + CKIP_SRC, &rev->daddr, 4);
        else {
            memcpy(ip + CKIP_DST, &rev->saddr, 4);
            if (annos & 1)
                ck_set_anno_u32(p, 0, rev->saddr);
            if (annos & 2)
                ck_set_anno_u8(p, (int)(annos >> 2), f->reply_anno);
        }
        rw_update_csum(ip + CKIP_SUM, dir, f->ip_csum_delta);
    } else
        ELEM(apply_ip)(p, ip, f, dir, 1, 1);
    int32_t tlen;
    unsigned char *th = ELEM(transport)(p, ip, &tlen);
    if (!ELEM(first_frag)(ip))
        return;
    if (ip[CKIP_P] == CKIP_PROTO_TCP && tlen >= 18)
        rw_update_csum(th + 16, dir, f->udp_csum_delta);
    else if (ip[CKIP_P] == CKIP_PROTO_UDP && tlen >= 8 && ck_raw16(th + 6))
        rw_update_csum(th + 6, dir, f->udp_csum_delta);
}

/* ICMPPingRewriter::ICMPPingFlow::apply. */
static inline void ELEM(apply_ping)(ck_packet *p, unsigned char *ip, rw_flow *f, int dir)
{
    ELEM(apply_ip)(p, ip, f, dir, 1, 1);
    if (!ELEM(first_frag)(ip))
        return;
    int32_t tlen;
    unsigned char *th = ELEM(transport)(p, ip, &tlen);
    const rw_flowid *rev = &f->e[!dir].id;
    memcpy(th + 4, dir ? &rev->sport : &rev->dport, 2);
    rw_update_csum(th + 2, dir, f->udp_csum_delta);
    if (ck_raw16(th + 2) == 0) { /* click_update_zero_in_cksum */
        int32_t i;
        for (i = 0; i < tlen && th[i] == 0; i++)
            ;
        if (i == tlen)
            ck_set_raw16(th + 2, 0xFFFF);
    }
}

static void
ELEM(push)(int port, ck_packet *p)
{
    p = ck_packet_uniqueify(p);
    if (!p)
        return;
    rw_base *rw = ELEM(rw);
    rw_input *is = &rw->inputs[port];
    unsigned char *ip = ck_network_header(p);
    int32_t nlen = ip ? (int32_t)((p->data + p->len) - ip) : 0;
    int cls = ELEM(cls);
    if (!ip || nlen < CKIP_HDR) {
        if (is->kind == RW_I_NOCHANGE)
            OUTPUT(is->foutput, p);
        else
            ck_drop(p, ELEMENT_INDEX, "no IP header");
        return;
    }
    int32_t tlen;
    unsigned char *th = ELEM(transport)(p, ip, &tlen);
    uint8_t ip_p = ip[CKIP_P];
    rw_flowid flowid;
    int echo = 0;
    rw_map *map = &rw->map;
    int rewritable;
    if (cls == RW_IPADDRREWRITER || cls == RW_IPADDRPAIRREWRITER)
        rewritable = 1;
    else if (cls == RW_ICMPPINGREWRITER)
        rewritable = ip_p == CKIP_PROTO_ICMP && ELEM(first_frag)(ip) && tlen >= 6
                     && (th[0] == CKICMP_ECHO || th[0] == CKICMP_ECHOREPLY);
    else if (cls == RW_TCPREWRITER)
        rewritable = ip_p == CKIP_PROTO_TCP && ELEM(first_frag)(ip) && tlen >= 8;
    else if (cls == RW_UDPREWRITER)
        rewritable = (ip_p == CKIP_PROTO_TCP || ip_p == CKIP_PROTO_UDP || ip_p == 33)
                     && ELEM(first_frag)(ip) && tlen >= 8;
    else
        rewritable = (ip_p == CKIP_PROTO_TCP || ip_p == CKIP_PROTO_UDP) && ELEM(first_frag)(ip)
                     && tlen >= 8;
    if (!rewritable) {
    mapping_fail:
        if (is->kind == RW_I_NOCHANGE)
            OUTPUT(is->foutput, p);
        else
            ck_drop(p, ELEMENT_INDEX, "not rewritable");
        return;
    }

    ELEM(lock)();
    rw_catch_up(rw);
    rw_entry *m;
    if (cls == RW_IPADDRREWRITER) {
        flowid = rw_make_flowid(ck_raw32(ip + CKIP_SRC), 0, 0, 0);
        m = rw_map_get(map, &flowid);
        if (!m) {
            rw_flowid rf = rw_make_flowid(0, 0, ck_raw32(ip + CKIP_DST), 0);
            m = rw_map_get(map, &rf);
        }
    } else if (cls == RW_IPADDRPAIRREWRITER) {
        flowid = rw_make_flowid(ck_raw32(ip + CKIP_SRC), 0, ck_raw32(ip + CKIP_DST), 0);
        m = rw_map_get(map, &flowid);
    } else if (cls == RW_ICMPPINGREWRITER) {
        echo = th[0] == CKICMP_ECHO;
        uint16_t id = ck_raw16(th + 4);
        flowid = rw_make_flowid(ck_raw32(ip + CKIP_SRC), (uint16_t)(id + !echo),
                                ck_raw32(ip + CKIP_DST), (uint16_t)(id + echo));
        m = rw_map_get(map, &flowid);
        if (!m && !echo) {
            ELEM(unlock)();
            goto mapping_fail;
        }
    } else {
        flowid = rw_make_flowid(ck_raw32(ip + CKIP_SRC), ck_raw16(th),
                                ck_raw32(ip + CKIP_DST), ck_raw16(th + 2));
        if (cls == RW_IPREWRITER && ip_p != CKIP_PROTO_TCP)
            map = &rw->udp_map;
        m = rw_map_get(map, &flowid);
    }

    if (!m) { /* create a new mapping */
        rw_flowid rewritten;
        int result = rw_input_rewrite(is, &flowid, &rewritten, map);
        if (result == RW_ADDMAP) {
            uint8_t fp = ip_p;
            int ok = 1;
            if (cls == RW_IPADDRREWRITER || cls == RW_IPADDRPAIRREWRITER)
                fp = 0;
            if (cls == RW_IPADDRREWRITER)
                ok = !rewritten.sport && !rewritten.dport && !rewritten.daddr;
            else if (cls == RW_IPADDRPAIRREWRITER)
                ok = !rewritten.sport && !rewritten.dport;
            else if (cls == RW_ICMPPINGREWRITER) {
                rewritten.dport = (uint16_t)(rewritten.sport + 1);
                ok = (uint16_t)(flowid.sport + 1) == flowid.dport;
            }
            if (ok)
                m = rw_add_flow(rw, port, &flowid, &rewritten, fp, map);
        }
        if (!m) {
            ELEM(unlock)();
            ELEM(no_mapping)(result, p, "no mapping");
            return;
        }
        if (rw->annos & 2)
            rw_entry_flow(m)->reply_anno = ck_anno_u8(p, (int)(rw->annos >> 2));
    }

    rw_flow *f = rw_entry_flow(m);
    int dir = m->dir;
    if (cls == RW_TCPREWRITER || (cls == RW_IPREWRITER && ip_p == CKIP_PROTO_TCP))
        ELEM(apply_tcp)(p, ip, f, dir);
    else if (cls == RW_UDPREWRITER || cls == RW_IPREWRITER)
        ELEM(apply_udp)(p, ip, f, dir);
    else if (cls == RW_ICMPPINGREWRITER)
        ELEM(apply_ping)(p, ip, f, dir);
    else
        ELEM(apply_addr)(p, ip, f, dir);
    rw_flow_touch(f, rw_jiffies());
    int out = m->output;
    ELEM(unlock)();
    OUTPUT(out, p);
}

/* -- handlers every rewriter has (IPRewriterBase::add_rewriter_handlers) ------------------ */

static CK_UNUSED int ELEM(read_table_size)(ck_buf *out)
{
    ELEM(lock)();
    int r = rw_read_common(ELEM(rw), -1, out);
    ELEM(unlock)();
    return r;
}

static CK_UNUSED int ELEM(read_nmappings)(ck_buf *out)
{
    ELEM(lock)();
    int r = rw_read_common(ELEM(rw), -1, out);
    ELEM(unlock)();
    return r;
}

static CK_UNUSED int ELEM(read_mapping_failures)(ck_buf *out)
{
    ELEM(lock)();
    int r = rw_read_common(ELEM(rw), -2, out);
    ELEM(unlock)();
    return r;
}

static CK_UNUSED int ELEM(read_patterns)(ck_buf *out)
{
    ELEM(lock)();
    int r = rw_read_common(ELEM(rw), -3, out);
    ELEM(unlock)();
    return r;
}

static CK_UNUSED int ELEM(read_size)(ck_buf *out)
{
    ELEM(lock)();
    int r = rw_read_common(ELEM(rw), -4, out);
    ELEM(unlock)();
    return r;
}

static CK_UNUSED int ELEM(read_capacity)(ck_buf *out)
{
    ELEM(lock)();
    int r = rw_read_common(ELEM(rw), -5, out);
    ELEM(unlock)();
    return r;
}

static CK_UNUSED int ELEM(read_pattern0)(ck_buf *out)
{
    ELEM(lock)();
    int r = rw_read_common(ELEM(rw), 0, out);
    ELEM(unlock)();
    return r;
}

static CK_UNUSED int ELEM(write_pattern0)(const char *value, ck_errh *errh)
{
    ELEM(lock)();
    int r = rw_write_pattern(ELEM(rw), 0, value, errh);
    ELEM(unlock)();
    return r;
}

/* pattern1, pattern2...: added at initialization (ck_handler_add); the input is the number in
 * the name of the handler being called. */
static CK_UNUSED int ELEM(dyn_input)(void)
{
    const ck_handler_def *h = ck_handler_current;
    return h && strncmp(h->name, "pattern", 7) == 0 ? atoi(h->name + 7) : 0;
}

static CK_UNUSED int ELEM(read_patternN)(ck_buf *out)
{
    ELEM(lock)();
    int r = rw_read_common(ELEM(rw), ELEM(dyn_input)(), out);
    ELEM(unlock)();
    return r;
}

static CK_UNUSED int ELEM(write_patternN)(const char *value, ck_errh *errh)
{
    ELEM(lock)();
    int r = rw_write_pattern(ELEM(rw), ELEM(dyn_input)(), value, errh);
    ELEM(unlock)();
    return r;
}

static CK_UNUSED int ELEM(write_capacity)(const char *value, ck_errh *errh)
{
    ELEM(lock)();
    int r = rw_write_capacity(ELEM(rw), value, errh);
    ELEM(unlock)();
    return r;
}

static CK_UNUSED int ELEM(write_clear)(const char *value, ck_errh *errh)
{
    (void)value;
    (void)errh;
    ELEM(lock)();
    int r = rw_write_clear(ELEM(rw));
    ELEM(unlock)();
    return r;
}

#ifdef CK_HOT
/* clickc run -R (ElementSpec.hot, docs/reconfiguration.md): the predecessor's flows move here
 * with their rewritten addresses and ports and their expiry times, input i's flows to input i
 * (a flow whose input or outputs this element lacks stays behind and is freed with the old
 * router); each input's pattern and mapper continue their port sequence and counts.  The
 * threads are stopped: no lock. */
static CK_UNUSED int ELEM(hot_take)(const ck_hot_elem *old, ck_errh *errh)
{
    (void)errh;
    rw_base *const *op = ck_hot_var_ptr(old, "rw", sizeof(rw_base *));
    rw_base *rw = ELEM(rw);
    if (!op || !*op || !(*op)->initialized || (*op)->cls != rw->cls)
        return 0;
    rw_base *orw = *op;
    for (int i = 0; i < rw->ninputs && i < orw->ninputs; i++) {
        rw_input *ni = &rw->inputs[i], *oi = &orw->inputs[i];
        ni->count = oi->count;
        ni->failures = oi->failures;
        if (ni->pattern && oi->pattern)
            ni->pattern->next_variation = oi->pattern->next_variation;
        if (ni->mapper && oi->mapper && ni->mapper->n == oi->mapper->n) {
            if ((ni->mapper->last < 0) == (oi->mapper->last < 0)) /* -1: a hash mapper */
                ni->mapper->last = oi->mapper->last;
            for (int k = 0; k < ni->mapper->n; k++)
                if (ni->mapper->is[k].pattern && oi->mapper->is[k].pattern)
                    ni->mapper->is[k].pattern->next_variation =
                        oi->mapper->is[k].pattern->next_variation;
        }
    }
    rw_heap *oh = orw->heap;
    for (int g = 0; g < 2; g++) {
        uint32_t kept = 0, n = oh->n[g];
        for (uint32_t i = 0; i < n; i++) {
            rw_flow *f = oh->heaps[g][i];
            int in = f->owner->owner_input;
            if (f->owner->owner != orw || in >= rw->ninputs ||
                (unsigned)f->e[0].output >= (unsigned)rw->noutputs ||
                (unsigned)f->e[1].output >= (unsigned)rw->noutputs) {
                f->place = kept; /* stays for the old router's cleanup */
                oh->heaps[g][kept++] = f;
                continue;
            }
            rw_map *m = f->map == &orw->udp_map ? &rw->udp_map : &rw->map;
            f->owner = &rw->inputs[in];
            f->map = m;
            (void)rw_map_set(m, &f->e[0]);
            (void)rw_map_set(m, &f->e[1]);
            rw_heap_push(rw->heap, f);
        }
        oh->size -= n - kept;
        oh->n[g] = kept;
    }
    rw_map_rehash_if_unbalanced(&rw->map);
    rw_map_rehash_if_unbalanced(&rw->udp_map);
    rw->next_gc_j = orw->next_gc_j;
    return 0;
}
#endif
