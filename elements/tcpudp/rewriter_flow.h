/* The IPRewriter family's flow table: what Click's IPRewriterBase, IPRewriterFlow,
 * IPRewriterPattern and IPRewriterInput do (elements/ip/iprewriterbase.{hh,cc},
 * iprwmapping.{hh,cc}, iprwpattern.cc), written for clickc's one-translation-unit routers.
 *
 * Shared by every rewriter class (IPRewriter, TCPRewriter, UDPRewriter, IPAddrRewriter,
 * IPAddrPairRewriter, ICMPPingRewriter), RoundRobinIPMapper, IPRewriterPatterns and
 * ICMPRewriter; state objects are named by the compile-time configuration parser
 * (clickc.elements.tcpudp.rewriter_config) after the element they belong to, so that one
 * element can refer to another's table (ICMPRewriter, MAPPING_CAPACITY ELEMENT).
 *
 * - Flow IDs are Click's IPFlowID: addresses and ports in network byte order, kept as the raw
 *   memory values; the hash function and the chained hash table (63 buckets, prepend on insert,
 *   grow to 2^k-1 buckets when size > 2 * buckets, rehash prepending bucket by bucket) are
 *   Click's HashContainer's, so `table` handlers list mappings in Click's order.
 * - Every flow has two entries, forward (direction 0) and reply (direction 1), both in the
 *   owner's map.
 * - Expiry: Click's guarantee/best-effort heaps.  A flow touched by a packet is "guaranteed"
 *   for the GUARANTEE time, then best effort until last use + TIMEOUT; it disappears when the
 *   reap timer (REAP_INTERVAL, default 15 minutes) next runs after that, or when MAPPING_CAPACITY
 *   forces an eviction.  The reap timer is run lazily: before a packet or a handler read,
 *   every reap tick that has passed is run with the time of that tick (no pending timer keeps
 *   the router alive).  The two heaps (best effort, guaranteed) are Click's binary heaps with
 *   the same sift operations, so evictions pick the same flow as Click, ties included.
 * - Checksums are updated incrementally (RFC 1624, Click's click_update_in_cksum) with the
 *   per-flow deltas of IPRewriterFlow's constructor; a UDP checksum of 0 stays 0.
 * - Concurrency: one table per element, shared by every thread running it; lookup-insert is
 *   bracketed by ELEM(lock)/ELEM(unlock) (rewriter_lock.h), no-ops unless ELEMENT_NTHREADS > 1
 *   or the router runs on several threads.
 */
#ifndef CLICKC_REWRITER_FLOW_H
#define CLICKC_REWRITER_FLOW_H
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ip/ckip.h"
#include "standard/ckrandom.h"
#include "tcpudp/rewriter_chash.h"

#define RW_HZ 1000u /* Click's CLICK_HZ at user level: jiffies are milliseconds */

enum { RW_IPREWRITER, RW_TCPREWRITER, RW_UDPREWRITER, RW_IPADDRREWRITER,
       RW_IPADDRPAIRREWRITER, RW_ICMPPINGREWRITER };
enum { RW_I_DROP, RW_I_NOCHANGE, RW_I_KEEP, RW_I_PATTERN, RW_I_MAPPER };
enum { RW_DROP = -1, RW_ADDMAP = -2 };

typedef struct rw_flowid {
    uint32_t saddr, daddr; /* network order, as stored in memory */
    uint16_t sport, dport; /* network order, as stored in memory */
} rw_flowid;

typedef struct rw_entry {
    rw_flowid id;
    struct rw_entry *next; /* hash chain */
    int output;
    uint8_t dir;
} rw_entry;

struct rw_input;
struct rw_base;

/* One node of a TCP flow's sequence-number delta transitions (TCPRewriter::TCPFlow's
 * delta_transition, made by FTPPortMapper when it resizes a payload).  For direction d the
 * transitions are the nodes from the head while has[d] is set, newest (highest trigger) first:
 * a sequence number at or after trigger[d] moves by delta[d]; the first node without has[d]
 * gives the delta of every older sequence number; past the end the delta is 0. */
typedef struct rw_dt {
    int32_t delta[2];
    uint32_t trigger[2];
    uint8_t has[2];
    struct rw_dt *next;
} rw_dt;

typedef struct rw_flow {
    rw_entry e[2];
    uint16_t ip_csum_delta, udp_csum_delta;
    uint32_t expiry_j;
    uint8_t ip_p, tflags, guaranteed, reply_anno;
    struct rw_input *owner;
    struct rw_map *map;
    uint32_t place; /* index in its heap */
    rw_dt *dt;      /* TCP sequence-number deltas (NULL: none, the usual case) */
} rw_flow;

typedef struct rw_map {
    uint32_t nbuckets, size;
    rw_entry **buckets;
} rw_map;

typedef struct rw_heap { /* IPRewriterHeap: [0] best effort, [1] guaranteed */
    rw_flow **heaps[2];
    uint32_t n[2], cap[2];
    uint32_t size; /* n[0] + n[1] */
    int32_t capacity;
} rw_heap;

typedef struct rw_pattern {
    uint32_t saddr, daddr; /* network order in memory; 0 = unchanged */
    uint16_t sport, dport; /* network order in memory; 0 = unchanged */
    uint32_t variation_top, next_variation;
    uint8_t is_napt, sequential, same_first;
} rw_pattern;

typedef struct rw_mapper_input {
    rw_pattern *pattern;
    int foutput, routput;
} rw_mapper_input;

typedef struct rw_mapper { /* RoundRobinIPMapper (and SourceIPHashMapper's first part) */
    int n, last;
    rw_mapper_input *is;
    const char *declaration; /* "NAME :: RoundRobinIPMapper" */
} rw_mapper;

/* SourceIPHashMapper: a mapper (last = -1 marks it) with its consistent hash. */
typedef struct rw_hash_mapper {
    rw_mapper m;
    rw_chash *chash;
} rw_hash_mapper;

typedef struct rw_input {
    struct rw_base *owner;
    int owner_input, kind, foutput, routput;
    uint32_t count, failures;
    rw_pattern *pattern;
    rw_mapper *mapper;
    rw_pattern *own_pattern; /* a pattern a patternN write made (freed with the input) */
} rw_input;

typedef struct rw_input_conf {
    int kind, foutput, routput;
    rw_pattern *pattern;
    rw_mapper *mapper;
} rw_input_conf;

typedef struct rw_base {
    const char *name;
    int cls, ninputs, noutputs, initialized;
    rw_map map, udp_map; /* udp_map: IPRewriter's UDP flows */
    rw_heap *heap;
    rw_input *inputs;
    uint32_t timeouts[2];     /* jiffies: [0] best effort, [1] guarantee (0 = none) */
    uint32_t udp_timeouts[2]; /* IPRewriter's UDP timeouts */
    uint32_t tcp_data_timeout, tcp_done_timeout, udp_streaming_timeout;
    uint32_t gc_interval_j, next_gc_j;
    unsigned annos; /* bit 0 DST_ANNO, bit 1 REPLY_ANNO, REPLY_ANNO offset << 2 */
} rw_base;

