/* ARPQuerier(IP, ETH, ...): encapsulates IP packets (input 0, next hop in the destination IP
 * annotation) in Ethernet headers, resolving next hops with ARP, and learns from ARP replies
 * on input 1 (Click's elements/ethernet/arpquerier.cc with its private ARPTable,
 * elements/ethernet/arptable.{cc,hh}).
 *
 * Semantics kept from Click:
 * - A known entry (learned from a reply, not older than TIMEOUT) sends the packet at once; once
 *   the entry is POLL_TIMEOUT old, a unicast query re-polls it (at most every 100 ms, every 2 s
 *   after 10 unanswered polls). The limited broadcast, the subnet broadcast (BROADCAST, default
 *   IP | ~mask) and multicast destinations map to Ethernet addresses without ARP.
 * - An unknown destination queues the packet on its entry and sends a broadcast query (rate
 *   limited as above). Queued packets are bounded by CAPACITY (default 2048 packets over all
 *   entries; when exceeded the oldest entries' packets are dropped down to CAPACITY -
 *   CAPACITY / CAPACITY_SLIM_FACTOR), ENTRY_CAPACITY (entries; the oldest go first) and
 *   ENTRY_PACKET_CAPACITY (packets per entry; later packets are dropped). Entries expire after
 *   TIMEOUT (checked by a timer every TIMEOUT + 1 seconds, as Click's).
 * - A reply (input 1) that is a complete Ethernet/IPv4 ARP reply from a unicast address fills
 *   the entry and sends its queued packets in arrival order; the reply itself is consumed
 *   (counted as "ARP reply consumed"), as is anything else arriving on input 1.
 * - Queries leave on the last output (output 1 when there are two); they carry the timestamp
 *   and VLAN TCI annotation of the packet that caused them, as in Click.
 * Every packet that is not sent or queued is dropped with ck_drop and a reason. Handlers:
 * table, stats, count, length, queries, responses, drops, broadcast, ipaddr, insert, delete,
 * clear (Click's formats). TABLE (a shared ARPTable element) is refused at initialization.
 *
 * Concurrency (docs/concurrency.md): with ELEMENT_NTHREADS > 1 the table is shared state, as in
 * SMP Click: every entry point (push, the expiry timer, every handler) runs under the table's
 * lock (CK_ARPT.lock: this instance's, or the ARPTable's it shares with the ARPTable's handlers
 * and other ARPQueriers; standard/ckstat.h CK_ELEMENT_RLOCK, which the holding thread may take
 * again), held
 * while the packets it releases are pushed on; a queued packet is marked as crossing threads
 * (ck_packet_mark_crossing), since a reply handled on another thread may send it. */
#if CONF_GIVEN(TABLE)
#define CK_ARPT_USE CONF(TABLE) /* the ARPTable's table (ethernet/ckarptable.h) */
#endif
#include "ethernet/ckarptable.h"

static uint32_t ELEM(poll_timeout_j);
static uint32_t ELEM(my_ip), ELEM(my_bcast_ip); /* host order */
static unsigned char ELEM(my_en)[6];
static int ELEM(broadcast_poll), ELEM(zero_warned);
static CK_UNUSED const int ELEM(own_table) = !CONF_GIVEN(TABLE); /* Click's _my_arpt */
static uint32_t ELEM(queries), ELEM(responses), ELEM(drops);

static inline int ELEM(allow_poll)(const ck_arpt_entry *e, uint32_t now)
{
    uint32_t thresh = e->polled_at_j + (e->polls >= 10 ? CK_HZ * 2 : CK_HZ / 10);
    return !ELEM(jless)(now, thresh);
}
static inline void ELEM(mark_poll)(ck_arpt_entry *e, uint32_t now)
{
    e->polled_at_j = now;
    if (e->polls < 255)
        e->polls++;
}

static int
ELEM(init)(ck_errh *errh)
{
    unsigned char b[4];
    uint32_t v = CONF(IP).addr;
    memcpy(b, &v, 4);
    ELEM(my_ip) = ck_eget32(b);
    v = CONF(IP).mask;
    memcpy(b, &v, 4);
    uint32_t mask = ck_eget32(b);
    memcpy(ELEM(my_en), (const unsigned char *)(CONF(ETH)), 6);
#if CONF_GIVEN(BROADCAST)
    {
        uint32_t bc = CONF(BROADCAST);
        memcpy(b, &bc, 4);
        ELEM(my_bcast_ip) = ck_eget32(b);
    }
#else
    ELEM(my_bcast_ip) = ELEM(my_ip) | ~mask;
    if (ELEM(my_bcast_ip) == ELEM(my_ip))
        ELEM(my_bcast_ip) = 0xFFFFFFFFu;
#endif
    int64_t pt = CONF_GIVEN(POLL_TIMEOUT) ? (int64_t)CONF(POLL_TIMEOUT) : (int64_t)60 * 1000000000;
    ELEM(poll_timeout_j) = pt / 1000000000 >= 0xFFFFFFFFu / CK_HZ ? 0 : (uint32_t)(pt / 1000000);
    ELEM(broadcast_poll) = CONF(BROADCAST_POLL) ? 1 : 0;
#if !CONF_GIVEN(TABLE) /* with TABLE, the ARPTable configures and expires the table */
    if (ELEM(table_configure)(errh) < 0)
        return -1;
    ELEM(start_expiry)();
#else
    ck_timer_init(&ELEM(expire_timer), ELEM(run_timer), NULL);
    (void)errh;
#endif
    return 0;
}

