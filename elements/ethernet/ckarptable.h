/* The ARP table of ARPQuerier and ARPTable (Click's elements/ethernet/arptable.{cc,hh}): entries
 * by IPv4 address in a hash table and an age list (oldest first), each with its Ethernet address,
 * its age and the packets waiting for it; CAPACITY, ENTRY_CAPACITY, ENTRY_PACKET_CAPACITY,
 * CAPACITY_SLIM_FACTOR and TIMEOUT as ARPQuerier's top comment says; the table, count, length,
 * insert and delete handler bodies (called with ELEM(lock) held).  Included once per instance
 * by ethernet/arpquerier.c and ethernet/arptable.c (no include guard: every name is ELEM()). */
#include "ethernet/ckether.h"
#include "standard/ckstat.h"

typedef struct ELEM(entry) {
    uint32_t ip; /* host order */
    unsigned char eth[6];
    uint8_t known;
    uint8_t polls; /* _num_polls_since_reply */
    uint32_t live_at_j, polled_at_j;
    ck_packet *head, *tail;
    uint32_t npackets;
    struct ELEM(entry) *hnext;            /* hash chain */
    struct ELEM(entry) *age_prev, *age_next; /* age list, oldest first */
} ELEM(entry);

#define ELEM_HBITS 10
static ELEM(entry) *ELEM(hash)[1u << ELEM_HBITS];
static ELEM(entry) *ELEM(age_front), *ELEM(age_back);
static uint32_t ELEM(entry_count), ELEM(packet_count), ELEM(table_drops);
static uint32_t ELEM(capacity), ELEM(entry_capacity), ELEM(entry_packet_capacity);
static uint32_t ELEM(slim_factor), ELEM(timeout_j);
static ck_timer ELEM(expire_timer);
static CK_UNUSED ck_elem_rlock ELEM(lock);

static inline int ELEM(jless)(uint32_t a, uint32_t b) { return (int32_t)(a - b) < 0; }
static inline uint32_t ELEM(hslot)(uint32_t ip) { return (ip * 2654435761u) >> (32 - ELEM_HBITS); }

static inline int ELEM(expired)(const ELEM(entry) *e, uint32_t now)
{
    return ELEM(timeout_j) && ELEM(jless)(e->live_at_j + ELEM(timeout_j), now);
}
static inline int ELEM(is_known)(const ELEM(entry) *e, uint32_t now)
{
    return e->known && !ELEM(expired)(e, now);
}

static CK_UNUSED ELEM(entry) *ELEM(find)(uint32_t ip)
{
    for (ELEM(entry) *e = ELEM(hash)[ELEM(hslot)(ip)]; e; e = e->hnext)
        if (e->ip == ip)
            return e;
    return NULL;
}

static void ELEM(age_unlink)(ELEM(entry) *e)
{
    if (e->age_prev)
        e->age_prev->age_next = e->age_next;
    else
        ELEM(age_front) = e->age_next;
    if (e->age_next)
        e->age_next->age_prev = e->age_prev;
    else
        ELEM(age_back) = e->age_prev;
    e->age_prev = e->age_next = NULL;
}

/* Insert e before `next` (NULL: at the back). */
static void ELEM(age_insert)(ELEM(entry) *e, ELEM(entry) *next)
{
    e->age_next = next;
    e->age_prev = next ? next->age_prev : ELEM(age_back);
    if (e->age_prev)
        e->age_prev->age_next = e;
    else
        ELEM(age_front) = e;
    if (next)
        next->age_prev = e;
    else
        ELEM(age_back) = e;
}

static void ELEM(hash_remove)(ELEM(entry) *e)
{
    ELEM(entry) **pp = &ELEM(hash)[ELEM(hslot)(e->ip)];
    while (*pp != e)
        pp = &(*pp)->hnext;
    *pp = e->hnext;
}

/* Free the packets queued on e, counting them as drops of the table. */
static void ELEM(free_packets)(ELEM(entry) *e, const char *reason)
{
    while (e->head) {
        ck_packet *p = e->head;
        e->head = p->next;
        ck_drop(p, ELEMENT_INDEX, reason);
        ELEM(packet_count)--;
        ELEM(table_drops)++;
    }
    e->tail = NULL;
    e->npackets = 0;
}

/* Click's ARPTable::slim: expire old entries (and the oldest over ENTRY_CAPACITY), then drop
 * the oldest entries' packets while over CAPACITY. */