/* -- time -------------------------------------------------------------------------------- */

/* Click's click_jiffies(): milliseconds of the monotonic clock, from the runtime's per-round
 * cache (ck_jiffies) so that the packet path does not read the clock for every packet. */
static inline uint32_t rw_jiffies(void)
{
    return ck_jiffies();
}

static inline int rw_jiffies_less(uint32_t a, uint32_t b)
{
    return (int32_t)(a - b) < 0;
}

/* -- locking ---------------------------------------------------------------------------
 * One lock for every rewriter table: lookup-insert, expiry and handler reads of an element
 * run under it, and ICMPRewriter reads other elements' tables under it.  Each template takes
 * it through ELEM(lock)/ELEM(unlock), which are no-ops unless the element runs on several
 * threads (ELEMENT_NTHREADS > 1) or the router has several threads (another thread may run an
 * element sharing the table). */
#include <pthread.h>
static CK_UNUSED pthread_mutex_t rw_global_lock = PTHREAD_MUTEX_INITIALIZER;

/* -- checksums (RFC 1624, Click's click_update_in_cksum) --------------------------------- */

static inline uint16_t rw_cksum_update(uint16_t csum, uint16_t old_hw, uint16_t new_hw)
{
    uint32_t sum = (~(uint32_t)csum & 0xFFFF) + (~(uint32_t)old_hw & 0xFFFF) + new_hw;
    sum = (sum & 0xFFFF) + (sum >> 16);
    return (uint16_t)~(sum + (sum >> 16));
}

/* Apply a flow's checksum delta to the 16-bit checksum at `at` (memory order): forward packets
 * subtract the delta (add its complement), reply packets add it (IPRewriterFlow::update_csum). */
static inline void rw_update_csum(unsigned char *at, int direction, uint16_t delta)
{
    if (delta) {
        uint16_t c = ck_raw16(at);
        c = rw_cksum_update(c, 0, direction ? delta : (uint16_t)~delta);
        ck_set_raw16(at, c);
    }
}

/* -- flow IDs ---------------------------------------------------------------------------- */

static inline rw_flowid rw_make_flowid(uint32_t saddr, uint16_t sport, uint32_t daddr,
                                       uint16_t dport)
{
    rw_flowid f;
    f.saddr = saddr;
    f.daddr = daddr;
    f.sport = sport;
    f.dport = dport;
    return f;
}

static inline rw_flowid rw_reverse(rw_flowid f)
{
    return rw_make_flowid(f.daddr, f.dport, f.saddr, f.sport);
}

static inline int rw_flowid_eq(const rw_flowid *a, const rw_flowid *b)
{
    return a->sport == b->sport && a->dport == b->dport && a->saddr == b->saddr
           && a->daddr == b->daddr;
}

static inline uint16_t rw_ntohs(uint16_t raw)
{
    unsigned char b[2];
    memcpy(b, &raw, 2);
    return (uint16_t)(b[0] << 8 | b[1]);
}

static inline uint16_t rw_htons(uint16_t host)
{
    unsigned char b[2] = {(unsigned char)(host >> 8), (unsigned char)host};
    uint16_t raw;
    memcpy(&raw, b, 2);
    return raw;
}

static inline uint32_t rw_ntohl(uint32_t raw)
{
    unsigned char b[4];
    memcpy(b, &raw, 4);
    return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
}

static inline uint32_t rw_htonl(uint32_t host)
{
    unsigned char b[4] = {(unsigned char)(host >> 24), (unsigned char)(host >> 16),
                          (unsigned char)(host >> 8), (unsigned char)host};
    uint32_t raw;
    memcpy(&raw, b, 4);
    return raw;
}

