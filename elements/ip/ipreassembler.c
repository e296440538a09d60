/* IPReassembler([HIMEM, MAX_MTU_ANNO]): Click's elements/ip/ipreassembler.cc, for IP packets
 * whose network and transport header annotations mark the IP header and what follows it.
 *
 * A packet that is not a fragment passes.  A fragment whose end is past 65535 or not after its
 * offset, a middle fragment whose end is not a multiple of 8, or one with fewer data bytes than
 * its IP length claims is dropped ("bad fragment"); extra bytes after its IP length are cut.
 * Fragments of one datagram (same ID, protocol, source and destination) are collected in one
 * packet, kept in 256 lists by ID as Click keeps them: the first fragment (offset 0) gives the
 * bytes before the IP header, the IP header and the annotations; data from later fragments
 * overwrites earlier data where they overlap.  When the datagram has no hole and its last
 * fragment (MF clear) arrived, it leaves with the IP length, fragment field (offset 0, MF clear)
 * and checksum set and the timestamp of the fragment that completed it.  A fragment that goes
 * past an already complete end is dropped ("fragment past the end").  A datagram not completed
 * within 30 seconds of packet time (checked every 10 seconds; a datagram whose first fragment
 * has not arrived carries no time and is given up at the next check), or the oldest ones when
 * more than HIMEM bytes are held (down to 3/4 of HIMEM), leaves incomplete on output 1
 * (dropped, "incomplete datagram", without one).  Datagrams held at exit are dropped ("held
 * at exit").  A fragment without its IP header (Click asserts one) is dropped ("no IP header").
 * The holes of an incomplete datagram read as zeros (Click keeps its hole list there).  Handler
 * dump: Click's counters and, per datagram held, its flow, ID and the data ranges it has. */
#include "ip/ckip.h"
#include "standard/ckoutput.h"

#define CK_IPR_NMAP 256
#define CK_IPR_MEM 40 /* Click's IPH_MEM_USED: bytes counted per datagram besides its data */

typedef struct ELEM(queue) {
    ck_packet *q;
    uint32_t *iv;  /* covered ranges [iv[2i], iv[2i+1]) of the data, sorted, disjoint */
    int niv, capiv;
    struct ELEM(queue) *next;
} ELEM(queue);

static ELEM(queue) *ELEM(map)[CK_IPR_NMAP];
static uint32_t ELEM(mem_used), ELEM(mem_low);
static int64_t ELEM(reap_time);
static uint64_t ELEM(frags_seen), ELEM(good), ELEM(failed), ELEM(bad);
static int ELEM(mtu_anno) = -1;

static CK_UNUSED int ELEM(anno_by_name)(const char *name) { return ck_anno_offset(name); }
static CK_UNUSED int ELEM(anno_by_offset)(long off) { return (int)off; }

static int
ELEM(init)(ck_errh *errh)
{
#if CONF_GIVEN(MAX_MTU_ANNO)
    ELEM(mtu_anno) = _Generic((CONF(MAX_MTU_ANNO)), char *: ELEM(anno_by_name),
                              const char *: ELEM(anno_by_name),
                              default: ELEM(anno_by_offset))(CONF(MAX_MTU_ANNO));
    if (ELEM(mtu_anno) < 0 || ELEM(mtu_anno) + 2 > CK_ANNO_SIZE)
        return ck_error(errh, "bad annotation");
#else
    (void)errh;
#endif
    ELEM(mem_low) = ((uint32_t)CONF(HIMEM) >> 2) * 3;
    return 0;
}

static void ELEM(free_queue)(ELEM(queue) *e)
{
    free(e->iv);
    free(e);
}

static void
ELEM(cleanup)(void)
{
    for (int i = 0; i < CK_IPR_NMAP; i++)
        while (ELEM(map)[i]) {
            ELEM(queue) *e = ELEM(map)[i];
            ELEM(map)[i] = e->next;
            ck_drop(e->q, ELEMENT_INDEX, "held at exit");
            ELEM(free_queue)(e);
        }
}

static inline long ELEM(dlen)(const ck_packet *p) { return ck_transport_length(p); }
static inline uint32_t ELEM(byte_off)(const unsigned char *ip)
{
    return (uint32_t)(ck_get16(ip + CKIP_OFF) & CKIP_OFFMASK) << 3;
}
static inline int ELEM(bucket)(const unsigned char *ip) { return ck_raw16(ip + CKIP_ID) % CK_IPR_NMAP; }