static void ELEM(slim)(uint32_t now)
{
    ELEM(entry) *e;
    while ((e = ELEM(age_front)) != NULL
           && (ELEM(expired)(e, now)
               || (ELEM(entry_capacity) && ELEM(entry_count) > ELEM(entry_capacity)))) {
        ELEM(hash_remove)(e);
        ELEM(age_unlink)(e);
        ELEM(free_packets)(e, "ARP entry expired");
        free(e);
        ELEM(entry_count)--;
    }
    if (ELEM(capacity) && ELEM(packet_count) > ELEM(capacity)) {
        uint32_t slim_cap = ELEM(capacity) - ELEM(capacity) / ELEM(slim_factor);
        if (slim_cap == 0)
            slim_cap = 1;
        while (e && ELEM(packet_count) > slim_cap) {
            while (e->head && ELEM(packet_count) > slim_cap) {
                ck_packet *p = e->head;
                if (!(e->head = p->next))
                    e->tail = NULL;
                ck_drop(p, ELEMENT_INDEX, "ARP queue over CAPACITY");
                ELEM(packet_count)--;
                e->npackets--;
                ELEM(table_drops)++;
            }
            e = e->age_next;
        }
    }
}

static void ELEM(run_timer)(void *arg)
{
    (void)arg;
    CK_ELEMENT_RLOCK(ELEM(lock));
    ELEM(slim)(ck_jiffies());
    CK_ELEMENT_RUNLOCK(ELEM(lock));
    if (ELEM(timeout_j))
        ck_timer_schedule_after(&ELEM(expire_timer),
                                (int64_t)(ELEM(timeout_j) / CK_HZ + 1) * 1000000000);
}

/* Click's ARPTable::ensure. */
static ELEM(entry) *ELEM(ensure)(uint32_t ip, uint32_t now)
{
    ELEM(entry) *e = ELEM(find)(ip);
    if (e)
        return e;
    e = calloc(1, sizeof *e);
    if (!e)
        return NULL;
    ELEM(entry_count)++;
    if (ELEM(entry_capacity) && ELEM(entry_count) > ELEM(entry_capacity))
        ELEM(slim)(now);
    e->ip = ip;
    memset(e->eth, 0xFF, 6);
    e->live_at_j = now;
    e->polled_at_j = now - CK_HZ;
    uint32_t h = ELEM(hslot)(ip);
    e->hnext = ELEM(hash)[h];
    ELEM(hash)[h] = e;
    ELEM(age_insert)(e, NULL);
    return e;
}

/* Click's ARPTable::insert: returns the packets that were waiting (a chain through ->next). */
static ck_packet *ELEM(table_insert)(uint32_t ip, const unsigned char *eth, int take)
{
    uint32_t now = ck_jiffies();
    ELEM(entry) *e = ELEM(ensure)(ip, now);
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
    ELEM(packet_count) -= e->npackets;
    e->npackets = 0;
    return head;
}

static void ELEM(table_clear)(void)
{
    ELEM(entry) *e;
    while ((e = ELEM(age_front)) != NULL) {
        ELEM(age_unlink)(e);
        ELEM(hash_remove)(e);
        ELEM(free_packets)(e, "ARP table cleared");
        free(e);
    }
    ELEM(entry_count) = ELEM(packet_count) = 0;
}

/* The table's arguments (the same names in both classes); -1 after an error. */
static int ELEM(table_configure)(ck_errh *errh)
{
    ELEM(capacity) = CONF_GIVEN(CAPACITY) ? (uint32_t)CONF(CAPACITY) : 2048;
    ELEM(entry_capacity) = (uint32_t)CONF(ENTRY_CAPACITY);
    ELEM(entry_packet_capacity) = (uint32_t)CONF(ENTRY_PACKET_CAPACITY);
    ELEM(slim_factor) = CONF_GIVEN(CAPACITY_SLIM_FACTOR) ? (uint32_t)CONF(CAPACITY_SLIM_FACTOR) : 2;
    if (ELEM(slim_factor) == 0)
        return ck_error(errh, "CAPACITY_SLIM_FACTOR cannot be zero");
    return 0;
}

static CK_UNUSED int ELEM(read_table_unlocked)(ck_buf *out)
{
    uint32_t now = ck_jiffies();
    for (ELEM(entry) *e = ELEM(age_front); e; e = e->age_next) {
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
CK_DATA_READ(count_unlocked, ELEM(entry_count));
CK_DATA_READ(length_unlocked, ELEM(packet_count));

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
        CK_ELEMENT_RLOCK(ELEM(lock));                                                          \
        int r_ = ELEM(fn)(__VA_ARGS__);                                                        \
        CK_ELEMENT_RUNLOCK(ELEM(lock));                                                        \
        return r_;                                                                             \
    } while (0)
static CK_UNUSED int ELEM(read_table)(ck_buf *out) { CK_ARPT_LOCKED(read_table_unlocked, out); }
static CK_UNUSED int ELEM(read_count)(ck_buf *out) { CK_ARPT_LOCKED(read_count_unlocked, out); }
static CK_UNUSED int ELEM(read_length)(ck_buf *out) { CK_ARPT_LOCKED(read_length_unlocked, out); }
static CK_UNUSED int ELEM(write_insert)(const char *value, ck_errh *errh)
{ CK_ARPT_LOCKED(write_insert_unlocked, value, errh); }
static CK_UNUSED int ELEM(write_delete)(const char *value, ck_errh *errh)
{ CK_ARPT_LOCKED(write_delete_unlocked, value, errh); }