/* A 32-bit big-endian field (TCP sequence numbers) read and written in host order. */
static inline uint32_t rw_get32(const unsigned char *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static inline void rw_put32(unsigned char *p, uint32_t v)
{
    p[0] = (unsigned char)(v >> 24);
    p[1] = (unsigned char)(v >> 16);
    p[2] = (unsigned char)(v >> 8);
    p[3] = (unsigned char)v;
}

#define RW_ROT(v, r) ((uint32_t)(v) << (r) | (uint32_t)(v) >> (32 - (r)))

/* Click's IPFlowID::hashcode (addresses hash as their in-memory value). */
static inline uint32_t rw_hash(const rw_flowid *f)
{
    uint32_t s = rw_ntohs(f->sport), d = rw_ntohs(f->dport);
    return (RW_ROT(f->saddr, (s % 16) + 1) ^ RW_ROT(f->daddr, 31 - (d % 16))) ^ ((d << 16) | s);
}

/* "(A.B.C.D, SPORT, E.F.G.H, DPORT)" (IPFlowID::unparse). */
static inline void rw_unparse_addr(ck_buf *out, uint32_t raw)
{
    unsigned char b[4];
    memcpy(b, &raw, 4);
    ck_buf_printf(out, "%d.%d.%d.%d", b[0], b[1], b[2], b[3]);
}

static inline void rw_unparse_flowid(ck_buf *out, const rw_flowid *f)
{
    ck_buf_puts(out, "(");
    rw_unparse_addr(out, f->saddr);
    ck_buf_printf(out, ", %u, ", (unsigned)rw_ntohs(f->sport));
    rw_unparse_addr(out, f->daddr);
    ck_buf_printf(out, ", %u)", (unsigned)rw_ntohs(f->dport));
}

/* -- Click's HashContainer --------------------------------------------------------------- */

static inline void rw_map_init(rw_map *m)
{
    if (m->buckets)
        return;
    m->nbuckets = 1; /* the rewriters construct their maps with HashContainer(0) */
    m->size = 0;
    m->buckets = (rw_entry **)calloc(m->nbuckets, sizeof(rw_entry *));
    if (!m->buckets) {
        fprintf(stderr, "clickc: out of memory\n");
        abort();
    }
}

static inline rw_entry **rw_map_find_slot(rw_map *m, const rw_flowid *key)
{
    rw_entry **pp = &m->buckets[rw_hash(key) % m->nbuckets];
    while (*pp && !rw_flowid_eq(&(*pp)->id, key))
        pp = &(*pp)->next;
    return pp;
}

static inline rw_entry *rw_map_get(rw_map *m, const rw_flowid *key)
{
    return m->buckets ? *rw_map_find_slot(m, key) : NULL;
}

/* HashContainer::set: replaces an entry with an equal key in place, else prepends to the
 * bucket; returns the replaced entry. */
static inline rw_entry *rw_map_set(rw_map *m, rw_entry *e)
{
    rw_entry **pp = rw_map_find_slot(m, &e->id);
    rw_entry *old = *pp;
    if (old) {
        e->next = old->next;
        *pp = e;
        return old;
    }
    rw_entry **head = &m->buckets[rw_hash(&e->id) % m->nbuckets];
    e->next = *head;
    *head = e;
    m->size++;
    return NULL;
}

static inline void rw_map_erase_entry(rw_map *m, rw_entry *e)
{
    if (!m->buckets)
        return;
    rw_entry **pp = rw_map_find_slot(m, &e->id);
    if (*pp == e) {
        *pp = e->next;
        m->size--;
    }
}

static inline void rw_map_rehash_if_unbalanced(rw_map *m)
{
    if (!(m->size > 2 * m->nbuckets && m->nbuckets < 4194303u))
        return;
    uint32_t n = 1, want = m->nbuckets + 1;
    while (n < want && n < 4194303u)
        n = ((n + 1) << 1) - 1;
    rw_entry **nb = (rw_entry **)calloc(n, sizeof(rw_entry *));
    if (!nb)
        return;
    for (uint32_t b = 0; b < m->nbuckets; b++)
        for (rw_entry *e = m->buckets[b]; e;) {
            rw_entry *next = e->next;
            uint32_t h = rw_hash(&e->id) % n;
            e->next = nb[h];
            nb[h] = e;
            e = next;
        }
    free(m->buckets);
    m->buckets = nb;
    m->nbuckets = n;
}

/* -- flows ------------------------------------------------------------------------------- */

static inline rw_flow *rw_entry_flow(rw_entry *e)
{
    return (rw_flow *)(void *)(e - e->dir);
}

/* IPRewriterFlow's constructor: both entries and the checksum deltas. */
static inline void rw_flow_init(rw_flow *f, rw_input *owner, const rw_flowid *flowid,
                                const rw_flowid *rewritten, uint8_t ip_p, int guaranteed,
                                uint32_t expiry_j)
{
    memset(f, 0, sizeof *f);
    f->owner = owner;
    f->ip_p = ip_p;
    f->guaranteed = (uint8_t)(guaranteed != 0);
    f->expiry_j = expiry_j;
    f->e[0].id = *flowid;
    f->e[0].output = owner->foutput;
    f->e[0].dir = 0;
    f->e[1].id = rw_reverse(*rewritten);
    f->e[1].output = owner->routput;
    f->e[1].dir = 1;
    uint16_t sw[6], dw[6];
    memcpy(sw, &flowid->saddr, 4);
    memcpy(sw + 2, &flowid->daddr, 4);
    sw[4] = flowid->sport;
    sw[5] = flowid->dport;
    memcpy(dw, &rewritten->saddr, 4);
    memcpy(dw + 2, &rewritten->daddr, 4);
    dw[4] = rewritten->sport;
    dw[5] = rewritten->dport;
    uint16_t d = 0;
    for (int i = 0; i < 4; i++)
        d = rw_cksum_update(d, sw[i], dw[i]);
    f->ip_csum_delta = d;
    for (int i = 4; i < 6; i++)
        d = rw_cksum_update(d, sw[i], dw[i]);
    f->udp_csum_delta = d;
}

/* The rewritten flow ID seen from entry e (IPRewriterEntry::rewritten_flowid). */
static inline rw_flowid rw_entry_rewritten(rw_entry *e)
{
    return rw_reverse((e + (e->dir ? -1 : 1))->id);
}

/* -- Click's heaps (click/heap.hh: push_heap, change_heap, remove_heap), ordered by expiry,
 * each flow knowing its place ---------------------------------------------------------- */

static inline int rw_heap_less(const rw_flow *a, const rw_flow *b)
{
    return rw_jiffies_less(a->expiry_j, b->expiry_j);
}

static inline void rw_heap_swap(rw_flow **v, uint32_t i, uint32_t j)
{
    rw_flow *t = v[i];
    v[i] = v[j];
    v[j] = t;
}

static inline void rw_sift_up_down(rw_flow **v, uint32_t size, uint32_t i, uint32_t element)
{
    uint32_t npos;
    while (i > 0 && (npos = (i - 1) / 2, rw_heap_less(v[i], v[npos]))) {
        rw_heap_swap(v, i, npos);
        v[i]->place = i;
        i = npos;
    }
    for (;;) {
        uint32_t smallest = i, trial = i * 2 + 1;
        if (trial < size && rw_heap_less(v[trial], v[smallest]))
            smallest = trial;
        if (trial + 1 < size && rw_heap_less(v[trial + 1], v[smallest]))
            smallest = trial + 1;
        if (smallest == i)
            break;
        rw_heap_swap(v, i, smallest);
        v[i]->place = i;
        i = smallest;
    }
    if (i != element)
        v[i]->place = i;
}

static inline void rw_heap_push(rw_heap *h, rw_flow *f)
{
    int g = f->guaranteed;
    if (h->n[g] == h->cap[g]) {
        uint32_t nc = h->cap[g] ? 2 * h->cap[g] : 64;
        rw_flow **nv = (rw_flow **)realloc(h->heaps[g], nc * sizeof(rw_flow *));
        if (!nv) {
            fprintf(stderr, "clickc: out of memory\n");
            abort();
        }
        h->heaps[g] = nv;
        h->cap[g] = nc;
    }
    rw_flow **v = h->heaps[g];
    uint32_t i = h->n[g]++, npos;
    v[i] = f;
    h->size++;
    while (i > 0 && (npos = (i - 1) / 2, rw_heap_less(v[i], v[npos]))) {
        rw_heap_swap(v, i, npos);
        v[i]->place = i;
        i = npos;
    }
    v[i]->place = i;
}

/* remove_heap + pop_back */
static inline void rw_heap_remove(rw_heap *h, rw_flow *f)
{
    int g = f->guaranteed;
    rw_flow **v = h->heaps[g];
    uint32_t e = f->place, end = h->n[g];
    if (e + 1 != end) {
        rw_heap_swap(v, e, end - 1);
        v[e]->place = e;
        rw_sift_up_down(v, end - 1, e, e);
    }
    h->n[g]--;
    h->size--;
}

/* IPRewriterFlow::change_expiry */
static inline void rw_change_expiry(rw_heap *h, rw_flow *f, int guaranteed, uint32_t expiry_j)
{
    f->expiry_j = expiry_j;
    if (f->guaranteed != (guaranteed != 0)) {
        rw_heap_remove(h, f);
        f->guaranteed = (uint8_t)(guaranteed != 0);
        rw_heap_push(h, f);
    } else
        rw_sift_up_down(h->heaps[f->guaranteed], h->n[f->guaranteed], f->place, f->place);
}

/* TCP state bits (TCPRewriter::TCPFlow) */
#define RW_TCP_FWD_DONE 1
#define RW_TCP_BOTH_DONE 3
#define RW_TCP_FWD_DATA 4
#define RW_TCP_BOTH_DATA 12

/* Best-effort timeout of a flow (tcp_flow_timeout / udp_flow_timeout / _timeouts[0]). */
static inline uint32_t rw_flow_timeout(const rw_base *rw, const rw_flow *f)
{
    if (rw->cls == RW_TCPREWRITER || (rw->cls == RW_IPREWRITER && f->ip_p == CKIP_PROTO_TCP)) {
        if ((f->tflags & RW_TCP_BOTH_DONE) == RW_TCP_BOTH_DONE)
            return rw->tcp_done_timeout;
        if ((f->tflags & RW_TCP_BOTH_DATA) == RW_TCP_BOTH_DATA)
            return rw->tcp_data_timeout;
        return rw->timeouts[0];
    }
    if (rw->cls == RW_IPREWRITER)
        return f->tflags > 6 ? rw->udp_streaming_timeout : rw->udp_timeouts[0];
    if (rw->cls == RW_UDPREWRITER)
        return f->tflags > 6 ? rw->udp_streaming_timeout : rw->timeouts[0];
    return rw->timeouts[0];
}

/* The guarantee a flow's element uses (IPRewriter's UDP flows have their own). */
static inline uint32_t rw_flow_guarantee(const rw_base *rw, const rw_flow *f)
{
    if (rw->cls == RW_IPREWRITER && f->ip_p != CKIP_PROTO_TCP)
        return rw->udp_timeouts[1];
    return rw->timeouts[1];
}

/* IPRewriterBase::best_effort_expiry and its overrides. */
static inline uint32_t rw_best_effort_expiry(const rw_flow *f)
{
    const rw_base *rw = f->owner->owner;
    return f->expiry_j + rw_flow_timeout(rw, f) - rw_flow_guarantee(rw, f);
}

static inline void rw_flow_unmap(rw_flow *f)
{
    rw_map_erase_entry(f->map, &f->e[0]);
    rw_map_erase_entry(f->map, &f->e[1]);
}

/* Free the delta transitions after node d (d itself stays). */
static inline void rw_dt_free_after(rw_dt *d)
{
    for (rw_dt *x = d->next; x;) {
        rw_dt *n = x->next;
        free(x);
        x = n;
    }
    d->next = NULL;
}

static inline void rw_flow_destroy(rw_heap *h, rw_flow *f)
{
    rw_heap_remove(h, f);
    f->owner->count--;
    rw_flow_unmap(f);
    if (f->dt) {
        rw_dt_free_after(f->dt);
        free(f->dt);
    }
    free(f);
}

/* -- TCP sequence-number deltas (TCPRewriter::TCPFlow: update_seqno_delta, new_seq, new_ack;
 * docs/nat.md, "Sequence-number deltas") ------------------------------------------------- */

static inline int rw_seq_geq(uint32_t a, uint32_t b)
{
    return (int32_t)(a - b) >= 0;
}

/* The sequence number seqno of a direction-dir packet after the deltas. */
static inline uint32_t rw_new_seq(const rw_flow *f, int dir, uint32_t seqno)
{
    const rw_dt *d = f->dt;
    while (d && d->has[dir] && !rw_seq_geq(seqno, d->trigger[dir]))
        d = d->next;
    return d ? seqno + (uint32_t)d->delta[dir] : seqno;
}

/* The acknowledgement number ackno of a direction-dir packet (it acknowledges the other
 * direction's sequence space) after the deltas. */
static inline uint32_t rw_new_ack(const rw_flow *f, int dir, uint32_t ackno)
{
    const rw_dt *d = f->dt;
    int o = !dir;
    while (d && d->has[o] && !rw_seq_geq(ackno - (uint32_t)d->delta[o], d->trigger[o]))
        d = d->next;
    return d ? ackno - (uint32_t)d->delta[o] : ackno;
}

/* Forget direction dir's transition at node d (it became irrelevant); when d then holds no
 * transition at all, the nodes after it are unreachable and freed. */
static inline void rw_dt_drop(rw_dt *d, int dir)
{
    d->has[dir] = 0;
    if (!d->has[!dir])
        rw_dt_free_after(d);
}

/* Record that direction dir's sequence numbers from `trigger` on move by d more bytes (a
 * payload before them grew by d).  Transitions must come in increasing sequence order:
 * returns -1 for an older trigger (or when memory ran out), else 0.  Transitions 1G (2^30)
 * behind the new one are dropped. */
static inline int rw_update_seqno_delta(rw_flow *f, int dir, uint32_t trigger, int32_t d)
{
    rw_dt *head = f->dt;
    int o = !dir;
    if (head && head->has[dir] && !rw_seq_geq(trigger, head->trigger[dir]))
        return -1;
    int fresh = !head || (head->has[dir] ? trigger != head->trigger[dir] : head->delta[dir] != 0);
    if (fresh) {
        rw_dt *n = (rw_dt *)calloc(1, sizeof *n);
        if (!n)
            return -1;
        n->next = head;
        f->dt = n;
        /* the other direction's transitions move up one node, so that they still start at
         * the head */
        for (rw_dt *cur = n, *x; (x = cur->next) != NULL;) {
            cur->delta[o] = x->delta[o];
            cur->trigger[o] = x->trigger[o];
            cur->has[o] = x->has[o];
            if (!x->has[o])
                break;
            cur = x;
        }
        head = n;
    }
    head->trigger[dir] = trigger;
    rw_dt *next = head->next;
    head->delta[dir] = (next ? next->delta[dir] : 0) + d;
    head->has[dir] = 1;
    while (next && next->has[dir] && !rw_seq_geq(trigger, next->trigger[dir] + (1u << 30)))
        next = next->next;
    if (next && next->has[dir])
        rw_dt_drop(next, dir);
    return 0;
}

/* shift_heap_best_effort: guaranteed flows whose guarantee expired become best effort. */
static inline void rw_shift_best_effort(rw_heap *h, uint32_t now_j)
{
    while (h->n[1] && !rw_jiffies_less(now_j, h->heaps[1][0]->expiry_j)) {
        rw_flow *f = h->heaps[1][0];
        rw_change_expiry(h, f, 0, rw_best_effort_expiry(f));
    }
}

/* IPRewriterBase::shrink_heap at time now_j. */
static inline void rw_shrink_heap(rw_heap *h, int clear_all, uint32_t now_j)
{
    rw_shift_best_effort(h, now_j);
    while (h->n[0] && !rw_jiffies_less(now_j, h->heaps[0][0]->expiry_j))
        rw_flow_destroy(h, h->heaps[0][0]);
    int64_t cap = clear_all ? 0 : h->capacity;
    while (h->size > 0 && (int64_t)h->size > cap)
        rw_flow_destroy(h, h->heaps[h->n[0] == 0][0]);
}

/* Run the reap timer's ticks that have passed (gc_timer_hook), each at its own time. */
static inline void rw_catch_up(rw_base *rw)
{
    if (!rw->gc_interval_j)
        return;
    uint32_t now = rw_jiffies();
    while (!rw_jiffies_less(now, rw->next_gc_j)) {
        rw_shrink_heap(rw->heap, 0, rw->next_gc_j);
        rw->next_gc_j += rw->gc_interval_j;
    }
}

/* change_expiry: a packet touched the flow. */
static inline void rw_flow_touch(rw_flow *f, uint32_t now_j)
{
    rw_base *rw = f->owner->owner;
    uint32_t g = rw_flow_guarantee(rw, f);
    if (g)
        rw_change_expiry(rw->heap, f, 1, now_j + g);
    else
        rw_change_expiry(rw->heap, f, 0, now_j + rw_flow_timeout(rw, f));
}

/* IPRewriterBase::store_flow: returns the forward entry, or NULL (flow freed). */
static inline rw_entry *rw_store_flow(rw_base *rw, rw_flow *f, int input, rw_map *map)
{
    rw_input *is = &rw->inputs[input];
    if ((unsigned)f->e[0].output >= (unsigned)rw->noutputs
        || (unsigned)f->e[1].output >= (unsigned)rw->noutputs) {
        free(f);
        return NULL;
    }
    f->map = map;
    rw_entry *old = rw_map_set(map, &f->e[0]);
    (void)old;
    old = rw_map_set(map, &f->e[1]);
    if (old) {
        rw_flow *of = rw_entry_flow(old);
        if (of != f) /* its reply entry is already replaced; destroy unmaps the rest */
            rw_flow_destroy(rw->heap, of);
    }
    rw_heap_push(rw->heap, f);
    is->count++;
    if ((int64_t)rw->heap->size > (int64_t)rw->heap->capacity) {
        /* shrink_heap_for_new_flow: the best-effort flow that expires first goes, or the new
         * flow when every flow is guaranteed */
        uint32_t now_j = rw_jiffies();
        rw_shift_best_effort(rw->heap, now_j);
        rw_flow *dead = rw->heap->n[0] ? rw->heap->heaps[0][0] : f;
        rw_flow_destroy(rw->heap, dead);
        if (dead == f) {
            is->failures++;
            return NULL;
        }
    }
    rw_map_rehash_if_unbalanced(map);
    return &f->e[0];
}

static inline rw_entry *rw_add_flow(rw_base *rw, int input, const rw_flowid *flowid,
                                    const rw_flowid *rewritten, uint8_t ip_p, rw_map *map)
{
    rw_flow *f = (rw_flow *)malloc(sizeof(rw_flow));
    if (!f)
        return NULL;
    uint32_t g = rw->cls == RW_IPREWRITER && ip_p != CKIP_PROTO_TCP ? rw->udp_timeouts[1]
                                                                     : rw->timeouts[1];
    uint32_t t = g ? g : (rw->cls == RW_IPREWRITER && ip_p != CKIP_PROTO_TCP
                              ? rw->udp_timeouts[0] : rw->timeouts[0]);
    rw_flow_init(f, &rw->inputs[input], flowid, rewritten, ip_p, g != 0, rw_jiffies() + t);
    if (rw->cls == RW_ICMPPINGREWRITER) /* ICMPPingFlow: the ICMP checksum covers the id only */
        f->udp_csum_delta = rw_cksum_update(0, flowid->sport, rewritten->sport);
    return rw_store_flow(rw, f, input, map);
}

/* -- patterns (IPRewriterPattern::rewrite_flowid) ---------------------------------------- */

static inline uint32_t rw_random(uint32_t lo, uint32_t hi)
{
    /* click_random(lo, hi), drawn as Click's user-level build draws it (standard/ckrandom.h),
     * so that a router seeded by RandomSeed picks Click's ports */
    return ck_click_random_range(lo, hi);
}

static inline int rw_pattern_rewrite(rw_pattern *pat, const rw_flowid *flowid,
                                     rw_flowid *rewritten, rw_map *reply_map)
{
    *rewritten = *flowid;
    if (pat->saddr)
        rewritten->saddr = pat->saddr;
    if (pat->sport)
        rewritten->sport = pat->sport;
    if (pat->daddr)
        rewritten->daddr = pat->daddr;
    if (pat->dport)
        rewritten->dport = pat->dport;
    if (pat->variation_top) {
        rw_flowid lookup = rw_reverse(*rewritten);
        uint32_t base = pat->is_napt ? rw_ntohs(pat->sport) : rw_ntohl(pat->saddr);
        uint32_t val;
        if (pat->same_first && (val = rw_ntohs(flowid->sport) - base) <= pat->variation_top) {
            lookup.dport = flowid->sport;
            if (!rw_map_get(reply_map, &lookup))
                goto found;
        }
        if (pat->sequential)
            val = pat->next_variation > pat->variation_top ? 0 : pat->next_variation;
        else
            val = rw_random(0, pat->variation_top);
        for (uint32_t count = 0; count <= pat->variation_top;
             ++count, val = (val == pat->variation_top ? 0 : val + 1)) {
            if (pat->is_napt)
                lookup.dport = rw_htons((uint16_t)(base + val));
            else
                lookup.daddr = rw_htonl(base + val);
            if (!rw_map_get(reply_map, &lookup))
                goto found;
        }
        return RW_DROP;
    found:
        if (pat->is_napt)
            rewritten->sport = lookup.dport;
        else
            rewritten->saddr = lookup.daddr;
        pat->next_variation = val + 1;
    }
    return RW_ADDMAP;
}

/* IPRewriterInput::rewrite_flowid (with RoundRobinIPMapper::rewrite_flowid and
 * SourceIPHashMapper::rewrite_flowid for mappers). */
static inline int rw_input_rewrite(rw_input *is, const rw_flowid *flowid, rw_flowid *rewritten,
                                   rw_map *reply_map)
{
    int i;
    switch (is->kind) {
    case RW_I_NOCHANGE:
        return is->foutput;
    case RW_I_KEEP:
        *rewritten = *flowid;
        return RW_ADDMAP;
    case RW_I_PATTERN:
        i = rw_pattern_rewrite(is->pattern, flowid, rewritten, reply_map);
        break;
    case RW_I_MAPPER: {
        rw_mapper *m = is->mapper;
        i = RW_DROP;
        if (m->last < 0) { /* SourceIPHashMapper: the pattern of the source's server only */
            int v = rw_chash_index(((rw_hash_mapper *)m)->chash, flowid->saddr);
            if (v < m->n) {
                is->foutput = m->is[v].foutput;
                is->routput = m->is[v].routput;
                i = rw_pattern_rewrite(m->is[v].pattern, flowid, rewritten, reply_map);
            }
            break;
        }
        for (int k = 0; k < m->n; ++k) {
            rw_mapper_input *mi = &m->is[m->last];
            if (++m->last == m->n)
                m->last = 0;
            int r = rw_pattern_rewrite(mi->pattern, flowid, rewritten, reply_map);
            if (r != RW_DROP) {
                is->foutput = mi->foutput;
                is->routput = mi->routput;
                i = r;
                break;
            }
        }
        break;
    }
    default:
        return RW_DROP;
    }
    if (i == RW_DROP)
        is->failures++;
    return i;
}

/* IPRewriterBase::get_entry(ip_p, flowid, get_entry_reply) and its overrides: the existing
 * mapping of a flow, never a new one (ICMPRewriter's lookup). */
static inline rw_entry *rw_get_entry_reply(rw_base *rw, int ip_p, const rw_flowid *x)
{
    rw_entry *m;
    rw_flowid k;
    switch (rw->cls) {
    case RW_IPADDRREWRITER:
        k = rw_make_flowid(x->saddr, 0, 0, 0);
        m = rw_map_get(&rw->map, &k);
        if (!m) {
            k = rw_make_flowid(0, 0, x->daddr, 0);
            m = rw_map_get(&rw->map, &k);
        }
        return m;
    case RW_IPADDRPAIRREWRITER:
        k = rw_make_flowid(x->saddr, 0, x->daddr, 0);
        return rw_map_get(&rw->map, &k);
    case RW_ICMPPINGREWRITER:
        if (ip_p != CKIP_PROTO_ICMP)
            return NULL;
        k = rw_make_flowid(x->saddr, (uint16_t)(x->sport + 1), x->daddr, x->sport);
        return rw_map_get(&rw->map, &k);
    case RW_IPREWRITER:
        if (ip_p == CKIP_PROTO_UDP)
            return rw_map_get(&rw->udp_map, x);
        if (ip_p != CKIP_PROTO_TCP)
            return NULL;
        return rw_map_get(&rw->map, x); /* TCP flows, as TCPRewriter::get_entry */
    default:
        m = rw_map_get(&rw->map, x);
        if (m && ip_p && rw_entry_flow(m)->ip_p && rw_entry_flow(m)->ip_p != ip_p)
            return NULL;
        return m;
    }
}

/* IPRewriterBase::get_entry(ip_p, flowid, input): the existing mapping of a flow, or one made
 * by input `input`'s specification as if a packet of that flow had arrived there (FTPPortMapper's
 * data connections); NULL when there is neither.  The table lock is held by the caller. */
static inline rw_entry *rw_get_entry(rw_base *rw, int ip_p, const rw_flowid *x, int input)
{
    rw_entry *m = rw_get_entry_reply(rw, ip_p, x);
    if (m || input < 0 || input >= rw->ninputs)
        return m;
    rw_flowid k = *x, rewritten;
    rw_map *map = &rw->map;
    uint8_t fp = (uint8_t)ip_p;
    switch (rw->cls) {
    case RW_IPADDRREWRITER:
        k = rw_make_flowid(x->saddr, 0, 0, 0);
        fp = 0;
        break;
    case RW_IPADDRPAIRREWRITER:
        k = rw_make_flowid(x->saddr, 0, x->daddr, 0);
        fp = 0;
        break;
    case RW_ICMPPINGREWRITER:
        return NULL; /* its flows are pings, made by ping packets only */
    case RW_IPREWRITER:
        if (ip_p == CKIP_PROTO_UDP)
            map = &rw->udp_map;
        else if (ip_p != CKIP_PROTO_TCP)
            return NULL;
        break;
    default:
        break;
    }
    if (rw_input_rewrite(&rw->inputs[input], &k, &rewritten, map) != RW_ADDMAP)
        return NULL;
    if ((rw->cls == RW_IPADDRREWRITER && (rewritten.sport || rewritten.dport || rewritten.daddr))
        || (rw->cls == RW_IPADDRPAIRREWRITER && (rewritten.sport || rewritten.dport)))
        return NULL;
    return rw_add_flow(rw, input, &k, &rewritten, fp, map);
}

/* -- setup and handlers ------------------------------------------------------------------ */

static inline int rw_base_init(rw_base *rw, const char *name, int cls, int ninputs,
                               int noutputs, const rw_input_conf *conf, rw_heap *heap,
                               uint32_t gc_interval_sec)
{
    if (rw->initialized)
        return 0;
    rw->name = name;
    rw->cls = cls;
    rw->ninputs = ninputs;
    rw->noutputs = noutputs;
    rw_map_init(&rw->map);
    rw_map_init(&rw->udp_map);
    rw->heap = heap;
    rw->inputs = (rw_input *)calloc((size_t)(ninputs ? ninputs : 1), sizeof(rw_input));
    if (!rw->inputs)
        return -1;
    for (int i = 0; i < ninputs; i++) {
        rw->inputs[i].owner = rw;
        rw->inputs[i].owner_input = i;
        rw->inputs[i].kind = conf[i].kind;
        rw->inputs[i].foutput = conf[i].foutput;
        rw->inputs[i].routput = conf[i].routput;
        rw->inputs[i].pattern = conf[i].pattern;
        rw->inputs[i].mapper = conf[i].mapper;
    }
    rw->gc_interval_j = gc_interval_sec * RW_HZ;
    rw->next_gc_j = rw_jiffies() + rw->gc_interval_j;
    rw->initialized = 1;
    return 0;
}

static inline void rw_base_cleanup(rw_base *rw)
{
    if (!rw->initialized)
        return;
    rw_heap *h = rw->heap;
    for (int again = 1; again;) { /* destroy this element's flows (a removal reorders) */
        again = 0;
        for (int g = 0; g < 2; g++)
            for (uint32_t i = h->n[g]; i-- > 0;)
                if (i < h->n[g] && h->heaps[g][i]->owner->owner == rw) {
                    rw_flow_destroy(h, h->heaps[g][i]);
                    again = 1;
                }
    }
    if (h->size == 0)
        for (int g = 0; g < 2; g++) {
            free(h->heaps[g]);
            h->heaps[g] = NULL;
            h->n[g] = h->cap[g] = 0;
        }
    free(rw->map.buckets);
    free(rw->udp_map.buckets);
    for (int i = 0; i < rw->ninputs; i++)
        free(rw->inputs[i].own_pattern);
    free(rw->inputs);
    memset(rw, 0, sizeof *rw);
}

/* " [*0 1] i0 exp299" (IPRewriterFlow::unparse_ports; reply element is the element itself). */
static inline void rw_unparse_ports(ck_buf *out, rw_flow *f, int dir, uint32_t now)
{
    ck_buf_puts(out, " [");
    if (!dir)
        ck_buf_puts(out, "*");
    ck_buf_printf(out, "%d ", f->e[0].output);
    if (dir)
        ck_buf_puts(out, "*");
    uint32_t expiry = f->guaranteed ? rw_best_effort_expiry(f) : f->expiry_j;
    ck_buf_printf(out, "%d] i%d exp%u", f->e[1].output, f->owner->owner_input,
                  (uint32_t)(expiry + RW_HZ / 2 - now) / RW_HZ);
}

/* Unparse one IPRewriterPattern (IPRewriterPattern::unparse). */
static inline void rw_unparse_pattern(ck_buf *out, const rw_pattern *p)
{
    if (!p->is_napt && p->variation_top) {
        rw_unparse_addr(out, p->saddr);
        ck_buf_puts(out, "-");
        rw_unparse_addr(out, rw_htonl(rw_ntohl(p->saddr) + p->variation_top));
    } else if (p->saddr)
        rw_unparse_addr(out, p->saddr);
    else
        ck_buf_puts(out, "-");
    if (p->is_napt) {
        if (!p->sport)
            ck_buf_puts(out, " -");
        else if (p->variation_top)
            ck_buf_printf(out, " %u-%u", (unsigned)rw_ntohs(p->sport),
                          (unsigned)rw_ntohs(p->sport) + p->variation_top);
        else
            ck_buf_printf(out, " %u", (unsigned)rw_ntohs(p->sport));
    }
    if (p->daddr) {
        ck_buf_puts(out, " ");
        rw_unparse_addr(out, p->daddr);
    } else
        ck_buf_puts(out, " -");
    if (p->is_napt) {
        if (!p->dport)
            ck_buf_puts(out, " -");
        else
            ck_buf_printf(out, " %u", (unsigned)rw_ntohs(p->dport));
    }
}

/* The read handlers every rewriter has (IPRewriterBase::read_handler). which: -1 nmappings,
 * -2 mapping_failures, -3 patterns, -4 size, -5 capacity, N >= 0 patternN. */
static inline int rw_read_common(rw_base *rw, int which, ck_buf *out)
{
    rw_catch_up(rw);
    uint32_t n = 0;
    switch (which) {
    case -1:
        for (int i = 0; i < rw->ninputs; i++)
            n += rw->inputs[i].count;
        ck_buf_printf(out, "%u", n);
        return 0;
    case -2:
        for (int i = 0; i < rw->ninputs; i++)
            n += rw->inputs[i].failures;
        ck_buf_printf(out, "%u", n);
        return 0;
    case -4:
        ck_buf_printf(out, "%u", rw->heap->size);
        return 0;
    case -5:
        ck_buf_printf(out, "%d", rw->heap->capacity);
        return 0;
    default:
        for (int i = 0; i < rw->ninputs; i++) {
            if (which != -3 && which != i)
                continue;
            rw_input *is = &rw->inputs[i];
            switch (is->kind) {
            case RW_I_DROP: ck_buf_puts(out, "<drop>"); break;
            case RW_I_NOCHANGE: ck_buf_puts(out, "<nochange>"); break;
            case RW_I_KEEP: ck_buf_puts(out, "<keep>"); break;
            case RW_I_PATTERN: rw_unparse_pattern(out, is->pattern); break;
            default: ck_buf_puts(out, "<mapper>"); break;
            }
            if (is->count)
                ck_buf_printf(out, " [%u]", is->count);
            ck_buf_puts(out, "\n");
        }
        return 0;
    }
}

/* -- patternN write handlers (IPRewriterBase::pattern_write_handler) ----------------------- */

/* A dotted quad s[0..n) into *out (host order); 0 or -1. */
static inline int rw_parse_ip(const char *s, size_t n, uint32_t *out)
{
    uint32_t v = 0;
    size_t i = 0;
    for (int part = 0; part < 4; part++) {
        unsigned x = 0;
        size_t start = i;
        while (i < n && s[i] >= '0' && s[i] <= '9' && i - start < 3)
            x = x * 10 + (unsigned)(s[i++] - '0');
        if (i == start || x > 255 || (part < 3 && (i >= n || s[i++] != '.')))
            return -1;
        v = v << 8 | x;
    }
    if (i != n)
        return -1;
    *out = v;
    return 0;
}

/* A decimal integer s[0..n) into *out; 0 or -1. */
static inline int rw_parse_uint(const char *s, size_t n, uint32_t *out)
{
    uint64_t v = 0;
    if (n == 0 || n > 10)
        return -1;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        v = v * 10 + (uint64_t)(s[i] - '0');
    }
    if (v > 0xFFFFFFFFu)
        return -1;
    *out = (uint32_t)v;
    return 0;
}

