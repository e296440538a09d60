/* IPRateMonitor(TYPE, RATIO, THRESH [, MEMORY, ANNO]): measures packet (TYPE PACKETS) or byte
 * (BYTES) rates per IP address prefix, by source address on input 0 and destination address
 * on input 1 (Click's elements/ip/ipratemon.{cc,hh}); packets leave on the output of their
 * input's number.
 *
 * As Click's: a tree of tables of 256 counters, one level per address byte.  Each counter is a
 * two-rate RateEWMAX (stability shift 5, scale 10; an epoch is 8 jiffies, 125 per second)
 * that every packet updates on every opened level, with probability RATIO (a click_random()
 * draw, standard/ckrandom.h).  A counter whose forward or reverse rate reaches THRESH *
 * RATIO (Click's 32-bit unsigned product) opens the next level for its prefix, unless MEMORY
 * (in KiB, at least 100, 0 for no limit) would be exceeded; about once a second (a fold, one
 * time shared by all instances as Click's function-static), levels whose rates fell below
 * THRESH are removed, walking the age list from a random end.  With ANNO (default true) each
 * packet gets the rates of its deepest counter in the FWD_RATE and REV_RATE annotations.
 * Memory is accounted with Click's structure sizes on LP64 (40 bytes a counter, 2080 a table)
 * so `mem` reads as Click's; Click's `reset` does not subtract the first-level counters it
 * frees, and neither does this.
 *
 * Handlers: look (epochs since the last reset, then one line per prefix with a rate:
 * "PREFIX\tFWD\tREV", nested prefixes indented), thresh, mem, memmax (read; written in KiB with
 * Click's messages), anno_level (ADDR, LEVEL, SECONDS: freeze the counter of ADDR at LEVEL and
 * close its next levels until SECONDS from now), reset.  The TYPE and RATIO checks are made at
 * initialization with Click's messages.  A packet without a 20-byte IP header at its network
 * header (Click reads one anyway) is passed without being counted.  With ELEMENT_NTHREADS
 * above 1, and whenever the router runs several threads (its handlers may then be called on
 * another thread than its packets), one element lock (CK_ELEMENT_LOCK, Click's spin lock)
 * guards the tree and its memory count on the packet path and in every handler. */
#include "ip/ckip.h"
#include "standard/ckoutput.h"
#include "standard/ckrandom.h"
#include "standard/ckstat.h"
#include <ctype.h>

#ifndef CK_IPRATEMON_SHARED
#define CK_IPRATEMON_SHARED
#define CK_IPRM_SCALE 10
#define CK_IPRM_STABILITY 5
#define CK_IPRM_FREQ 125u /* epoch_frequency: CLICK_HZ >> 3 */
#define CK_IPRM_COUNTER_SIZE 40u /* sizeof(IPRateMonitor::Counter) in Click on LP64 */
#define CK_IPRM_STATS_SIZE 2080u /* sizeof(IPRateMonitor::Stats) */
#define CK_IPRM_MEMMAX_MIN 100

typedef struct ck_iprm_stats ck_iprm_stats;
typedef struct {
    uint32_t epoch, current[2], avg[2]; /* RateEWMAX<FixedEWMAXParameters<5, 10>>, 2 rates */
    ck_iprm_stats *next_level;
    uint32_t anno_this;
} ck_iprm_counter;
struct ck_iprm_stats {
    ck_iprm_counter *parent;
    ck_iprm_stats *prev, *next; /* age list */
    ck_iprm_counter *counter[256];
};
typedef struct {
    int count_packets, anno_packets;
    int thresh;
    uint64_t memmax; /* bytes */
    uint32_t ratio;  /* 2^-16 units */
    ck_iprm_stats *base, *first, *last, *prev_deleted, *next_deleted;
    uint64_t alloced_mem;
    uint64_t resettime;
} ck_iprm;

static uint32_t ck_iprm_prev_fold_time; /* Click's function-static prev_fold_time */
static int ck_iprm_prev_fold_set;

static inline uint32_t ck_iprm_epoch(void) { return ck_jiffies() >> 3; }

static inline void ck_iprm_avg_update(uint32_t *avg, uint32_t x)
{
    uint32_t x_scaled = (x << CK_IPRM_SCALE) + (1u << (CK_IPRM_STABILITY - 1));
    *avg += (uint32_t)((int32_t)(x_scaled - *avg) >> CK_IPRM_STABILITY);
}

