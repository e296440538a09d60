/* The ARP table of ARPQuerier and ARPTable (Click's elements/ethernet/arptable.{cc,hh}): entries
 * by IPv4 address in a hash table and an age list (oldest first), each with its Ethernet address,
 * its age and the packets waiting for it; CAPACITY, ENTRY_CAPACITY, ENTRY_PACKET_CAPACITY,
 * CAPACITY_SLIM_FACTOR and TIMEOUT as ARPQuerier's top comment says; the table, count, length,
 * insert and delete handler bodies (called with CK_ARPT.lock held).  Included once per instance
 * by ethernet/arpquerier.c and ethernet/arptable.c (the types have an include guard, the
 * functions are ELEM() names of each instance).  The table itself is a ck_arpt: an
 * ARPQuerier with TABLE uses its ARPTable's (CK_ARPT_USE below), as Click's ARPQuerier uses the
 * ARPTable element its TABLE names. */
#include "ethernet/ckether.h"
#include "standard/ckstat.h"

#ifndef CLICKC_CKARPTABLE_TYPES
#define CLICKC_CKARPTABLE_TYPES
typedef struct ck_arpt_entry {
    uint32_t ip; /* host order */
    unsigned char eth[6];
    uint8_t known;
    uint8_t polls; /* _num_polls_since_reply */
    uint32_t live_at_j, polled_at_j;
    ck_packet *head, *tail;
    uint32_t npackets;
    struct ck_arpt_entry *hnext;             /* hash chain */
    struct ck_arpt_entry *age_prev, *age_next; /* age list, oldest first */
} ck_arpt_entry;

#define CK_ARPT_HBITS 10
/* One table: ARPTable's, or ARPQuerier's own when it has no TABLE. */
typedef struct ck_arpt {
    ck_arpt_entry *hash[1u << CK_ARPT_HBITS];
    ck_arpt_entry *age_front, *age_back;
    uint32_t entry_count, packet_count, drops;
    uint32_t capacity, entry_capacity, entry_packet_capacity, slim_factor, timeout_j;
    ck_elem_rlock lock; /* the handlers, the expiry timer and every user's push hold it */
} ck_arpt;

#define CK_ARPT_CAT_(a, b) a##b
#define CK_ARPT_CAT(a, b) CK_ARPT_CAT_(a, b)
/* The table variable of the ARPTable element of index `i` (its ELEM(arpt)). */
#define CK_ARPT_OF(i) CK_ARPT_CAT(CK_ARPT_CAT(e, i), _arpt)
#endif

/* This instance's table, CK_ARPT: its own ELEM(arpt), or, when the including file defines
 * CK_ARPT_USE (ARPQuerier's TABLE: the ARPTable element's index), that element's.  The
 * declaration of the other element's variable is a tentative definition (C11 6.9.2): the
 * ARPTable's file, before or after this one in the router, declares the same object. */
static CK_UNUSED ck_arpt ELEM(arpt);
#ifdef CK_ARPT_USE
static ck_arpt CK_ARPT_OF(CK_ARPT_USE);
#define CK_ARPT CK_ARPT_OF(CK_ARPT_USE)
#else
#define CK_ARPT ELEM(arpt)
#endif
static ck_timer ELEM(expire_timer);

static inline int ELEM(jless)(uint32_t a, uint32_t b) { return (int32_t)(a - b) < 0; }
static inline uint32_t ELEM(hslot)(uint32_t ip) { return (ip * 2654435761u) >> (32 - CK_ARPT_HBITS); }

static inline int ELEM(expired)(const ck_arpt_entry *e, uint32_t now)
{
    return CK_ARPT.timeout_j && ELEM(jless)(e->live_at_j + CK_ARPT.timeout_j, now);
}
static inline int ELEM(is_known)(const ck_arpt_entry *e, uint32_t now)
{
    return e->known && !ELEM(expired)(e, now);
}

static CK_UNUSED ck_arpt_entry *ELEM(find)(uint32_t ip)
{
    for (ck_arpt_entry *e = CK_ARPT.hash[ELEM(hslot)(ip)]; e; e = e->hnext)
        if (e->ip == ip)
            return e;
    return NULL;
}

static void ELEM(age_unlink)(ck_arpt_entry *e)
{
    if (e->age_prev)
        e->age_prev->age_next = e->age_next;
    else
        CK_ARPT.age_front = e->age_next;
    if (e->age_next)
        e->age_next->age_prev = e->age_prev;
    else
        CK_ARPT.age_back = e->age_prev;
    e->age_prev = e->age_next = NULL;
}

