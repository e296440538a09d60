/*
 * Ordered replication: the state one OrderSplit, its replicas' OrderEnter elements and one
 * OrderMerge share (a "group", GROUP g: ck_orders[g], defined by the generated router).
 *
 * flow-split's ordered mode (docs/passes.md, "Ordered replication") spreads one push path's
 * packets over N replicas of a region whose elements treat every packet on its own (the
 * ciphers and HMAC of a VPN: ElementSpec.per_packet), and gives them back in the order they
 * came, so a single security association (one flow, one serial stream for a hash split) can
 * use N threads and the router still emits exactly the packet sequence of one thread:
 *
 *   ... -> OrderSplit -> [Queue -> Unqueue ->] OrderEnter(k) -> replica k -> OrderMerge[k]
 *   OrderMerge -> Unqueue -> ...
 *
 * OrderSplit writes, for every packet it passes on, the replica it chose into the order ring
 * (split thread -> merge thread).  Replica k runs to completion on one thread: OrderEnter(k)
 * pushes the packet into the replica, whose output reaches OrderMerge's input k, which appends
 * what arrives to ring out[k]; when the push returns OrderEnter appends an END mark, so out[k]
 * holds, per input packet, its output packets (none when the replica dropped it or sent it
 * elsewhere, several if it made copies) then END.  OrderMerge's pull reads the order ring and
 * takes the chosen replica's packets up to its END before it moves on: the order of the split.
 *
 * Bounds: the order ring holds CAPACITY entries (the reorder window: packets between the split
 * and the merge); a packet that finds it full is dropped by OrderSplit (reason "reorder window
 * full").  So at most CAPACITY inputs are in flight, each queue into a replica holds at most
 * CAPACITY packets (the pass gives it that capacity) and out[k] at most CAPACITY END marks; an
 * output packet is accepted only while out[k] keeps room for the END mark it still owes
 * (OrderMerge drops it otherwise, reason "reorder ring full"), so an END mark always fits.
 *
 * Threads: the order ring and every out[k] are SPSC rings (runtime/ring.h).  One thread runs
 * OrderSplit (or several, serialized by `lock` when the element's ELEMENT_NTHREADS > 1, e.g. a
 * path that loops back through the split's front), one thread runs each queued replica, one
 * thread pulls OrderMerge.  `done[k]` counts the inputs replica k finished (release store by
 * its thread; OrderSplit reads it to see each replica's backlog).
 */
#ifndef CLICKC_CKORDER_H
#define CLICKC_CKORDER_H

#include <stdatomic.h>
#include <stdint.h>

#include "clickc.h"
#include "ring.h"

/* Replicas one group may have (OrderSplit's outputs, OrderMerge's inputs). */
#define CK_ORDER_MAX_REPLICAS 16

/* The end of one input packet's outputs in out[k] (never a packet's address). */
#define CK_ORDER_END ((ck_packet *)(uintptr_t)1)

/* What replica k's thread writes: on a cache line of its own. */
typedef struct ck_order_replica {
    _Alignas(CK_CACHE_LINE) _Atomic uint64_t done; /* inputs finished */
} ck_order_replica;

/* What the split's thread keeps about replica k (its lines hold nothing another thread
 * writes). */
typedef struct ck_order_sent {
    uint64_t sent;        /* inputs sent */
    uint64_t done_seen;   /* the split's copy of done */
    uint64_t refresh_at;  /* no new copy of done before the split has passed this many */
} ck_order_sent;

/* The split reads a replica's done (a cache line the replica's thread writes for every packet:
 * a miss on another CPU) at most once per this many packets.  Measured on the VPN entry of
 * bench/bench_passes.py while a cross-CPU round trip took ~420 ns: 4-10% less CPU on the
 * front's thread than reading it for every packet; no difference at ~100 ns. */
#define CK_ORDER_REFRESH 8