static void ck_iprm_update_time(ck_iprm_counter *c, uint32_t now)
{
    uint32_t jj = c->epoch;
    if (now == jj)
        return;
    for (int i = 0; i < 2; i++) {
        ck_iprm_avg_update(&c->avg[i], c->current[i]);
        if (jj + 1 != now) {
            uint32_t n = now - jj - 1;
            if (n >= 100)
                c->avg[i] = 0;
            else
                for (; n > 0; n--)
                    ck_iprm_avg_update(&c->avg[i], 0);
        }
        c->current[i] = 0;
    }
    c->epoch = now;
}

static inline void ck_iprm_rate_update(ck_iprm_counter *c, int32_t delta, int which)
{
    ck_iprm_update_time(c, ck_iprm_epoch());
    c->current[which] += (uint32_t)delta;
}

static inline int32_t ck_iprm_sa(const ck_iprm_counter *c, int which)
{
    return (int32_t)c->avg[which];
}

static ck_iprm_stats *ck_iprm_stats_new(ck_iprm *m)
{
    ck_iprm_stats *s = calloc(1, sizeof *s);
    if (s)
        m->alloced_mem += CK_IPRM_STATS_SIZE;
    return s;
}

/* Click's ~Stats: frees the subtree and unlinks s from the age list, recording its
 * neighbours in prev_deleted/next_deleted for fold(). */
static void ck_iprm_stats_delete(ck_iprm *m, ck_iprm_stats *s)
{
    if (!s)
        return;
    for (int i = 0; i < 256; i++)
        if (s->counter[i]) {
            ck_iprm_stats_delete(m, s->counter[i]->next_level);
            free(s->counter[i]);
            m->alloced_mem -= CK_IPRM_COUNTER_SIZE;
            s->counter[i] = NULL;
        }
    if (s->prev) {
        s->prev->next = s->next;
        m->prev_deleted = s->prev;
    } else {
        m->first = s->next;
        if (s->next)
            s->next->prev = NULL;
        m->prev_deleted = NULL;
    }
    if (s->next) {
        s->next->prev = s->prev;
        m->next_deleted = s->next;
    } else {
        m->last = s->prev;
        if (s->prev)
            s->prev->next = NULL;
        m->next_deleted = NULL;
    }
    if (s->parent)
        s->parent->next_level = NULL;
    m->alloced_mem -= CK_IPRM_STATS_SIZE;
    free(s);
}

static ck_iprm_counter *ck_iprm_make_counter(ck_iprm *m, ck_iprm_stats *s, unsigned index,
                                             const ck_iprm_counter *rate)
{
    if (m->memmax && m->alloced_mem + CK_IPRM_COUNTER_SIZE > m->memmax)
        return NULL;
    ck_iprm_counter *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    if (rate) {
        c->epoch = rate->epoch;
        memcpy(c->current, rate->current, sizeof c->current);
        memcpy(c->avg, rate->avg, sizeof c->avg);
    } else
        c->epoch = ck_iprm_epoch();
    s->counter[index] = c;
    m->alloced_mem += CK_IPRM_COUNTER_SIZE;
    return c;
}

static void ck_iprm_fold(ck_iprm *m, int thresh)
{
    int forward = (int)ck_click_random_range(0, 1);
    m->prev_deleted = m->next_deleted = NULL;
    ck_iprm_stats *s = forward ? m->first : m->last;
    uint64_t memmax = m->memmax ? m->memmax : (uint64_t)(uint32_t)((float)m->alloced_mem * 0.9f);
    while (s) {
        if (s->parent) {
            ck_iprm_rate_update(s->parent, 0, 0);
            if (ck_iprm_sa(s->parent, 0) < thresh && ck_iprm_sa(s->parent, 1) < thresh) {
                ck_iprm_stats_delete(m, s);
                if (m->alloced_mem < memmax
                    || !(s = forward ? m->next_deleted : m->prev_deleted))
                    break;
                continue; /* Click's goto start: look at the neighbour itself */
            }
        }
        s = forward ? s->next : s->prev;
    }
}

static void ck_iprm_forced_fold(ck_iprm *m)
{
    int perc = (int)((float)m->thresh / 5.0f);
    if (perc < 1)
        perc = 1; /* Click loops forever with 0 when folding frees nothing */
    for (int64_t t = m->thresh; m->alloced_mem > m->memmax && t <= INT32_MAX; t += perc)
        ck_iprm_fold(m, (int)t);
}

