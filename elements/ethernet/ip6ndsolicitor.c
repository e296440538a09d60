/* IP6NDSolicitor(IP, ETH): resolves the destination IPv6 annotation to an Ethernet address
 * with neighbor solicitations (RFC 4861 7.2; Click's elements/ethernet/ip6ndsolicitor.cc).
 *
 * Input 0: IPv6 packets with DST_IP6 set.  A known neighbor gets the packet at once on output
 * 0 with an Ethernet header from ETH to the neighbor (type IPv6); an unknown one keeps the
 * packet (one per neighbor: a later packet replaces it, and the replaced one is dropped and
 * counted as "packets killed") and sends a solicitation: Ethernet to 33:33:ff:xx:yy:zz, IPv6
 * from IP to the solicited-node address ff02::1:ffxx:yyzz, hop limit 255, ICMPv6 type 135
 * with the target and a source link-layer address option.  Solicitations leave on the last
 * output (1 when there are two).
 * Input 1: Ethernet frames; an IPv6 neighbor advertisement (type 136, at least 86 bytes) for a
 * neighbor in the table makes it known (its target link-layer address option) and sends the
 * packet held for it; the advertisement is consumed, any other frame dropped ("not a neighbor
 * advertisement for a known neighbor"); Click frees both.
 * Like Click's, a timer every 15 seconds marks neighbors not heard from for 60 s for a new
 * solicitation with their next packet, and forgets them after 120 s.
 * Handlers: table ("ADDR OK ETH" per neighbor, Click's hash order), stats.
 *
 * Concurrency (docs/concurrency.md): with ELEMENT_NTHREADS > 1 the table is shared state:
 * push, the timer and the handlers run under one re-entrant per-instance lock
 * (standard/ckstat.h), held while the packets they release are pushed on; a held packet is
 * marked as crossing threads. */
#include "ip6/ckip6.h"
#include "standard/ckstat.h"

#define IP6NDS_NMAP 256

typedef struct ELEM(entry) {
    unsigned char ip6[16];
    unsigned char en[6];
    uint32_t last_response_j;
    int ok, polling;
    ck_packet *p;
    struct ELEM(entry) *next;
} ELEM(entry);

static ELEM(entry) *ELEM(map)[IP6NDS_NMAP];
static unsigned char ELEM(my_ip6)[16], ELEM(my_en)[6];
static uint32_t ELEM(queries), ELEM(killed);
static ck_timer ELEM(expire_timer);
static CK_UNUSED ck_elem_rlock ELEM(lock);

static void ELEM(expire)(void *arg)
{
    (void)arg;
    CK_ELEMENT_RLOCK(ELEM(lock));
    uint32_t now = ck_jiffies();
    for (int i = 0; i < IP6NDS_NMAP; i++) {
        ELEM(entry) **pp = &ELEM(map)[i];
        while (*pp) {
            ELEM(entry) *e = *pp;
            if (e->ok) {
                int32_t gap = (int32_t)(now - e->last_response_j);
                if (gap > 120 * CK_HZ) {
                    *pp = e->next;
                    if (e->p)
                        ck_drop(e->p, ELEMENT_INDEX, "neighbor entry expired");
                    free(e);
                    continue;
                } else if (gap > 60 * CK_HZ)
                    e->polling = 1;
            }
            pp = &e->next;
        }
    }
    ck_timer_schedule_after(&ELEM(expire_timer), (int64_t)15 * 1000000000);
    CK_ELEMENT_RUNLOCK(ELEM(lock));
}

static int
ELEM(init)(ck_errh *errh)
{
    (void)errh;
    memcpy(ELEM(my_ip6), CONF(IP), 16);
    memcpy(ELEM(my_en), CONF(ETH), 6);
    ck_timer_init(&ELEM(expire_timer), ELEM(expire), NULL);
    ck_timer_schedule_after(&ELEM(expire_timer), (int64_t)15 * 1000000000);
    return 0;
}

static void
ELEM(cleanup)(void)
{
    ck_timer_unschedule(&ELEM(expire_timer));
    for (int i = 0; i < IP6NDS_NMAP; i++) {
        for (ELEM(entry) *e = ELEM(map)[i]; e;) {
            ELEM(entry) *n = e->next;
            if (e->p)
                ck_drop(e->p, ELEMENT_INDEX, "neighbor unresolved at exit");
            free(e);
            e = n;
        }
        ELEM(map)[i] = NULL;
    }
}