/* Give up datagram e (unlinked by the caller): it leaves incomplete on output 1. */
static void ELEM(give_up)(ELEM(queue) *e)
{
    ELEM(mem_used) -= CK_IPR_MEM + (uint32_t)ELEM(dlen)(e->q);
    ck_packet *q = e->q;
    ELEM(free_queue)(e);
    CK_OUTPUT1_OR_DROP(q, "incomplete datagram");
}

static void ELEM(reap)(int64_t now)
{
    int64_t kill_time = now - 30;
    for (int i = 0; i < CK_IPR_NMAP; i++)
        for (ELEM(queue) **pp = &ELEM(map)[i]; *pp;) {
            ELEM(queue) *e = *pp;
            if (e->q->ts_ns / 1000000000 < kill_time) {
                *pp = e->next;
                ELEM(give_up)(e);
            } else
                pp = &e->next;
        }
    ELEM(reap_time) = now + 10;
}

/* Over HIMEM: give up datagrams at least 10 seconds old, then 5, then any, until at most
 * 3/4 of HIMEM is used. */
static void ELEM(reap_overfull)(int64_t now)
{
    for (int delta = 10; delta >= 0; delta -= 5)
        for (int b = 0; b < CK_IPR_NMAP; b++)
            for (ELEM(queue) **pp = &ELEM(map)[b]; *pp;) {
                ELEM(queue) *e = *pp;
                if (!delta || e->q->ts_ns / 1000000000 < now - delta) {
                    *pp = e->next;
                    ELEM(give_up)(e);
                    ELEM(failed)++;
                    if (ELEM(mem_used) <= ELEM(mem_low))
                        return;
                } else
                    pp = &e->next;
            }
    ck_chatter("IPReassembler: cannot free enough memory!");
}

/* Add [off, lastoff) to the covered ranges (merging overlapping and adjacent ones). */
static int ELEM(cover)(ELEM(queue) *e, uint32_t off, uint32_t lastoff)
{
    if (e->niv == e->capiv) {
        int cap = e->capiv ? 2 * e->capiv : 4;
        uint32_t *n = realloc(e->iv, (size_t)cap * 2 * sizeof *n);
        if (!n)
            return -1;
        e->iv = n;
        e->capiv = cap;
    }
    int i = 0, n = e->niv;
    while (i < n && e->iv[2 * i + 1] < off)
        i++;
    int j = i;
    while (j < n && e->iv[2 * j] <= lastoff) {
        if (e->iv[2 * j] < off)
            off = e->iv[2 * j];
        if (e->iv[2 * j + 1] > lastoff)
            lastoff = e->iv[2 * j + 1];
        j++;
    }
    /* ranges i..j-1 become one */
    memmove(e->iv + 2 * (i + 1), e->iv + 2 * j, (size_t)(n - j) * 2 * sizeof *e->iv);
    e->iv[2 * i] = off;
    e->iv[2 * i + 1] = lastoff;
    e->niv = n - (j - i) + 1;
    return 0;
}

/* Out of memory while growing datagram e (whose packet is already freed) for fragment p:
 * forget e, drop p. */
static ck_packet *ELEM(lose)(ELEM(queue) **pp, ELEM(queue) *e, long held, ck_packet *p)
{
    *pp = e->next;
    ELEM(mem_used) -= CK_IPR_MEM + (uint32_t)held;
    ELEM(free_queue)(e);
    ck_count_drop(ELEMENT_INDEX, "out of memory");
    ck_drop(p, ELEMENT_INDEX, "out of memory");
    return NULL;
}

static ck_packet *ELEM(emit)(ELEM(queue) **pp, ELEM(queue) *e, ck_packet *p_in)
{
    ck_packet *q = e->q;
    *pp = e->next;
    ELEM(mem_used) -= CK_IPR_MEM + (uint32_t)ELEM(dlen)(q);
    ELEM(free_queue)(e);
    ELEM(good)++;
    unsigned char *ip = ck_network_header(q);
    ck_put16(ip + CKIP_LEN, (uint16_t)ck_network_length(q));
    ck_ip_set_cksum(ip, (uint32_t)(ip[CKIP_VHL] & 0xF) << 2);
    q->ts_ns = p_in->ts_ns;
    ck_packet_kill(p_in);
    return q;
}