static void ck_iprm_set_anno_level(ck_iprm *m, uint32_t addr, unsigned level, uint32_t when)
{
    ck_iprm_stats *s = m->base;
    for (int bitshift = 24; bitshift >= 0; bitshift -= 8) {
        ck_iprm_counter *c = s->counter[(addr >> bitshift) & 255];
        if (!c)
            return;
        if (level == 0) {
            c->anno_this = when;
            ck_iprm_stats_delete(m, c->next_level);
            c->next_level = NULL;
            return;
        }
        if (!c->next_level)
            return;
        s = c->next_level;
        level--;
    }
}

/* Click's IPRateMonitor::update; addr in host order. */
static void ck_iprm_update(ck_iprm *m, uint32_t addr, int32_t val, ck_packet *p, int forward,
                           int update_ewma)
{
    ck_iprm_stats *s = m->base;
    ck_iprm_counter *c = NULL;
    uint32_t now = ck_iprm_epoch();
    if (!__atomic_load_n(&ck_iprm_prev_fold_set, __ATOMIC_RELAXED)) {
        __atomic_store_n(&ck_iprm_prev_fold_time, now, __ATOMIC_RELAXED);
        __atomic_store_n(&ck_iprm_prev_fold_set, 1, __ATOMIC_RELAXED);
    }
    int bitshift;
    for (bitshift = 24; bitshift >= 0; bitshift -= 8) {
        unsigned byte = (addr >> bitshift) & 255;
        if (!(c = s->counter[byte]) && !(c = ck_iprm_make_counter(m, s, byte, NULL)))
            return;
        if (update_ewma)
            ck_iprm_rate_update(c, val, forward ? 0 : 1);
        if (!c->next_level)
            break;
        s = c->next_level;
    }
    int32_t fwd_rate = (int32_t)((int64_t)ck_iprm_sa(c, 0) * (int32_t)CK_IPRM_FREQ) >> CK_IPRM_SCALE;
    int32_t rev_rate = (int32_t)((int64_t)ck_iprm_sa(c, 1) * (int32_t)CK_IPRM_FREQ) >> CK_IPRM_SCALE;
    if (m->anno_packets) {
        memcpy(p->anno + FWD_RATE_ANNO_OFFSET, &fwd_rate, 4);
        memcpy(p->anno + REV_RATE_ANNO_OFFSET, &rev_rate, 4);
    }
    if (c->anno_this < now && (fwd_rate >= m->thresh || rev_rate >= m->thresh) && bitshift > 0
        && (!m->memmax
            || m->alloced_mem + CK_IPRM_COUNTER_SIZE + CK_IPRM_STATS_SIZE <= m->memmax)) {
        bitshift -= 8;
        unsigned next_byte = (addr >> bitshift) & 255;
        if (!(c->next_level = ck_iprm_stats_new(m))
            || !ck_iprm_make_counter(m, c->next_level, next_byte, c)) {
            if (c->next_level) {
                ck_iprm_stats *n = c->next_level;
                c->next_level = NULL;
                free(n);
                m->alloced_mem -= CK_IPRM_STATS_SIZE;
            }
            return;
        }
        c->next_level->parent = c;
        m->last->next = c->next_level;
        c->next_level->next = NULL;
        c->next_level->prev = m->last;
        m->last = c->next_level;
    }
    uint32_t prev = __atomic_load_n(&ck_iprm_prev_fold_time, __ATOMIC_RELAXED);
    if (now - prev >= CK_IPRM_FREQ) {
        ck_iprm_fold(m, m->thresh);
        __atomic_store_n(&ck_iprm_prev_fold_time, now, __ATOMIC_RELAXED);
    }
}

static void ck_iprm_print(ck_buf *out, ck_iprm_stats *s, const char *ip)
{
    for (int i = 0; i < 256; i++) {
        ck_iprm_counter *c = s->counter[i];
        if (!c || !(ck_iprm_sa(c, 1) > 0 || ck_iprm_sa(c, 0) > 0))
            continue;
        char this_ip[64];
        if (ip[0])
            snprintf(this_ip, sizeof this_ip, "%s.%d", ip, i);
        else
            snprintf(this_ip, sizeof this_ip, "%d", i);
        ck_buf_puts(out, this_ip);
        ck_iprm_rate_update(c, 0, 0);
        ck_buf_puts(out, "\t");
        ck_unparse_real2(out, (uint32_t)ck_iprm_sa(c, 0) * CK_IPRM_FREQ, CK_IPRM_SCALE);
        ck_buf_puts(out, "\t");
        ck_unparse_real2(out, (uint32_t)ck_iprm_sa(c, 1) * CK_IPRM_FREQ, CK_IPRM_SCALE);
        ck_buf_puts(out, "\n");
        if (c->next_level) {
            char sub[66];
            snprintf(sub, sizeof sub, "\t%s", this_ip);
            ck_iprm_print(out, c->next_level, sub);
        }
    }
}