#ifdef CK_HOT
/* clickc run -R (ElementSpec.hot, docs/reconfiguration.md), as Click's ARPQuerier::take_state:
 * only from an ARPQuerier of the same IP, ETH and broadcast address; then, when both have a
 * table of their own (no TABLE), the predecessor's entries move here (ELEM(table_take): ages,
 * poll state, waiting packets); the counters continue.  A TABLE's entries move with the
 * ARPTable element.  The threads are stopped: no lock. */
static CK_UNUSED int ELEM(hot_take)(const ck_hot_elem *old, ck_errh *errh)
{
    (void)errh;
    const uint32_t *oip = ck_hot_var_ptr(old, "my_ip", sizeof ELEM(my_ip));
    const uint32_t *obc = ck_hot_var_ptr(old, "my_bcast_ip", sizeof ELEM(my_bcast_ip));
    const unsigned char *oen = ck_hot_var_ptr(old, "my_en", sizeof ELEM(my_en));
    const int *oown = ck_hot_var_ptr(old, "own_table", sizeof ELEM(own_table));
    ck_arpt *otab = ck_hot_var_ptr(old, "arpt", sizeof(ck_arpt));
    if (!oip || !obc || !oen || *oip != ELEM(my_ip) || *obc != ELEM(my_bcast_ip)
        || memcmp(oen, ELEM(my_en), 6) != 0)
        return 0;
    if (ELEM(own_table) && oown && *oown && otab)
        ELEM(table_take)(otab);
    CK_HOT_COPY(old, queries);
    CK_HOT_COPY(old, responses);
    CK_HOT_COPY(old, drops);
    return 0;
}
#endif

static void
ELEM(cleanup)(void)
{
    ck_timer_unschedule(&ELEM(expire_timer));
    if (ELEM(own_table)) /* a TABLE's entries are the ARPTable's to free */
        ELEM(table_clear)();
}

/* Click's send_query_for: p has its Ethernet header; dhost_valid: re-poll a known entry. */
static void ELEM(send_query)(const ck_packet *p, int dhost_valid)
{
    ck_packet *q = ck_packet_alloc(14 + CK_ARP_LEN);
    if (!q) {
        ck_chatter("in arp querier: cannot make packet!");
        return;
    }
    unsigned char *e = q->data, *a = q->data + 14;
    ck_set_mac_header_len(q, e, 14); /* Click's set_ether_header: ARPPrint reads the ARP header */
    if (dhost_valid && !ELEM(broadcast_poll))
        memcpy(e, p->data, 6);
    else
        memset(e, 0xFF, 6);
    memcpy(e + 6, ELEM(my_en), 6);
    ck_eput16(e + 12, CK_ETHERTYPE_ARP);
    ck_eput16(a + CK_ARP_OFF_HRD, CK_ARPHRD_ETHER);
    ck_eput16(a + CK_ARP_OFF_PRO, CK_ETHERTYPE_IP);
    a[4] = 6;
    a[5] = 4;
    ck_eput16(a + CK_ARP_OFF_OP, CK_ARPOP_REQUEST);
    memcpy(a + CK_ARP_OFF_SHA, ELEM(my_en), 6);
    ck_eput32(a + CK_ARP_OFF_SPA, ELEM(my_ip));
    memset(a + CK_ARP_OFF_THA, 0, 6);
    memcpy(a + CK_ARP_OFF_TPA, p->anno + DST_IP_ANNO_OFFSET, 4);
    q->ts_ns = p->ts_ns;
    ck_set_anno_u16(q, VLAN_TCI_ANNO_OFFSET, ck_anno_u16(p, VLAN_TCI_ANNO_OFFSET));
    ELEM(queries)++;
    OUTPUT(NOUTPUTS - 1, q);
}