/* The "#" (sequential) or "?" (no preference for the original port) suffix of a variation
 * word; returns the length without it. */
static inline size_t rw_variation_suffix(const char *w, size_t n, rw_pattern *p)
{
    if (n && w[n - 1] == '#') {
        p->sequential = 1;
        p->same_first = 0;
        return n - 1;
    }
    if (n && w[n - 1] == '?') {
        p->same_first = 0;
        return n - 1;
    }
    return n;
}

/* Click's ip_address_variation: "A-B" or a prefix (its .0 and .255 addresses unused). */
static inline int rw_addr_variation(const char *w, size_t n, rw_pattern *p)
{
    n = rw_variation_suffix(w, n, p);
    const char *dash = memchr(w, '-', n), *slash = memchr(w, '/', n);
    uint32_t lo, hi;
    if (dash) {
        if (rw_parse_ip(w, (size_t)(dash - w), &lo) < 0
            || rw_parse_ip(dash + 1, n - (size_t)(dash - w) - 1, &hi) < 0 || hi < lo)
            return -1;
        p->saddr = rw_htonl(lo);
        p->variation_top = hi - lo;
        return 0;
    }
    if (!slash || rw_parse_ip(w, (size_t)(slash - w), &lo) < 0)
        return -1;
    uint32_t len;
    if (rw_parse_uint(slash + 1, n - (size_t)(slash - w) - 1, &len) < 0 || len == 0 || len > 32
        || lo == 0)
        return -1;
    uint32_t mask = 0xFFFFFFFFu << (32 - len);
    if (len == 32)
        p->saddr = rw_htonl(lo), p->variation_top = 0;
    else if (len == 31)
        p->saddr = rw_htonl(lo & mask), p->variation_top = 1;
    else
        p->saddr = rw_htonl((lo & mask) | 1), p->variation_top = ~mask - 2;
    return 0;
}

