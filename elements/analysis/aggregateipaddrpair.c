/* AggregateIPAddrPair([TIMEOUT, REAP]): a table of IP address pairs, the pair ordered as Click's
 * HostPair orders it (the smaller network-order address first); the first packet of a pair
 * gives it the next number (from 1, skipping 0 when the counter wraps) and the direction of
 * that packet is the forward one.  Each packet gets AGGREGATE = its pair's number and PAINT =
 * 0 forward, 1 reverse (Click's elements/analysis/aggregateipaddrpair.cc).  With TIMEOUT (in
 * seconds of packet time; a packet without a timestamp gets the current time, with one
 * warning) a pair unseen for longer than TIMEOUT gets a new number, and every REAP seconds the
 * expired pairs are forgotten.  A packet without a complete IP header at its network header
 * leaves on output 1, or is dropped ("no IP header").  Handler clear forgets every pair. */
#include "ip/ckip.h"
#include "standard/ckoutput.h"

typedef struct ELEM(pair) {
    uint32_t a, b, aggregate;
    int32_t last_sec;
    int reverse;
    struct ELEM(pair) *next;
} ELEM(pair);

static ELEM(pair) **ELEM(buckets);
static uint32_t ELEM(nbuckets), ELEM(count), ELEM(next_agg);
static int32_t ELEM(active_sec), ELEM(gc_sec);
static int ELEM(warned);

#define AIAP_OLDER(a, b) ((int32_t)((uint32_t)(a) - (uint32_t)(b)) < 0)

static uint32_t ELEM(hash)(uint32_t a, uint32_t b)
{
    uint64_t k = ((uint64_t)a << 32 | b) * 0x9E3779B97F4A7C15ull;
    return (uint32_t)(k >> 32);
}

static int
ELEM(init)(ck_errh *errh)
{
    ELEM(nbuckets) = 256;
    ELEM(buckets) = calloc(ELEM(nbuckets), sizeof *ELEM(buckets));
    if (!ELEM(buckets))
        return ck_error(errh, "out of memory");
    ELEM(next_agg) = 1;
    return 0;
}

static void
ELEM(cleanup)(void)
{
    for (uint32_t i = 0; ELEM(buckets) && i < ELEM(nbuckets); i++)
        while (ELEM(buckets)[i]) {
            ELEM(pair) *e = ELEM(buckets)[i];
            ELEM(buckets)[i] = e->next;
            free(e);
        }
    free(ELEM(buckets));
    ELEM(buckets) = NULL;
}

static void ELEM(grow)(void)
{
    uint32_t n = ELEM(nbuckets) * 2;
    ELEM(pair) **nb = calloc(n, sizeof *nb);
    if (!nb)
        return;
    for (uint32_t i = 0; i < ELEM(nbuckets); i++)
        while (ELEM(buckets)[i]) {
            ELEM(pair) *e = ELEM(buckets)[i];
            ELEM(buckets)[i] = e->next;
            uint32_t h = ELEM(hash)(e->a, e->b) & (n - 1);
            e->next = nb[h];
            nb[h] = e;
        }
    free(ELEM(buckets));
    ELEM(buckets) = nb;
    ELEM(nbuckets) = n;
}

/* Click's reap: forget the pairs last seen before active_sec - TIMEOUT (when a sweep is due:
 * gc_sec set), then the next sweep is REAP seconds on. */
static void ELEM(reap)(void)
{
    if (ELEM(gc_sec)) {
        int32_t limit = (int32_t)((uint32_t)ELEM(active_sec) - (uint32_t)CONF(TIMEOUT));
        for (uint32_t i = 0; i < ELEM(nbuckets); i++)
            for (ELEM(pair) **pp = &ELEM(buckets)[i]; *pp;) {
                ELEM(pair) *e = *pp;
                if (AIAP_OLDER(e->last_sec, limit)) {
                    *pp = e->next;
                    free(e);
                    ELEM(count)--;
                } else
                    pp = &e->next;
            }
    }
    ELEM(gc_sec) = (int32_t)((uint32_t)ELEM(active_sec) + (uint32_t)CONF(REAP));
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    if (ck_network_length(p) < CKIP_HDR) {
        CK_OUTPUT1_OR_DROP(p, "no IP header");
        return NULL;
    }
    const unsigned char *ip = ck_network_header(p);
    uint32_t src, dst;
    memcpy(&src, ip + CKIP_SRC, 4);
    memcpy(&dst, ip + CKIP_DST, 4);
    uint32_t a = src > dst ? dst : src, b = src > dst ? src : dst;
    uint32_t h = ELEM(hash)(a, b) & (ELEM(nbuckets) - 1);
    ELEM(pair) *e = ELEM(buckets)[h];
    while (e && (e->a != a || e->b != b))
        e = e->next;
    if (!e) {
        if (!(e = calloc(1, sizeof *e))) {
            ck_drop(p, ELEMENT_INDEX, "out of memory");
            return NULL;
        }
        e->a = a;
        e->b = b;
        e->next = ELEM(buckets)[h];
        ELEM(buckets)[h] = e;
        if (++ELEM(count) > 2 * ELEM(nbuckets))
            ELEM(grow)();
    }
    int32_t sec = 0;
    if (CONF(TIMEOUT) > 0) {
        if (p->ts_ns == 0) {
            if (!ELEM(warned))
                ck_chatter("%s: warning: packet received without timestamp", ELEMENT_NAME);
            ELEM(warned) = 1;
            p->ts_ns = ck_now_ns();
        }
        int64_t s = p->ts_ns / 1000000000;
        if (p->ts_ns < 0 && p->ts_ns % 1000000000)
            s--;
        sec = (int32_t)s;
        if (e->aggregate && AIAP_OLDER(e->last_sec, (int32_t)((uint32_t)sec - (uint32_t)CONF(TIMEOUT))))
            e->aggregate = 0;
    }
    if (!e->aggregate) {
        e->aggregate = ELEM(next_agg);
        e->reverse = a != src;
        if (++ELEM(next_agg) == 0)
            ++ELEM(next_agg);
    }
    uint32_t agg = e->aggregate;
    int paint = e->reverse ^ (a != src);
    if (CONF(TIMEOUT) > 0) {
        e->last_sec = sec;
        ELEM(active_sec) = sec;
        if (ELEM(active_sec) > ELEM(gc_sec))
            ELEM(reap)();
    }
    ck_set_anno_u32(p, AGGREGATE_ANNO_OFFSET, agg);
    ck_set_anno_u8(p, PAINT_ANNO_OFFSET, (uint8_t)paint);
    return p;
}
#include "simple_action.h"

static CK_UNUSED int ELEM(write_clear)(const char *value, ck_errh *errh)
{
    (void)value, (void)errh;
    int32_t active = ELEM(active_sec), gc = ELEM(gc_sec);
    ELEM(active_sec) = ELEM(gc_sec) = 0x7FFFFFFF;
    ELEM(reap)();
    ELEM(active_sec) = active;
    ELEM(gc_sec) = gc;
    return 0;
}
#undef AIAP_OLDER