/* Insert e before `next` (NULL: at the back). */
static void ELEM(age_insert)(ck_arpt_entry *e, ck_arpt_entry *next)
{
    e->age_next = next;
    e->age_prev = next ? next->age_prev : CK_ARPT.age_back;
    if (e->age_prev)
        e->age_prev->age_next = e;
    else
        CK_ARPT.age_front = e;
    if (next)
        next->age_prev = e;
    else
        CK_ARPT.age_back = e;
}

static void ELEM(hash_remove)(ck_arpt_entry *e)
{
    ck_arpt_entry **pp = &CK_ARPT.hash[ELEM(hslot)(e->ip)];
    while (*pp != e)
        pp = &(*pp)->hnext;
    *pp = e->hnext;
}

/* Free the packets queued on e, counting them as drops of the table. */
static void ELEM(free_packets)(ck_arpt_entry *e, const char *reason)
{
    while (e->head) {
        ck_packet *p = e->head;
        e->head = p->next;
        ck_drop(p, ELEMENT_INDEX, reason);
        CK_ARPT.packet_count--;
        CK_ARPT.drops++;
    }
    e->tail = NULL;
    e->npackets = 0;
}

/* Click's ARPTable::slim: expire old entries (and the oldest over ENTRY_CAPACITY), then drop
 * the oldest entries' packets while over CAPACITY. */
static void ELEM(slim)(uint32_t now)
{
    ck_arpt_entry *e;
    while ((e = CK_ARPT.age_front) != NULL
           && (ELEM(expired)(e, now)
               || (CK_ARPT.entry_capacity && CK_ARPT.entry_count > CK_ARPT.entry_capacity))) {
        ELEM(hash_remove)(e);
        ELEM(age_unlink)(e);
        ELEM(free_packets)(e, "ARP entry expired");
        free(e);
        CK_ARPT.entry_count--;
    }
    if (CK_ARPT.capacity && CK_ARPT.packet_count > CK_ARPT.capacity) {
        uint32_t slim_cap = CK_ARPT.capacity - CK_ARPT.capacity / CK_ARPT.slim_factor;
        if (slim_cap == 0)
            slim_cap = 1;
        while (e && CK_ARPT.packet_count > slim_cap) {
            while (e->head && CK_ARPT.packet_count > slim_cap) {
                ck_packet *p = e->head;
                if (!(e->head = p->next))
                    e->tail = NULL;
                ck_drop(p, ELEMENT_INDEX, "ARP queue over CAPACITY");
                CK_ARPT.packet_count--;
                e->npackets--;
                CK_ARPT.drops++;
            }
            e = e->age_next;
        }
    }
}

/* The period of the expiry timer after its first run: TIMEOUT in whole seconds + 1 s (Click's
 * ARPTable::run_timer). */
static inline int64_t ELEM(expiry_period_ns)(void)
{
    return (int64_t)(CK_ARPT.timeout_j / CK_HZ + 1) * 1000000000;
}

/* Click's ARPTable::run_timer: expire old entries and keep the packets within CAPACITY, then
 * run again a period later. */
static void ELEM(run_timer)(void *arg)
{
    (void)arg;
    CK_ELEMENT_RLOCK(CK_ARPT.lock);
    ELEM(slim)(ck_jiffies());
    if (CK_ARPT.timeout_j)
        ck_timer_schedule_after(&ELEM(expire_timer), ELEM(expiry_period_ns)());
    CK_ELEMENT_RUNLOCK(CK_ARPT.lock);
}

/* The expiry timer, as Click's ARPTable::configure and run_timer schedule it: first TIMEOUT
 * (whole seconds) after initialization, then TIMEOUT + 1 s after each run, whether or not the
 * table holds entries (a run on an empty table does nothing).  It is a background timer
 * (runtime/clickc.h ck_timer.background): it runs at Click's times but is no work by itself,
 * so a router whose other work is done still ends (docs/runtime.md, "Termination"), and its
 * place among the timers due at one moment is Click's (scheduled at initialization). */
static CK_UNUSED void ELEM(start_expiry)(void)
{
    ck_timer_init(&ELEM(expire_timer), ELEM(run_timer), NULL);
    ELEM(expire_timer).background = 1;
    if (!CK_ARPT.timeout_j)
        return;
    /* TIMEOUT under 1 s: Click's first run is due at initialization and comes after the
     * router's first task iterations (its timers are checked every timer_stride iterations), and
     * every later run a period after the one before.  clickc's timers run as soon as they are
     * due (under --simtime before the first packets), so the first run is one jiffy after
     * initialization: after the first packets, as in Click (a hot swap's moved entries serve
     * them first: Click's test/ethernet/ARPQuerier-03.clicktest), and the later runs just
     * after the whole seconds, where Click's come after the timers due on them. */
    int64_t first = (int64_t)(CK_ARPT.timeout_j / CK_HZ) * 1000000000;
    ck_timer_schedule_after(&ELEM(expire_timer), first ? first : 1000000000 / CK_HZ);
}