/* A new datagram from fragment p (consumed). */
static void ELEM(make_queue)(ck_packet *p, int bucket)
{
    const unsigned char *ip = ck_network_header(p);
    uint32_t p_off = ELEM(byte_off)(ip), p_lastoff = p_off + (uint32_t)ELEM(dlen)(p);
    ck_packet *q;
    if (p_off == 0) {
        q = ck_packet_uniqueify(p);
        if (!q) {
            ck_count_drop(ELEMENT_INDEX, "out of memory");
            return;
        }
    } else {
        q = ck_packet_alloc_room(ck_packet_headroom(p) + (uint32_t)ck_network_header_offset(p),
                                 CKIP_HDR + p_lastoff, 0);
        if (!q) {
            ck_drop(p, ELEMENT_INDEX, "out of memory");
            return;
        }
        memset(q->data, 0, CKIP_HDR + p_lastoff);
        ck_set_network_header(q, q->data, CKIP_HDR);
        memcpy(q->data, ip, CKIP_HDR);
        memcpy(q->data + CKIP_HDR + p_off, ck_transport_header(p), p_lastoff - p_off);
        ck_packet_kill(p);
    }
    ELEM(queue) *e = calloc(1, sizeof *e);
    if (!e || ELEM(cover)(e, p_off, p_lastoff) < 0) {
        free(e);
        ck_drop(q, ELEMENT_INDEX, "out of memory");
        return;
    }
    e->q = q;
    ELEM(mem_used) += CK_IPR_MEM + p_lastoff;
    unsigned char *qip = ck_network_header(q);
    ck_put16(qip + CKIP_OFF, ck_get16(qip + CKIP_OFF) & ~CKIP_OFFMASK); /* keep MF, DF, RF */
    if (ELEM(mtu_anno) >= 0)
        ck_set_anno_u16(q, ELEM(mtu_anno), (uint16_t)ck_network_length(q));
    e->next = ELEM(map)[bucket];
    ELEM(map)[bucket] = e;
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    long nlen = ck_network_length(p);
    if (nlen < CKIP_HDR || ck_transport_length(p) < 0) {
        ck_drop(p, ELEMENT_INDEX, "no IP header");
        return NULL;
    }
    const unsigned char *ip = ck_network_header(p);
    uint16_t ip_off = ck_get16(ip + CKIP_OFF);
    if (!(ip_off & (CKIP_MF | CKIP_OFFMASK)))
        return p;
    ELEM(frags_seen)++;
    if (p->ts_ns / 1000000000 == 0)
        p->ts_ns = ck_now_ns();
    int64_t now = p->ts_ns / 1000000000;
    if (now >= ELEM(reap_time))
        ELEM(reap)(now);
    uint32_t hl = (uint32_t)(ip[CKIP_VHL] & 0xF) << 2;
    int64_t p_off = ELEM(byte_off)(ip), p_lastoff = p_off + (int64_t)ck_get16(ip + CKIP_LEN) - hl;
    if (p_lastoff > 0xFFFF || p_lastoff <= p_off || ((p_lastoff & 7) && (ip_off & CKIP_MF)) ||
        ELEM(dlen)(p) < p_lastoff - p_off) {
        ELEM(bad)++;
        ck_drop(p, ELEMENT_INDEX, "bad fragment");
        return NULL;
    }
    ck_packet_take(p, (uint32_t)(ELEM(dlen)(p) - (p_lastoff - p_off)));
    if (ELEM(mem_used) > (uint32_t)CONF(HIMEM))
        ELEM(reap_overfull)(now);
    int bucket = ELEM(bucket)(ip);
    ELEM(queue) **pp = &ELEM(map)[bucket], *e;
    for (; (e = *pp) != NULL; pp = &e->next) {
        const unsigned char *qip = ck_network_header(e->q);
        if (ck_raw16(qip + CKIP_ID) == ck_raw16(ip + CKIP_ID) && qip[CKIP_P] == ip[CKIP_P] &&
            memcmp(qip + CKIP_SRC, ip + CKIP_SRC, 8) == 0)
            break;
    }
    if (!e) {
        ELEM(make_queue)(p, bucket);
        return NULL;
    }
    ck_packet *q = e->q;
    if (ELEM(mtu_anno) >= 0 && ck_anno_u16(q, ELEM(mtu_anno)) < nlen)
        ck_set_anno_u16(q, ELEM(mtu_anno), (uint16_t)nlen);
    long old = ELEM(dlen)(q);
    if (p_lastoff > old) {
        if (!(ck_get16(ck_network_header(q) + CKIP_OFF) & CKIP_MF)) {
            ck_drop(p, ELEMENT_INDEX, "fragment past the end");
            return NULL;
        }
        q = ck_packet_put(q, (uint32_t)(p_lastoff - old));
        if (!q)
            return ELEM(lose)(pp, e, old, p);
        e->q = q;
        memset(ck_transport_header(q) + old, 0, (size_t)(p_lastoff - old));
        ELEM(mem_used) += (uint32_t)(p_lastoff - old);
    }
    if (ELEM(cover)(e, (uint32_t)p_off, (uint32_t)p_lastoff) < 0) {
        ck_drop(p, ELEMENT_INDEX, "out of memory");
        return NULL;
    }
    memcpy(ck_transport_header(q) + p_off, ck_transport_header(p), (size_t)(p_lastoff - p_off));
    if (p_off == 0) {
        /* the first fragment: its leading bytes, IP header and annotations */
        unsigned char *qip = ck_network_header(q);
        uint16_t old_ip_off = ck_raw16(qip + CKIP_OFF);
        int delta = ck_network_header_offset(p) - ck_network_header_offset(q);
        long held = ELEM(dlen)(q);
        if (delta > 0) {
            q = ck_packet_push(q, (uint32_t)delta);
            if (!q)
                return ELEM(lose)(pp, e, held, p);
            e->q = q;
        } else if (delta < 0)
            ck_packet_pull(q, (uint32_t)-delta);
        uint32_t phl = (uint32_t)(p->th_off - p->nh_off);
        int noff = ck_network_header_offset(p);
        if (q->len < (uint32_t)noff + phl) { /* a longer header than the datagram holds */
            uint32_t more = (uint32_t)noff + phl - q->len;
            if (!(q = ck_packet_put(q, more)))
                return ELEM(lose)(pp, e, held, p);
            e->q = q;
            memset(q->data + q->len - more, 0, more);
        }
        if (p->mac_off >= 0)
            q->mac_off = (int32_t)(q->data - q->head) + (p->mac_off - (int32_t)(p->data - p->head));
        memcpy(q->data, p->data, (size_t)noff + phl);
        ck_set_network_header(q, q->data + noff, phl);
        ck_set_raw16(q->data + noff + CKIP_OFF, old_ip_off);
        uint16_t mtu = ELEM(mtu_anno) >= 0 ? ck_anno_u16(q, ELEM(mtu_anno)) : 0;
        memcpy(q->anno, p->anno, CK_ANNO_SIZE);
        q->ts_ns = p->ts_ns;
        q->packet_type = p->packet_type;
        if (ELEM(mtu_anno) >= 0)
            ck_set_anno_u16(q, ELEM(mtu_anno), mtu);
    }
    unsigned char *qip = ck_network_header(q);
    if (!(ip_off & CKIP_MF))
        ck_put16(qip + CKIP_OFF, ck_get16(qip + CKIP_OFF) & ~CKIP_MF);
    if (!(ck_get16(qip + CKIP_OFF) & CKIP_MF) && e->niv == 1 && e->iv[0] == 0 &&
        e->iv[1] == (uint32_t)ELEM(dlen)(q))
        return ELEM(emit)(pp, e, p);
    ck_packet_kill(p);
    return NULL;
}
#include "simple_action.h"