/* Click's port_variation: "LO-HI". */
static inline int rw_port_variation(const char *w, size_t n, rw_pattern *p)
{
    n = rw_variation_suffix(w, n, p);
    const char *dash = memchr(w, '-', n);
    uint32_t lo, hi;
    if (!dash || rw_parse_uint(w, (size_t)(dash - w), &lo) < 0
        || rw_parse_uint(dash + 1, n - (size_t)(dash - w) - 1, &hi) < 0 || hi < lo
        || hi > 65535)
        return -1;
    p->sport = rw_htons((uint16_t)lo);
    p->variation_top = hi - lo;
    return 0;
}

/* Click's IPRewriterPattern::parse of words w[0..nw) (2 to 4; "-" for unchanged): the
 * pattern, or NULL after reporting Click's message.  Named patterns (one word) are resolved at
 * compile time only. */
static inline rw_pattern *rw_parse_pattern(char **w, int nw, ck_errh *errh, const char *pfx)
{
    if (nw == 1) {
        ck_error(errh, "%sno such pattern '%s' (clickc resolves pattern names at compile time)",
                 pfx, w[0]);
        return NULL;
    }
    if (nw < 1 || nw > 4) {
        ck_error(errh, "%ssyntax error", pfx);
        return NULL;
    }
    rw_pattern *p = (rw_pattern *)calloc(1, sizeof *p);
    if (!p) {
        ck_error(errh, "out of memory");
        return NULL;
    }
    p->is_napt = nw >= 3;
    p->same_first = 1;
    uint32_t v;
    const char *why = NULL;
    if (strcmp(w[0], "-") != 0) {
        if (rw_parse_ip(w[0], strlen(w[0]), &v) == 0)
            p->saddr = rw_htonl(v);
        else if (rw_addr_variation(w[0], strlen(w[0]), p) < 0)
            why = "bad source address";
    }
    int i = 0;
    if (!why && nw >= 3) {
        i = nw == 3 ? 2 : 1;
        if (strcmp(w[i], "-") != 0) {
            if (rw_parse_uint(w[i], strlen(w[i]), &v) == 0 && v > 0 && v < 65536)
                p->sport = rw_htons((uint16_t)v);
            else if (rw_port_variation(w[i], strlen(w[i]), p) < 0)
                why = "bad source port";
        }
        i = nw == 3 ? 0 : 1;
    }
    i++;
    if (!why && strcmp(w[i], "-") != 0) {
        if (rw_parse_ip(w[i], strlen(w[i]), &v) == 0)
            p->daddr = rw_htonl(v);
        else
            why = "bad destination address";
    }
    if (!why && nw == 4 && strcmp(w[++i], "-") != 0) {
        if (rw_parse_uint(w[i], strlen(w[i]), &v) == 0 && v > 0 && v < 65536)
            p->dport = rw_htons((uint16_t)v);
        else
            why = "bad destination port";
    }
    if (why) {
        ck_error(errh, "%s%s", pfx, why);
        free(p);
        return NULL;
    }
    return p;
}