/* Click's ARPTable::ensure. */
static ck_arpt_entry *ELEM(ensure)(uint32_t ip, uint32_t now)
{
    ck_arpt_entry *e = ELEM(find)(ip);
    if (e)
        return e;
    e = calloc(1, sizeof *e);
    if (!e)
        return NULL;
    CK_ARPT.entry_count++;
    if (CK_ARPT.entry_capacity && CK_ARPT.entry_count > CK_ARPT.entry_capacity)
        ELEM(slim)(now);
    e->ip = ip;
    memset(e->eth, 0xFF, 6);
    e->live_at_j = now;
    e->polled_at_j = now - CK_HZ;
    uint32_t h = ELEM(hslot)(ip);
    e->hnext = CK_ARPT.hash[h];
    CK_ARPT.hash[h] = e;
    ELEM(age_insert)(e, NULL);
    return e;
}

/* Click's ARPTable::insert: returns the packets that were waiting (a chain through ->next). */
static ck_packet *ELEM(table_insert)(uint32_t ip, const unsigned char *eth, int take)
{
    uint32_t now = ck_jiffies();
    ck_arpt_entry *e = ELEM(ensure)(ip, now);
    if (!e)
        return NULL;
    memcpy(e->eth, eth, 6);
    static const unsigned char bcast[6] = {0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};
    e->known = memcmp(eth, bcast, 6) != 0;
    e->live_at_j = now;
    e->polls = 0;
    e->polled_at_j = now - CK_HZ;
    if (e->age_next) {
        ELEM(age_unlink)(e);
        ELEM(age_insert)(e, NULL);
    }
    if (!take)
        return NULL;
    ck_packet *head = e->head;
    e->head = e->tail = NULL;
    CK_ARPT.packet_count -= e->npackets;
    e->npackets = 0;
    return head;
}

static void ELEM(table_clear)(void)
{
    ck_arpt_entry *e;
    while ((e = CK_ARPT.age_front) != NULL) {
        ELEM(age_unlink)(e);
        ELEM(hash_remove)(e);
        ELEM(free_packets)(e, "ARP table cleared");
        free(e);
    }
    CK_ARPT.entry_count = CK_ARPT.packet_count = 0;
}

/* The table's arguments (the same names in both classes: CAPACITY, ENTRY_CAPACITY,
 * ENTRY_PACKET_CAPACITY, CAPACITY_SLIM_FACTOR, TIMEOUT); -1 after an error. */
static CK_UNUSED int ELEM(table_configure)(ck_errh *errh)
{
    CK_ARPT.capacity = CONF_GIVEN(CAPACITY) ? (uint32_t)CONF(CAPACITY) : 2048;
    CK_ARPT.entry_capacity = (uint32_t)CONF(ENTRY_CAPACITY);
    CK_ARPT.entry_packet_capacity = (uint32_t)CONF(ENTRY_PACKET_CAPACITY);
    CK_ARPT.slim_factor = CONF_GIVEN(CAPACITY_SLIM_FACTOR) ? (uint32_t)CONF(CAPACITY_SLIM_FACTOR) : 2;
    if (CK_ARPT.slim_factor == 0)
        return ck_error(errh, "CAPACITY_SLIM_FACTOR cannot be zero");
    int64_t t = CONF_GIVEN(TIMEOUT) ? (int64_t)CONF(TIMEOUT) : (int64_t)300 * 1000000000;
    CK_ARPT.timeout_j = t / 1000000000 >= 0xFFFFFFFFu / CK_HZ ? 0 : (uint32_t)(t / 1000000);
    return 0;
}

#ifdef CK_HOT
/* clickc run -R (docs/reconfiguration.md): the entries of the predecessor's table `old` move
 * to this table in age order, with their addresses, ages, poll state and waiting packets, as
 * Click's ARPTable::take_state swaps the tables; an address this table already holds (inserted
 * during the new router's initialization) keeps its new entry, and the old one stays in `old`
 * for its cleanup.  The drop count continues.  Every thread is stopped: no lock. */
static CK_UNUSED void ELEM(table_take)(ck_arpt *old)
{
    ck_arpt_entry *left_front = NULL, *left_back = NULL;
    ck_arpt_entry *e = old->age_front;
    memset(old->hash, 0, sizeof old->hash);
    while (e) {
        ck_arpt_entry *next = e->age_next;
        uint32_t h = ELEM(hslot)(e->ip);
        if (ELEM(find)(e->ip)) { /* stays in the old table, for its cleanup */
            e->hnext = old->hash[h];
            old->hash[h] = e;
            e->age_prev = left_back;
            e->age_next = NULL;
            if (left_back)
                left_back->age_next = e;
            else
                left_front = e;
            left_back = e;
        } else {
            e->hnext = CK_ARPT.hash[h];
            CK_ARPT.hash[h] = e;
            ELEM(age_insert)(e, NULL);
            CK_ARPT.entry_count++;
            CK_ARPT.packet_count += e->npackets;
            old->entry_count--;
            old->packet_count -= e->npackets;
        }
        e = next;
    }
    old->age_front = left_front;
    old->age_back = left_back;
    CK_ARPT.drops = old->drops;
}
#endif