static CK_UNUSED int ELEM(read_dump)(ck_buf *out)
{
    ck_buf_printf(out, "frags seen total:    %llu\ngood reassemblies:   %llu\n"
                  "failed reassemblies: %llu\nbad fragments seen:  %llu\ncached chunk data:\n",
                  (unsigned long long)ELEM(frags_seen), (unsigned long long)ELEM(good),
                  (unsigned long long)ELEM(failed), (unsigned long long)ELEM(bad));
    for (int b = 0; b < CK_IPR_NMAP; b++)
        for (const ELEM(queue) *e = ELEM(map)[b]; e; e = e->next) {
            const unsigned char *ip = ck_network_header(e->q);
            char s[16], d[16];
            ck_ip_unparse(s, ck_raw32(ip + CKIP_SRC));
            ck_ip_unparse(d, ck_raw32(ip + CKIP_DST));
            const unsigned char *th = ck_transport_header(e->q);
            int ports = ELEM(dlen)(e->q) >= 4;
            ck_buf_printf(out, " (%s, %u, %s, %u) %u", s, ports ? ck_get16(th) : 0u, d,
                          ports ? ck_get16(th + 2) : 0u, (unsigned)ck_get16(ip + CKIP_ID));
            for (int i = 0; i < e->niv; i++)
                ck_buf_printf(out, " (%u,%u)", e->iv[2 * i], e->iv[2 * i + 1]);
            ck_buf_puts(out, "\n");
        }
    return 0;
}