/* cp_argvec for handler values: comma-separated arguments (a comma inside double quotes, or
 * after a backslash in them, does not separate), spaces around each trimmed, the first n kept
 * in bufs of 64 bytes; returns the argument count. */
static int ck_iprm_argvec(const char *v, char bufs[][64], int n)
{
    int k = 0;
    while (isspace((unsigned char)*v))
        v++;
    if (!*v)
        return 0;
    for (;;) {
        const char *e = v;
        int quoted = 0;
        for (; *e && (quoted || *e != ','); e++) {
            if (*e == '"')
                quoted = !quoted;
            else if (*e == '\\' && quoted && e[1])
                e++;
        }
        size_t len = (size_t)(e - v);
        while (len > 0 && isspace((unsigned char)v[len - 1]))
            len--;
        if (k < n) {
            if (len >= 64)
                len = 63;
            memcpy(bufs[k], v, len);
            bufs[k][len] = '\0';
        }
        k++;
        if (!*e)
            break;
        v = e + 1;
        while (isspace((unsigned char)*v))
            v++;
    }
    return k;
}
#endif /* CK_IPRATEMON_SHARED */

static ck_iprm ELEM(m);
static ck_elem_lock ELEM(lock);


static int
ELEM(init)(ck_errh *errh)
{
    ck_iprm *m = &ELEM(m);
    const char *type = CONF(TYPE);
    char up[8];
    size_t n = strlen(type);
    for (size_t i = 0; i < n && i < sizeof up - 1; i++)
        up[i] = (char)toupper((unsigned char)type[i]);
    up[n < sizeof up - 1 ? n : sizeof up - 1] = '\0';
    if (n < sizeof up && strcmp(up, "PACKETS") == 0)
        m->count_packets = 1;
    else if (n < sizeof up && strcmp(up, "BYTES") == 0)
        m->count_packets = 0;
    else
        return ck_error(errh, "monitor type should be \"PACKETS\" or \"BYTES\"");
    uint64_t memmax = (uint64_t)CONF(MEMORY);
    if (memmax && memmax < CK_IPRM_MEMMAX_MIN)
        memmax = CK_IPRM_MEMMAX_MIN;
    m->memmax = memmax * 1024;
    m->ratio = (uint32_t)CONF(RATIO);
    if (m->ratio > 0x10000)
        return ck_error(errh, "ratio must be between 0 and 1");
    m->thresh = (int)(((uint32_t)(int32_t)CONF(THRESH) * m->ratio) >> 16);
    m->anno_packets = CONF(ANNO) ? 1 : 0;
    m->resettime = ck_iprm_epoch();
    m->base = ck_iprm_stats_new(m);
    if (!m->base)
        return ck_error(errh, "cannot allocate data structure.");
    m->first = m->last = m->base;
    return 0;
}

static void
ELEM(cleanup)(void)
{
    ck_iprm *m = &ELEM(m);
    if (m->base) {
        ck_iprm_stats_delete(m, m->base);
        m->base = NULL;
    }
}

static void ELEM(count)(int port, ck_packet *p)
{
    const unsigned char *ip = ck_network_header(p);
    /* Click draws for every packet, before looking at it */
    int ewma = ((ck_click_random() >> 5) & 0xffff) <= ELEM(m).ratio;
    if (!ip || ck_network_length(p) < CKIP_HDR)
        return;
    int32_t val = ELEM(m).count_packets ? 1 : ck_get16(ip + CKIP_LEN);
    uint32_t addr = (uint32_t)ck_get16(ip + (port == 0 ? CKIP_SRC : CKIP_DST)) << 16
                    | ck_get16(ip + (port == 0 ? CKIP_SRC : CKIP_DST) + 2);
    CK_ELEMENT_LOCK(ELEM(lock));
    ck_iprm_update(&ELEM(m), addr, val, p, port == 0, ewma);
    CK_ELEMENT_UNLOCK(ELEM(lock));
}

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    ELEM(count)(port, p);
    if (port == 0)
        OUTPUT(0, p);
    else
        CK_OUTPUT1_OR_DROP(p, "no output 1");
}