/* Click's handle_ip; `response`: p already has its Ethernet header (it was queued). */
static void ELEM(handle_ip)(ck_packet *p, int response)
{
    if (!ELEM(my_ip)) {
        ELEM(drops)++;
        ck_drop(p, ELEMENT_INDEX, "ARPQuerier has no IP address");
        return;
    }
    if (response) {
        p = ck_packet_uniqueify(p);
        if (!p) {
            ELEM(drops)++;
            ck_count_drop(ELEMENT_INDEX, "out of memory");
            return;
        }
    } else {
        p = ck_packet_push(p, 14);
        if (!p) {
            ELEM(drops)++;
            ck_count_drop(ELEMENT_INDEX, "out of memory");
            return;
        }
        ck_set_mac_header(p, p->data);
        ck_eput16(p->data + 12, CK_ETHERTYPE_IP);
    }
    uint32_t dst = ck_eget32(p->anno + DST_IP_ANNO_OFFSET);
    unsigned char *dhost = p->data;
    for (;;) {
        ck_arpt_entry *e = ELEM(find)(dst);
        uint32_t now = ck_jiffies();
        if (e && ELEM(is_known)(e, now)) {
            memcpy(dhost, e->eth, 6);
            if (ELEM(poll_timeout_j) && !ELEM(jless)(now, e->live_at_j + ELEM(poll_timeout_j))
                && ELEM(allow_poll)(e, now)) {
                ELEM(mark_poll)(e, now);
                ELEM(send_query)(p, 1);
            }
            break;
        }
        if (dst == 0xFFFFFFFFu || dst == ELEM(my_bcast_ip)) {
            memset(dhost, 0xFF, 6);
            break;
        }
        if ((dst >> 28) == 0xE) {
            dhost[0] = 0x01;
            dhost[1] = 0x00;
            dhost[2] = 0x5E;
            dhost[3] = (unsigned char)((dst >> 16) & 0x7F);
            dhost[4] = (unsigned char)(dst >> 8);
            dhost[5] = (unsigned char)dst;
            break;
        }
        if (!dst) {
            if (!ELEM(zero_warned)) {
                ck_chatter("%s :: ARPQuerier: would query for 0.0.0.0; missing dest IP addr annotation?",
                           ELEMENT_NAME);
                ELEM(zero_warned) = 1;
            }
            ELEM(drops)++;
            ck_drop(p, ELEMENT_INDEX, "no destination IP annotation");
            return;
        }
        /* Click's ARPTable::append_query */
        e = ELEM(ensure)(dst, now);
        if (!e) {
            ck_drop(p, ELEMENT_INDEX, "out of memory");
            return;
        }
        if (ELEM(is_known)(e, now))
            continue; /* -EAGAIN */
        if (CK_ARPT.timeout_j) {
            uint32_t min_live = now - CK_ARPT.timeout_j;
            if (ELEM(jless)(e->live_at_j, min_live)) {
                e->live_at_j = min_live;
                ck_arpt_entry *e_next = e->age_next, *next = e_next;
                while (next && ELEM(jless)(next->live_at_j, e->live_at_j))
                    next = next->age_next;
                if (e_next != next) {
                    ELEM(age_unlink)(e);
                    ELEM(age_insert)(e, next);
                }
            }
        }
        if (CK_ARPT.entry_packet_capacity && e->npackets >= CK_ARPT.entry_packet_capacity) {
            CK_ARPT.drops++;
            ck_drop(p, ELEMENT_INDEX, "ARP entry queue over ENTRY_PACKET_CAPACITY");
            return;
        }
        CK_ARPT.packet_count++;
        if (CK_ARPT.capacity && CK_ARPT.packet_count > CK_ARPT.capacity)
            ELEM(slim)(now);
        /* a reply on another thread (or, with TABLE, another ARPQuerier or the ARPTable's
         * timer) may release it */
        if (ELEMENT_NTHREADS > 1 || (CONF_GIVEN(TABLE) && ck_router_nthreads > 1))
            ck_packet_mark_crossing(p);
        p->next = NULL;
        if (e->tail)
            e->tail->next = p;
        else
            e->head = p;
        e->tail = p;
        e->npackets++;
        if (ELEM(allow_poll)(e, now)) {
            ELEM(mark_poll)(e, now);
            ELEM(send_query)(p, 0); /* p stays queued */
        }
        return;
    }
    memcpy(p->data + 6, ELEM(my_en), 6);
    OUTPUT(0, p);
}