/* Click's send_query_for */
static void ELEM(send_query)(const unsigned char *want)
{
    ck_packet *q = ck_packet_alloc(14 + CKIP6_HDR + CKND_SOL_LEN);
    if (!q) {
        ck_chatter("in ndsol: cannot make packet!");
        return;
    }
    unsigned char *e = q->data;
    memset(e, 0, q->len);
    e[0] = 0x33;
    e[1] = 0x33;
    e[2] = 0xFF;
    memcpy(e + 3, want + 13, 3);
    memcpy(e + 6, ELEM(my_en), 6);
    ck_put16(e + 12, CKETHERTYPE_IP6);
    unsigned char *ip6 = e + 14;
    ip6[0] = 0x60;
    ck_put16(ip6 + CKIP6_PLEN, CKND_SOL_LEN);
    ip6[CKIP6_NXT] = CKIP6_PROTO_ICMP6;
    ip6[CKIP6_HLIM] = 0xFF;
    memcpy(ip6 + CKIP6_SRC, ELEM(my_ip6), 16);
    unsigned char *d = ip6 + CKIP6_DST;
    d[0] = 0xFF;
    d[1] = 0x02;
    d[11] = 1;
    d[12] = 0xFF;
    memcpy(d + 13, want + 13, 3);
    unsigned char *ea = ip6 + CKIP6_HDR;
    ea[0] = CKND_SOL;
    memcpy(ea + 8, want, 16);
    ea[24] = 1; /* source link-layer address option, 1 unit */
    ea[25] = 1;
    memcpy(ea + 26, ELEM(my_en), 6);
    ck_put16(ea + 2, ck_in6_fast_cksum(ip6 + CKIP6_SRC, d, ck_raw16(ip6 + CKIP6_PLEN),
                                       CKIP6_PROTO_ICMP6, 0, ea, htons(CKND_SOL_LEN)));
    ELEM(queries)++;
    OUTPUT(NOUTPUTS - 1, q);
}

static void ELEM(handle_ip6)(ck_packet *p)
{
    unsigned char ipa[16];
    memcpy(ipa, ck_dst_ip6_anno(p), 16);
    int bucket = (ipa[0] + ipa[15]) % IP6NDS_NMAP;
    ELEM(entry) *ae = ELEM(map)[bucket];
    while (ae && memcmp(ae->ip6, ipa, 16) != 0)
        ae = ae->next;
    if (ae) {
        if (ae->polling) {
            ELEM(send_query)(ae->ip6);
            ae->polling = 0;
        }
        if (ae->ok) {
            p = ck_packet_push(p, 14);
            if (!p)
                return;
            memcpy(p->data, ae->en, 6);
            memcpy(p->data + 6, ELEM(my_en), 6);
            ck_put16(p->data + 12, CKETHERTYPE_IP6);
            OUTPUT(0, p);
        } else {
            if (ae->p) {
                ck_drop(ae->p, ELEMENT_INDEX, "packets killed (replaced while unresolved)");
                ELEM(killed)++;
            }
            if (ELEMENT_NTHREADS > 1)
                ck_packet_mark_crossing(p);
            ae->p = p;
            ELEM(send_query)(ipa);
        }
    } else {
        ae = calloc(1, sizeof *ae);
        if (!ae) {
            ck_drop(p, ELEMENT_INDEX, "out of memory");
            return;
        }
        memcpy(ae->ip6, ipa, 16);
        if (ELEMENT_NTHREADS > 1)
            ck_packet_mark_crossing(p);
        ae->p = p;
        ae->next = ELEM(map)[bucket];
        ELEM(map)[bucket] = ae;
        ELEM(send_query)(ipa);
    }
}

/* returns 1 when p was an advertisement for a neighbor in the table, else 0 */
static int ELEM(handle_response)(const ck_packet *p)
{
    if (p->len < 14 + CKIP6_HDR + CKND_SOL_LEN)
        return 0;
    const unsigned char *eah = p->data + 14 + CKIP6_HDR;
    if (ck_get16(p->data + 12) != CKETHERTYPE_IP6 || eah[0] != CKND_ADV)
        return 0;
    const unsigned char *ipa = eah + 8, *ena = eah + 26;
    int bucket = (ipa[0] + ipa[15]) % IP6NDS_NMAP;
    ELEM(entry) *ae = ELEM(map)[bucket];
    while (ae && memcmp(ae->ip6, ipa, 16) != 0)
        ae = ae->next;
    if (!ae)
        return 0;
    if (ae->ok && memcmp(ae->en, ena, 6) != 0)
        ck_chatter("IP6NDSolicitor overwriting an entry");
    memcpy(ae->en, ena, 6);
    ae->ok = 1;
    ae->polling = 0;
    ae->last_response_j = ck_jiffies();
    ck_packet *cached = ae->p;
    ae->p = NULL;
    if (cached)
        ELEM(handle_ip6)(cached);
    return 1;
}

static void
ELEM(push)(int port, ck_packet *p)
{
    CK_ELEMENT_RLOCK(ELEM(lock));
    if (port == 0)
        ELEM(handle_ip6)(p);
    else {
        if (ELEM(handle_response)(p))
            ck_packet_kill(p);
        else
            ck_drop(p, ELEMENT_INDEX, "not a neighbor advertisement for a known neighbor");
    }
    CK_ELEMENT_RUNLOCK(ELEM(lock));
}

static CK_UNUSED int ELEM(read_table)(ck_buf *out)
{
    CK_ELEMENT_RLOCK(ELEM(lock));
    for (int i = 0; i < IP6NDS_NMAP; i++)
        for (ELEM(entry) *e = ELEM(map)[i]; e; e = e->next) {
            ck_buf_ip6(out, e->ip6);
            ck_buf_printf(out, " %d ", e->ok ? 1 : 0);
            ck_unparse_ether(out, e->en);
            ck_buf_puts(out, "\n");
        }
    CK_ELEMENT_RUNLOCK(ELEM(lock));
    return 0;
}

static CK_UNUSED int ELEM(read_stats)(ck_buf *out)
{
    ck_buf_printf(out, "%u packets killed\n%u ND Solicitation Message sent\n",
                  ELEM(killed), ELEM(queries));
    return 0;
}

#undef IP6NDS_NMAP