static CK_UNUSED int ELEM(read_table_unlocked)(ck_buf *out)
{
    uint32_t now = ck_jiffies();
    for (ck_arpt_entry *e = CK_ARPT.age_front; e; e = e->age_next) {
        ck_unparse_ip(out, e->ip);
        ck_buf_printf(out, " %d ", ELEM(is_known)(e, now));
        ck_unparse_ether(out, e->eth);
        ck_buf_puts(out, " ");
        ck_unparse_timestamp(out, (int64_t)(uint32_t)(now - e->live_at_j) * (1000000000 / CK_HZ));
        ck_buf_puts(out, "\n");
    }
    return 0;
}

#include "standard/ckdata.h"
CK_DATA_READ(count_unlocked, CK_ARPT.entry_count);
CK_DATA_READ(length_unlocked, CK_ARPT.packet_count);

/* Split value into at most `max` words; returns the count, or -1 when there are more. */
static CK_UNUSED int ELEM(words)(const char *s, char w[][64], int max)
{
    int n = 0;
    for (;;) {
        while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
            s++;
        if (!*s)
            return n;
        size_t len = strcspn(s, " \t\n\r");
        if (n == max || len >= 64)
            return -1;
        memcpy(w[n], s, len);
        w[n][len] = '\0';
        n++;
        s += len;
    }
}

static CK_UNUSED int ELEM(write_insert_unlocked)(const char *value, ck_errh *errh)
{
    char w[2][64];
    int n = ELEM(words)(value, w, 2);
    uint32_t ip;
    unsigned char eth[6];
    if (n < 0)
        return ck_error(errh, "too many arguments");
    if (n < 1)
        return ck_error(errh, "missing required IP argument");
    if (ck_parse_ip_n(w[0], strlen(w[0]), &ip) < 0)
        return ck_error(errh, "IP: expected IP address");
    if (n < 2)
        return ck_error(errh, "missing required ETH argument");
    if (ck_parse_ether(w[1], eth) < 0)
        return ck_error(errh, "ETH: expected Ethernet address");
    (void)ELEM(table_insert)(ip, eth, 0); /* as Click: queued packets stay queued */
    return 0;
}

static CK_UNUSED int ELEM(write_delete_unlocked)(const char *value, ck_errh *errh)
{
    char w[1][64];
    int n = ELEM(words)(value, w, 1);
    uint32_t ip;
    if (n < 0)
        return ck_error(errh, "too many arguments");
    if (n < 1)
        return ck_error(errh, "missing required IP argument");
    if (ck_parse_ip_n(w[0], strlen(w[0]), &ip) < 0)
        return ck_error(errh, "IP: expected IP address");
    static const unsigned char bcast[6] = {0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};
    (void)ELEM(table_insert)(ip, bcast, 0); /* Click marks the entry unknown */
    return 0;
}

/* A handler under the instance's lock: H takes the lock around H_unlocked.  The table's
 * handlers; the including file adds its own the same way and #undefs CK_ARPT_LOCKED. */
#define CK_ARPT_LOCKED(fn, ...)                                                                \
    do {                                                                                       \
        CK_ELEMENT_RLOCK(CK_ARPT.lock);                                                        \
        int r_ = ELEM(fn)(__VA_ARGS__);                                                        \
        CK_ELEMENT_RUNLOCK(CK_ARPT.lock);                                                      \
        return r_;                                                                             \
    } while (0)
static CK_UNUSED int ELEM(read_table)(ck_buf *out) { CK_ARPT_LOCKED(read_table_unlocked, out); }
static CK_UNUSED int ELEM(read_count)(ck_buf *out) { CK_ARPT_LOCKED(read_count_unlocked, out); }
static CK_UNUSED int ELEM(read_length)(ck_buf *out) { CK_ARPT_LOCKED(read_length_unlocked, out); }
static CK_UNUSED int ELEM(write_insert)(const char *value, ck_errh *errh)
{ CK_ARPT_LOCKED(write_insert_unlocked, value, errh); }
static CK_UNUSED int ELEM(write_delete)(const char *value, ck_errh *errh)
{ CK_ARPT_LOCKED(write_delete_unlocked, value, errh); }