typedef struct ck_order {
    /* set up by OrderSplit's init; read-only while the router runs */
    uint32_t nrep;          /* replicas (OrderSplit's outputs) */
    uint32_t capacity;      /* reorder window */
    uint32_t merge_inputs;  /* OrderMerge's inputs, 0 until its init ran */
    ck_spsc order;          /* replica numbers + 1, as tagged pointers: split -> merge */
    ck_spsc out[CK_ORDER_MAX_REPLICAS];  /* output packets and END marks: replica k -> merge */
    ck_order_replica rep[CK_ORDER_MAX_REPLICAS];
    /* OrderSplit's threads (several take turns on lock) */
    _Alignas(CK_CACHE_LINE) ck_order_sent split[CK_ORDER_MAX_REPLICAS];
    uint64_t passed;  /* packets the split passed on */
    _Alignas(CK_CACHE_LINE) _Atomic int lock;
    /* the merge's thread */
    _Alignas(CK_CACHE_LINE) int cur;  /* replica whose packets come next; -1: read the order */
    _Atomic uint64_t merged;          /* input packets whose outputs all left (handlers read it) */
} ck_order;

/* The tag of replica k in the order ring (k + 1: never 0, never an address). */
static inline ck_packet *ck_order_tag(uint32_t k) { return (ck_packet *)(uintptr_t)(k + 1); }

/* Whether GROUP `group` is one of the router's ck_orders (0, or -1 with the error in errh). */
#define CK_ORDER_CHECK_GROUP(group, errh)                                                       \
    ((uint64_t)(group) < (uint64_t)CK_ORDER_GROUPS                                             \
         ? 0                                                                                   \
         : ck_error((errh), "GROUP %llu out of range (at most %d groups)",                     \
                    (unsigned long long)(group), CK_ORDER_GROUPS))

/* Set up group `g` for `nrep` replicas and a reorder window of `capacity` packets (OrderSplit's
 * init).  Returns 0, or -1 with the reason in errh. */
static inline int ck_order_setup(ck_order *g, uint32_t nrep, uint32_t capacity, ck_errh *errh)
{
    if (g->nrep)
        return ck_error(errh, "GROUP already has an OrderSplit");
    if (nrep < 1 || nrep > CK_ORDER_MAX_REPLICAS)
        return ck_error(errh, "%u outputs: expected 1 to %d replicas", nrep, CK_ORDER_MAX_REPLICAS);
    if (capacity < 1 || capacity > (1u << 24))
        return ck_error(errh, "CAPACITY must be between 1 and 16777216");
    if (g->merge_inputs && g->merge_inputs != nrep)
        return ck_error(errh, "%u outputs, but the group's OrderMerge has %u inputs", nrep,
                        g->merge_inputs);
    if (ck_spsc_init(&g->order, capacity) < 0)
        return ck_error(errh, "out of memory");
    for (uint32_t k = 0; k < nrep; k++)
        /* CAPACITY END marks, and as many output packets (more wait in the replica) */
        if (ck_spsc_init(&g->out[k], 2 * capacity) < 0)
            return ck_error(errh, "out of memory");
    g->nrep = nrep;
    g->capacity = capacity;
    g->cur = -1;
    atomic_init(&g->lock, 0);
    return 0;
}

/* Free what is left (the first cleanup of the group's elements; later ones find nothing). */
static inline void ck_order_cleanup(ck_order *g)
{
    for (uint32_t k = 0; k < g->nrep; k++) {
        ck_packet *p;
        while ((p = ck_spsc_dequeue(&g->out[k], 0)) != NULL)
            if (p != CK_ORDER_END)
                ck_packet_kill(p);
        ck_spsc_destroy(&g->out[k]);
    }
    if (g->nrep)
        ck_spsc_destroy(&g->order);
    g->nrep = 0;
}

/* Inputs sent to replica k and not finished yet, as the split's thread last saw it: at least
 * the true count (done only grows), re-read when it reaches `threshold` and CK_ORDER_REFRESH
 * packets have passed since the last read. */
static inline uint64_t ck_order_backlog(ck_order *g, uint32_t k, uint64_t threshold)
{
    ck_order_sent *s = &g->split[k];
    uint64_t b = s->sent - s->done_seen;
    if (b >= threshold && g->passed >= s->refresh_at) {
        s->done_seen = atomic_load_explicit(&g->rep[k].done, memory_order_acquire);
        s->refresh_at = g->passed + CK_ORDER_REFRESH;
        b = s->sent - s->done_seen;
    }
    return b;
}

#endif