/* Click's IPRewriterBase::pattern_write_handler for input `input`: a new input specification
 * ("drop", "nochange [OUTPUT]", "keep FOUTPUT ROUTPUT", "pattern SADDR SPORT DADDR DPORT
 * FOUTPUT ROUTPUT"...; an IPMapper element or a pattern name is resolved at compile time only)
 * replaces the old one, and the flows the old one made are removed.  Returns 0 or -1 after
 * reporting. */
static inline int rw_write_pattern(rw_base *rw, int input, const char *value, ck_errh *errh)
{
    char pfx[48];
    snprintf(pfx, sizeof pfx, "input spec %d: ", input);
    char *w[16];
    int nw = 0;
    for (const char *s = value; *s && nw < 16;) {
        while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
            s++;
        if (!*s)
            break;
        size_t n = strcspn(s, " \t\n\r");
        w[nw] = (char *)malloc(n + 1);
        if (!w[nw])
            break;
        memcpy(w[nw], s, n);
        w[nw++][n] = '\0';
        s += n;
    }
    rw_input is = {0};
    rw_pattern *own = NULL;
    uint32_t f = 0, r = 0;
    int ok = 0;
    const char *k = nw ? w[0] : "";
    if (nw == 0)
        ck_error(errh, "%sempty argument", pfx);
    else if (!strcmp(k, "pass") || !strcmp(k, "passthrough") || !strcmp(k, "nochange")) {
        is.kind = RW_I_NOCHANGE;
        if (nw > 2 || (nw == 2 && rw_parse_uint(w[1], strlen(w[1]), &f) < 0))
            ck_error(errh, "%ssyntax error, expected 'nochange [OUTPUT]'", pfx);
        else if ((int)f >= rw->noutputs)
            ck_error(errh, "%soutput port out of range", pfx);
        else
            is.foutput = (int)f, ok = 1;
    } else if (!strcmp(k, "drop") || !strcmp(k, "discard")) {
        is.kind = RW_I_DROP;
        if (nw > 1)
            ck_error(errh, "%ssyntax error, expected '%s'", pfx, k);
        else
            ok = 1;
    } else if (!strcmp(k, "keep") || !strcmp(k, "pattern") || !strcmp(k, "xpattern")) {
        int keep = k[0] == 'k';
        int np = nw - 1 - 2; /* pattern words before the two ports */
        if ((keep && nw != 3) || (!keep && np < 1))
            ck_error(errh, keep ? "%sbad forward port" : "%ssyntax error", pfx);
        else if (!keep && !(own = rw_parse_pattern(w + 1, np, errh, pfx)))
            ;
        else if (rw_parse_uint(w[nw - 2], strlen(w[nw - 2]), &f) < 0)
            ck_error(errh, "%sbad forward port", pfx);
        else if (rw_parse_uint(w[nw - 1], strlen(w[nw - 1]), &r) < 0)
            ck_error(errh, "%sbad reply port", pfx);
        else if ((int)f >= rw->noutputs || (int)r >= rw->noutputs)
            ck_error(errh, "%soutput port out of range", pfx);
        else {
            is.kind = keep ? RW_I_KEEP : RW_I_PATTERN;
            is.foutput = (int)f, is.routput = (int)r, is.pattern = own, ok = 1;
        }
    } else
        ck_error(errh, "%sunknown specification (clickc resolves IPMapper elements at compile "
                 "time only)", pfx);
    for (int i = 0; i < nw; i++)
        free(w[i]);
    if (!ok) {
        free(own);
        return -1;
    }
    rw_input *spec = &rw->inputs[input];
    rw_heap *h = rw->heap;
    for (int again = 1; again;) { /* remove the flows this input made (a removal reorders) */
        again = 0;
        for (int g = 0; g < 2; g++)
            for (uint32_t i = h->n[g]; i-- > 0;)
                if (i < h->n[g] && h->heaps[g][i]->owner == spec) {
                    rw_flow_destroy(h, h->heaps[g][i]);
                    again = 1;
                }
    }
    free(spec->own_pattern);
    spec->kind = is.kind;
    spec->foutput = is.foutput;
    spec->routput = is.routput;
    spec->pattern = is.pattern;
    spec->own_pattern = own;
    spec->mapper = NULL;
    spec->count = spec->failures = 0;
    return 0;
}