/* Click's handle_response. */
static void ELEM(handle_response)(const ck_packet *p)
{
    if (p->len < 14 + CK_ARP_LEN)
        return;
    ELEM(responses)++;
    const unsigned char *d = p->data, *a = d + 14;
    if (ck_eget16(d + 12) == CK_ETHERTYPE_ARP && ck_eget16(a + CK_ARP_OFF_HRD) == CK_ARPHRD_ETHER
        && ck_eget16(a + CK_ARP_OFF_PRO) == CK_ETHERTYPE_IP
        && ck_eget16(a + CK_ARP_OFF_OP) == CK_ARPOP_REPLY && !(a[CK_ARP_OFF_SHA] & 1)) {
        ck_packet *q = ELEM(table_insert)(ck_eget32(a + CK_ARP_OFF_SPA), a + CK_ARP_OFF_SHA, 1);
        while (q) {
            ck_packet *next = q->next;
            q->next = NULL;
            ELEM(handle_ip)(q, 1);
            q = next;
        }
    }
}

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    CK_ELEMENT_RLOCK(CK_ARPT.lock);
    if (port == 0)
        ELEM(handle_ip)(p, 0);
    else {
        ELEM(handle_response)(p);
        ck_drop(p, ELEMENT_INDEX, "ARP reply consumed");
    }
    CK_ELEMENT_RUNLOCK(CK_ARPT.lock);
}

static CK_UNUSED int ELEM(read_stats_unlocked)(ck_buf *out)
{
    ck_buf_printf(out, "%u packets killed\n%u ARP queries sent\n",
                  ELEM(drops) + CK_ARPT.drops, ELEM(queries));
    return 0;
}

#include "standard/ckdata.h"
CK_DATA_READ(queries_unlocked, ELEM(queries));
CK_DATA_READ(responses_unlocked, ELEM(responses));
CK_DATA_READ(drops_unlocked, ELEM(drops));
CK_DATA_READ_WITH(broadcast_unlocked, ck_unparse_ip, ELEM(my_bcast_ip));
CK_DATA_READ_WITH(ipaddr_unlocked, ck_unparse_ip, ELEM(my_ip));

static CK_UNUSED int ELEM(write_ip)(const char *value, uint32_t *dst, ck_errh *errh)
{
    char w[1][64];
    if (ELEM(words)(value, w, 1) != 1 || ck_parse_ip_n(w[0], strlen(w[0]), dst) < 0)
        return ck_error(errh, "expected IP address");
    return 0;
}

static CK_UNUSED int ELEM(write_broadcast_unlocked)(const char *value, ck_errh *errh)
{
    return ELEM(write_ip)(value, &ELEM(my_bcast_ip), errh);
}

static CK_UNUSED int ELEM(write_ipaddr_unlocked)(const char *value, ck_errh *errh)
{
    return ELEM(write_ip)(value, &ELEM(my_ip), errh);
}

static CK_UNUSED int ELEM(write_clear_unlocked)(const char *value, ck_errh *errh)
{
    (void)value, (void)errh;
    ELEM(queries) = ELEM(drops) = ELEM(responses) = 0;
    ELEM(table_clear)();
    return 0;
}
/* the handlers under the instance's lock (see the top of the file): ethernet/ckarptable.h's
 * CK_ARPT_LOCKED; table, count, length, insert and delete are the header's */
static CK_UNUSED int ELEM(read_stats)(ck_buf *out) { CK_ARPT_LOCKED(read_stats_unlocked, out); }
static CK_UNUSED int ELEM(read_queries)(ck_buf *out) { CK_ARPT_LOCKED(read_queries_unlocked, out); }
static CK_UNUSED int ELEM(read_responses)(ck_buf *out)
{ CK_ARPT_LOCKED(read_responses_unlocked, out); }
static CK_UNUSED int ELEM(read_drops)(ck_buf *out) { CK_ARPT_LOCKED(read_drops_unlocked, out); }
static CK_UNUSED int ELEM(read_broadcast)(ck_buf *out)
{ CK_ARPT_LOCKED(read_broadcast_unlocked, out); }
static CK_UNUSED int ELEM(read_ipaddr)(ck_buf *out) { CK_ARPT_LOCKED(read_ipaddr_unlocked, out); }
static CK_UNUSED int ELEM(write_broadcast)(const char *value, ck_errh *errh)
{ CK_ARPT_LOCKED(write_broadcast_unlocked, value, errh); }
static CK_UNUSED int ELEM(write_ipaddr)(const char *value, ck_errh *errh)
{ CK_ARPT_LOCKED(write_ipaddr_unlocked, value, errh); }
static CK_UNUSED int ELEM(write_clear)(const char *value, ck_errh *errh)
{ CK_ARPT_LOCKED(write_clear_unlocked, value, errh); }
#undef CK_ARPT_LOCKED
#undef CK_ARPT
#ifdef CK_ARPT_USE
#undef CK_ARPT_USE
#endif