static CK_UNUSED ck_packet *ELEM(pull)(int port)
{
    ck_packet *p = INPUT_PULL(port);
    if (p)
        ELEM(count)(port, p);
    return p;
}

static CK_UNUSED int ELEM(read_look)(ck_buf *out)
{
    ck_buf_printf(out, "%lu\n", (unsigned long)((unsigned long)ck_iprm_epoch()
                                                - (unsigned long)ELEM(m).resettime));
    CK_ELEMENT_LOCK(ELEM(lock));
    ck_iprm_print(out, ELEM(m).base, "");
    CK_ELEMENT_UNLOCK(ELEM(lock));
    return 0;
}

static CK_UNUSED int ELEM(read_thresh)(ck_buf *out)
{
    CK_ELEMENT_LOCK(ELEM(lock));
    ck_buf_printf(out, "%d", ELEM(m).thresh);
    CK_ELEMENT_UNLOCK(ELEM(lock));
    return 0;
}

static CK_UNUSED int ELEM(read_mem)(ck_buf *out)
{
    CK_ELEMENT_LOCK(ELEM(lock));
    ck_buf_printf(out, "%llu", (unsigned long long)ELEM(m).alloced_mem);
    CK_ELEMENT_UNLOCK(ELEM(lock));
    return 0;
}

static CK_UNUSED int ELEM(read_memmax)(ck_buf *out)
{
    CK_ELEMENT_LOCK(ELEM(lock));
    ck_buf_printf(out, "%llu", (unsigned long long)ELEM(m).memmax);
    CK_ELEMENT_UNLOCK(ELEM(lock));
    return 0;
}

static CK_UNUSED int ELEM(write_reset)(const char *value, ck_errh *errh)
{
    (void)value, (void)errh;
    ck_iprm *m = &ELEM(m);
    CK_ELEMENT_LOCK(ELEM(lock));
    for (int i = 0; i < 256; i++)
        if (m->base->counter[i]) {
            ck_iprm_stats_delete(m, m->base->counter[i]->next_level);
            free(m->base->counter[i]); /* Click does not subtract it from mem */
            m->base->counter[i] = NULL;
        }
    m->resettime = ck_iprm_epoch();
    CK_ELEMENT_UNLOCK(ELEM(lock));
    return 0;
}

static CK_UNUSED int ELEM(write_memmax)(const char *value, ck_errh *errh)
{
    char a[2][64];
    int64_t v;
    if (ck_iprm_argvec(value, a, 2) != 1)
        return ck_error(errh, "expecting 1 integer");
    if (ck_parse_int64(a[0], &v) < 0 || v < INT32_MIN || v > INT32_MAX)
        return ck_error(errh, "not an integer");
    if (v && v < CK_IPRM_MEMMAX_MIN)
        v = CK_IPRM_MEMMAX_MIN;
    CK_ELEMENT_LOCK(ELEM(lock));
    ELEM(m).memmax = (uint64_t)(int64_t)(v * 1024);
    if (ELEM(m).memmax && ELEM(m).alloced_mem > ELEM(m).memmax)
        ck_iprm_forced_fold(&ELEM(m));
    CK_ELEMENT_UNLOCK(ELEM(lock));
    return 0;
}

static CK_UNUSED int ELEM(write_anno_level)(const char *value, ck_errh *errh)
{
    char a[3][64];
    uint32_t addr;
    int64_t level, when;
    if (ck_iprm_argvec(value, a, 3) != 3)
        return ck_error(errh, "expecting 3 arguments");
    if (ck_ip_parse(a[0], &addr) < 0)
        return ck_error(errh, "not an IP address");
    if (ck_parse_int64(a[1], &level) < 0 || level < 0 || level >= 4)
        return ck_error(errh, "2nd argument specifies a level, between 0 and 3, to annotate");
    if (ck_parse_int64(a[2], &when) < 0 || when < 1 || when > INT32_MAX)
        return ck_error(errh, "3rd argument specifies when this rule expires, must be > 0");
    uint32_t w = (uint32_t)when * CK_IPRM_FREQ + ck_iprm_epoch();
    const unsigned char *b = (const unsigned char *)&addr;
    uint32_t host = (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
    CK_ELEMENT_LOCK(ELEM(lock));
    ck_iprm_set_anno_level(&ELEM(m), host, (unsigned)level, w);
    CK_ELEMENT_UNLOCK(ELEM(lock));
    return 0;
}