/* `capacity` write handler: "CAPACITY" (an integer), then shrink. */
static inline int rw_write_capacity(rw_base *rw, const char *value, ck_errh *errh)
{
    char *end;
    while (*value == ' ' || *value == '\t' || *value == '\n')
        value++;
    long v = strtol(value, &end, 0);
    while (*end == ' ' || *end == '\t' || *end == '\n')
        end++;
    if (end == value || *end || v < -2147483647L - 1 || v > 2147483647L)
        return ck_error(errh, "CAPACITY: expected integer");
    rw_catch_up(rw);
    rw->heap->capacity = (int32_t)v;
    rw_shrink_heap(rw->heap, 0, rw_jiffies());
    return 0;
}

static inline int rw_write_clear(rw_base *rw)
{
    rw_catch_up(rw);
    rw_shrink_heap(rw->heap, 1, rw_jiffies());
    return 0;
}

/* The mapping table of one map in Click's iteration order (bucket by bucket). unparse:
 * one line per entry, without the newline. */
static inline void rw_table(rw_map *m, ck_buf *out,
                            void (*unparse)(ck_buf *, rw_entry *, uint32_t), uint32_t now)
{
    if (!m->buckets)
        return;
    for (uint32_t b = 0; b < m->nbuckets; b++)
        for (rw_entry *e = m->buckets[b]; e; e = e->next) {
            unparse(out, e, now);
            ck_buf_puts(out, "\n");
        }
}

/* "FLOW => REWRITTEN [seq +D] [ports] ..." (IPRewriterFlow::unparse, TCPFlow::unparse: the
 * newest sequence-number delta of the entry's direction, when not 0). */
static inline void rw_unparse_flow_entry(ck_buf *out, rw_entry *e, uint32_t now)
{
    rw_flow *f = rw_entry_flow(e);
    rw_flowid r = rw_entry_rewritten(e);
    rw_unparse_flowid(out, &e->id);
    ck_buf_puts(out, " => ");
    rw_unparse_flowid(out, &r);
    if (f->dt && f->dt->delta[e->dir] != 0)
        ck_buf_printf(out, " seq %s%d", f->dt->delta[e->dir] > 0 ? "+" : "",
                      (int)f->dt->delta[e->dir]);
    rw_unparse_ports(out, f, e->dir, now);
}

#endif
