/*
 * Packets and the packet pool.
 *
 * A ck_packet header points into a reference-counted ck_buffer; clones share the buffer
 * (Click's Packet::clone) and ck_packet_uniqueify copies it before a write (Click's
 * Packet::uniqueify).  Headers live on per-thread free lists kept as stacks of pointers
 * (SMP Click section 4.4): a thread frees to and allocates from its own list, so no lock is
 * needed, and the header freed last is reused first (its lines and its buffer's are still in
 * the cache); a full list hands CK_POOL_BATCH headers to a shared depot (one
 * lock per batch), an empty one takes a batch from the depot, else carves a new slab of
 * headers and standard buffers from memory on its thread's NUMA node (libnuma), so a thread
 * that only frees packets feeds a thread that only allocates them.  A header
 * returning to the pool keeps its buffer when the buffer is standard-sized and unshared, so
 * the common alloc/kill cycle touches no allocator; standard buffers separated from their
 * header (by a clone reusing the header) wait on a per-thread spare stack for a header that
 * has none, so clones (Tee, InfiniteSource) do not churn malloc either.  The common
 * alloc/kill cycle is inline in clickc.h (ck_packet_alloc_room_inline, ck_packet_kill_inline);
 * the functions here are the complete versions the fast paths fall back on.
 *
 * A packet freed on another thread than the one that allocated it (`thread`: it crossed a
 * Queue, whose ring marked its buffer `mt`, so the inline kill sends it here) goes back to its
 * home pool through a return ring, one per (home, freeing thread) pair: the freeing thread
 * writes the header pointer into the ring and publishes CK_RETURN_BATCH of them at once with
 * one release store; the home thread takes up to CK_RETURN_TAKE published pointers when its stack runs empty
 * and prefetches their lines together.
 * Neither side touches the packet's data lines or its header to move it (only the pointer
 * slots and the ring's index lines cross, once per batch), and the producer of a pipeline
 * reuses the buffers its consumer just freed instead of a depot batch of cold headers; with
 * the ring full (a home that stopped allocating) the header stays on the freeing thread's
 * stack as before (docs/passes.md, "The calibrated cost model").
 */
#include "clickc.h"

#include <numa.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

/* libnuma is linked by clickc's routers (-lnuma); harnesses that link the runtime without it
 * get NULL for these and plain memory. */
#pragma weak numa_available
#pragma weak numa_alloc_onnode
#pragma weak numa_alloc_local
#pragma weak numa_free
#pragma weak numa_node_of_cpu

#define CK_SPARE_BUFFERS CK_POOL_SPARE_BUFFERS
/* Headers moved between a thread's free list and the shared depot at once (SMP Click 4.4:
 * "both allocation and freeing are batched"). */
#define CK_POOL_BATCH 64
/* Headers (each with a standard buffer) carved from one slab of NUMA-local memory. */
#define CK_SLAB_PACKETS 64
#define CK_HEADER_STRIDE ((sizeof(ck_packet) + 63) & ~(size_t)63)
#define CK_BUFFER_STRIDE ((sizeof(ck_buffer) + CK_BUFFER_SIZE + 63) & ~(size_t)63)

/* A slab: one allocation holding CK_SLAB_PACKETS headers and their standard buffers; this
 * record sits in its first bytes. Slabs are released only by ck_pool_cleanup. */
typedef struct ck_slab {
    struct ck_slab *next;
    size_t size;
    int numa; /* from numa_alloc_*: numa_free */
} ck_slab;

/* The depot: batches of CK_POOL_BATCH headers that threads with too many free headers hand to
 * threads with too few, each batch an array of pointers (so moving a batch writes no header:
 * the headers' cache lines stay where they are until their next user touches them), and slab
 * buffers that lost their header (chained through their first bytes). One lock, taken once
 * per batch. Emptied batch arrays are kept for reuse. */
typedef struct ck_batch {
    ck_packet *p[CK_POOL_BATCH];
} ck_batch;
static struct {
    pthread_mutex_t lock;
    ck_batch **batches; /* full batches */
    size_t nbatches, cap;
    ck_batch **spare;   /* empty arrays */
    size_t nspare, spare_cap;
    ck_buffer *buffers;
    size_t nbuffers;
} depot = {PTHREAD_MUTEX_INITIALIZER, NULL, 0, 0, NULL, 0, 0, NULL, 0};

/* Return rings (above): slots per ring (a power of two) and pointers published at once. */
#define CK_RETURN_RING 1024u
#define CK_RETURN_BATCH 32u
/* Returned headers taken at once when the free list runs empty (the rest wait in the ring for
 * the next time), all prefetched (prefetch_returned): more would evict each other before
 * their turn, and a header reached cold costs a cross-CPU round trip. */
#define CK_RETURN_TAKE 64u
typedef struct ck_return_ring {
    /* the freeing thread's own line: its next slot and the home's head as last seen */
    _Alignas(64) uint32_t wtail;
    uint32_t head_seen;
    _Alignas(64) _Atomic uint32_t tail; /* slots published (freeing thread, release) */
    _Alignas(64) _Atomic uint32_t head; /* slots taken (home thread, release) */
    _Alignas(64) ck_packet *slot[CK_RETURN_RING];
} ck_return_ring;
/* rings[home][freer]: written once by the freeing thread (release), read by the home. */
static _Atomic(ck_return_ring *) rings[CK_MAX_THREADS][CK_MAX_THREADS];
static int ring_threads = CK_MAX_THREADS; /* freeing threads a home scans (ck_pool_setup) */

ck_pool_slot ck_pools[CK_MAX_THREADS];
#define pools(t) (&ck_pools[(t)].pool)
_Thread_local int ck_thread_id;
static int numa_ok = -1; /* -1: not yet asked */

static int have_numa(void)
{
    if (numa_ok < 0)
        numa_ok = numa_available && numa_alloc_onnode && numa_alloc_local && numa_free &&
                  numa_available() >= 0;
    return numa_ok;
}

void ck_pool_setup(int nthreads)
{
    if (!have_numa() && nthreads > 1 && ck_warnings_enabled)
        fprintf(stderr, "warning: NUMA is not available; packet pools use malloc\n");
    /* libnuma builds its CPU-to-node tables lazily and without a lock: build them now, before
     * the threads start. */
    if (have_numa() && numa_node_of_cpu)
        (void)numa_node_of_cpu(0);
    for (int t = 0; t < CK_MAX_THREADS; t++)
        pools(t)->node = -1;
    ring_threads = nthreads > 0 && nthreads <= CK_MAX_THREADS ? nthreads : CK_MAX_THREADS;
}

/* Hand header p, freed on this thread, to its home thread's return ring; 0 when the ring is
 * full or cannot be made (the caller keeps the header). Reads only the ring's lines. */
static int return_home(ck_packet *p, int home)
{
    int me = ck_thread_id;
    if (home < 0 || home >= CK_MAX_THREADS || me < 0 || me >= CK_MAX_THREADS)
        return 0;
    ck_return_ring *r = atomic_load_explicit(&rings[home][me], memory_order_relaxed);
    if (CK_UNLIKELY(!r)) {
        r = aligned_alloc(64, sizeof *r);
        if (!r)
            return 0;
        memset(r, 0, sizeof *r);
        atomic_init(&r->tail, 0);
        atomic_init(&r->head, 0);
        atomic_store_explicit(&rings[home][me], r, memory_order_release);
    }
    uint32_t t = r->wtail;
    if (t - r->head_seen >= CK_RETURN_RING) {
        r->head_seen = atomic_load_explicit(&r->head, memory_order_acquire);
        if (t - r->head_seen >= CK_RETURN_RING)
            return 0;
    }
    r->slot[t & (CK_RETURN_RING - 1)] = p;
    r->wtail = ++t;
    if (t - atomic_load_explicit(&r->tail, memory_order_relaxed) >= CK_RETURN_BATCH) {
        atomic_store_explicit(&r->tail, t, memory_order_release);
        pools(me)->stats.depot_puts++; /* a batch handed to another thread */
    }
    return 1;
}

/* The lines the next allocations of n returned headers will write, asked for now and all at
 * once: each header's two lines, then (its `buf` read once the header has arrived) its
 * buffer's first line (the ck_buffer fields and the start of the headroom) and the next one
 * (the packet data after a standard headroom).  They were last written on the freeing thread's
 * CPU; taken one by one at allocation, each would cost a cross-CPU round trip in turn (100-400
 * ns on the project's VM: bench/xcpu.c), prefetched together they overlap.  Headers on the
 * stack are unshared and keep their standard buffer (ck_packet_kill), so `buf` is stable. */
static void prefetch_returned(ck_packet *const *v, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        __builtin_prefetch(v[i], 1);
        __builtin_prefetch((const char *)v[i] + 64, 1);
    }
    for (uint32_t i = 0; i < n; i++) {
        const ck_buffer *b = v[i]->buf;
        if (b) {
            __builtin_prefetch(b, 1);
            __builtin_prefetch((const char *)b + 64, 1);
            __builtin_prefetch((const char *)b + 128, 1);
        }
    }
}

/* Take up to CK_RETURN_TAKE headers other threads returned to this thread onto its (empty)
 * free list; returns how many. Only the pointers move; the headers' and buffers' lines are prefetched
 * for the allocations that follow (prefetch_returned). */
static uint32_t take_returned(ck_pool *pool)
{
    int me = ck_thread_id;
    if (me < 0 || me >= CK_MAX_THREADS)
        return 0;
    uint32_t got = 0;
    for (int f = 0; f < ring_threads; f++) {
        ck_return_ring *r = atomic_load_explicit(&rings[me][f], memory_order_acquire);
        if (!r)
            continue;
        uint32_t h = atomic_load_explicit(&r->head, memory_order_relaxed);
        uint32_t t = atomic_load_explicit(&r->tail, memory_order_acquire);
        while (h != t && pool->count < pool->cap && got < CK_RETURN_TAKE) {
            pool->stack[pool->count++] = r->slot[h & (CK_RETURN_RING - 1)];
            h++;
            got++;
        }
        atomic_store_explicit(&r->head, h, memory_order_release);
    }
    /* batches taken from other threads (they publish CK_RETURN_BATCH at a time) */
    pool->stats.depot_gets += (got + CK_RETURN_BATCH - 1) / CK_RETURN_BATCH;
    prefetch_returned(pool->stack + pool->count - got, got);
    return got;
}

/* Called by each thread once it is pinned: its pool's slabs come from that CPU's node. */
void ck_pool_thread_start(int thread, int cpu)
{
    if (thread < 0 || thread >= CK_MAX_THREADS)
        return;
    pools(thread)->node = cpu >= 0 && have_numa() && numa_node_of_cpu ? numa_node_of_cpu(cpu) : -1;
}

static inline void ref_inc(ck_buffer *b)
{
    if (atomic_load_explicit(&b->mt, memory_order_relaxed))
        atomic_fetch_add_explicit(&b->refcnt, 1, memory_order_relaxed);
    else
        atomic_store_explicit(&b->refcnt, atomic_load_explicit(&b->refcnt, memory_order_relaxed) + 1,
                              memory_order_relaxed);
}

/* Drop one reference; returns the references left. */
static inline uint32_t ref_dec(ck_buffer *b)
{
    if (atomic_load_explicit(&b->mt, memory_order_relaxed))
        return atomic_fetch_sub_explicit(&b->refcnt, 1, memory_order_acq_rel) - 1;
    uint32_t n = atomic_load_explicit(&b->refcnt, memory_order_relaxed) - 1;
    atomic_store_explicit(&b->refcnt, n, memory_order_relaxed);
    return n;
}

static inline uint32_t ref_get(const ck_buffer *b)
{
    return atomic_load_explicit(&b->refcnt, memory_order_acquire);
}

static ck_buffer *buffer_new(uint32_t size)
{
    ck_buffer *b = malloc(sizeof(ck_buffer) + size);
    if (!b)
        return NULL;
    atomic_init(&b->refcnt, 1);
    atomic_init(&b->mt, 0);
    b->size = size;
    b->slab = CK_BUFFER_MALLOC;
    return b;
}

/* A slab buffer nobody uses: to this thread's spare stack, else to the depot. */
static void slab_buffer_home(ck_pool *pool, ck_buffer *b)
{
    atomic_store_explicit(&b->refcnt, 1, memory_order_relaxed);
    atomic_store_explicit(&b->mt, 0, memory_order_relaxed);
    if (pool->nspare < CK_SPARE_BUFFERS) {
        pool->spare[pool->nspare++] = b;
        return;
    }
    pthread_mutex_lock(&depot.lock);
    memcpy(b->bytes, &depot.buffers, sizeof depot.buffers);
    depot.buffers = b;
    __atomic_store_n(&depot.nbuffers, depot.nbuffers + 1, __ATOMIC_RELAXED);
    pthread_mutex_unlock(&depot.lock);
}

void (*ck_buffer_external_release)(ck_buffer *b);

static void buffer_release(ck_pool *pool, ck_buffer *b)
{
    if (ref_dec(b) != 0)
        return;
    if (b->slab == CK_BUFFER_SLAB)
        slab_buffer_home(pool, b);
    else if (b->slab == CK_BUFFER_EXTERNAL)
        ck_buffer_external_release(b);
    else
        free(b);
}

/* A standard buffer for a header that has none: the spare stack, the depot's buffers (a few
 * at once), else malloc. */
static ck_buffer *standard_buffer(ck_pool *pool)
{
    if (pool->nspare > 0)
        return pool->spare[--pool->nspare];
    if (__atomic_load_n(&depot.nbuffers, __ATOMIC_RELAXED) > 0) { /* a hint; checked under the lock */
        pthread_mutex_lock(&depot.lock);
        while (depot.buffers && pool->nspare < CK_SPARE_BUFFERS / 2) {
            ck_buffer *b = depot.buffers;
            memcpy(&depot.buffers, b->bytes, sizeof depot.buffers);
            __atomic_store_n(&depot.nbuffers, depot.nbuffers - 1, __ATOMIC_RELAXED);
            pool->spare[pool->nspare++] = b;
        }
        pthread_mutex_unlock(&depot.lock);
        if (pool->nspare > 0)
            return pool->spare[--pool->nspare];
    }
    return buffer_new(CK_BUFFER_SIZE);
}

/* Allocate a slab on the pool's node and put its headers (each with a standard buffer) on the
 * free list; returns 0 or -1. The list is empty when this is called. */
static int slab_carve(ck_pool *pool)
{
    size_t size = CK_HEADER_STRIDE * (CK_SLAB_PACKETS + 1) + CK_BUFFER_STRIDE * CK_SLAB_PACKETS;
    void *mem = NULL;
    int numa = 0;
    if (have_numa()) {
        mem = pool->node >= 0 ? numa_alloc_onnode(size, pool->node) : numa_alloc_local(size);
        numa = mem != NULL;
    }
    if (!mem)
        mem = aligned_alloc(64, size);
    if (!mem)
        return -1;
    unsigned char *base = mem;
    ck_slab *slab = (ck_slab *)(void *)base;
    slab->next = pool->slabs;
    slab->size = size;
    slab->numa = numa;
    pool->slabs = slab;
    unsigned char *hdrs = base + CK_HEADER_STRIDE;
    unsigned char *bufs = hdrs + CK_HEADER_STRIDE * CK_SLAB_PACKETS;
    for (uint32_t i = 0; i < CK_SLAB_PACKETS; i++) {
        ck_packet *p = (ck_packet *)(void *)(hdrs + i * CK_HEADER_STRIDE);
        ck_buffer *b = (ck_buffer *)(void *)(bufs + i * CK_BUFFER_STRIDE);
        memset(p, 0, sizeof *p);
        atomic_init(&b->refcnt, 1);
        atomic_init(&b->mt, 0);
        b->size = CK_BUFFER_SIZE;
        b->slab = CK_BUFFER_SLAB;
        p->buf = b;
        pool->stack[pool->count++] = p;
    }
    pool->stats.malloced += CK_SLAB_PACKETS;
    return 0;
}

/* Grow an array of batch pointers (under the depot lock); aborts when memory ran out. */
static void batch_array_grow(ck_batch ***arr, size_t *cap)
{
    size_t ncap = *cap ? 2 * *cap : 64;
    ck_batch **na = realloc(*arr, ncap * sizeof *na);
    if (!na) {
        fprintf(stderr, "out of memory\n");
        abort();
    }
    *arr = na;
    *cap = ncap;
}

/* Take a batch of headers from the depot onto the (empty) free list; returns 0 or -1. */
static int depot_get(ck_pool *pool)
{
    if (__atomic_load_n(&depot.nbatches, __ATOMIC_RELAXED) == 0)
        return -1;
    pthread_mutex_lock(&depot.lock);
    ck_batch *b = NULL;
    size_t n = depot.nbatches;
    if (n) {
        b = depot.batches[n - 1];
        __atomic_store_n(&depot.nbatches, n - 1, __ATOMIC_RELAXED);
    }
    pthread_mutex_unlock(&depot.lock);
    if (!b)
        return -1;
    for (uint32_t i = 0; i < CK_POOL_BATCH; i++)
        pool->stack[pool->count++] = b->p[CK_POOL_BATCH - 1 - i];
    pthread_mutex_lock(&depot.lock);
    if (depot.nspare == depot.spare_cap)
        batch_array_grow(&depot.spare, &depot.spare_cap);
    depot.spare[depot.nspare++] = b;
    pthread_mutex_unlock(&depot.lock);
    pool->stats.depot_gets++;
    return 0;
}

/* Move CK_POOL_BATCH headers of the (full) free list to the depot: the top ones (moving the
 * bottom, coldest ones would shift the whole stack; a thread whose list overflows frees more
 * than it allocates, so the headers it keeps are not reused soon either way). */
static void depot_put(ck_pool *pool)
{
    pthread_mutex_lock(&depot.lock);
    ck_batch *b = depot.nspare ? depot.spare[--depot.nspare] : NULL;
    pthread_mutex_unlock(&depot.lock);
    if (!b && !(b = malloc(sizeof *b))) {
        fprintf(stderr, "out of memory\n");
        abort();
    }
    for (uint32_t i = 0; i < CK_POOL_BATCH; i++)
        b->p[i] = pool->stack[--pool->count];
    pthread_mutex_lock(&depot.lock);
    if (depot.nbatches == depot.cap)
        batch_array_grow(&depot.batches, &depot.cap);
    depot.batches[depot.nbatches] = b;
    __atomic_store_n(&depot.nbatches, depot.nbatches + 1, __ATOMIC_RELAXED);
    pthread_mutex_unlock(&depot.lock);
    pool->stats.depot_puts++;
}

/* Allocate the free list's stack (a thread's first allocation or free). */
static int stack_alloc(ck_pool *pool)
{
    pool->stack = calloc(CK_POOL_CAPACITY, sizeof(ck_packet *));
    if (!pool->stack)
        return -1;
    pool->cap = CK_POOL_CAPACITY;
    return 0;
}

static ck_packet *header_get(ck_pool *pool)
{
    if (CK_LIKELY(pool->count > 0))
        return pool->stack[--pool->count];
    if (!pool->stack && stack_alloc(pool) < 0)
        return NULL;
    if (take_returned(pool) == 0 && depot_get(pool) < 0 && slab_carve(pool) < 0)
        return NULL;
    return header_get(pool);
}

/* Keep an unshared standard buffer for later, or release it. */
static void spare_put(ck_pool *pool, ck_buffer *b)
{
    if (ref_get(b) == 1 && b->size == CK_BUFFER_SIZE && pool->nspare < CK_SPARE_BUFFERS) {
        atomic_store_explicit(&b->mt, 0, memory_order_relaxed); /* the only reference */
        pool->spare[pool->nspare++] = b;
    } else
        buffer_release(pool, b);
}

static void header_put(ck_pool *pool, ck_packet *p)
{
    if (CK_UNLIKELY(pool->stack == NULL) && stack_alloc(pool) < 0) {
        fprintf(stderr, "out of memory\n");
        abort();
    }
    if (CK_UNLIKELY(pool->count == CK_POOL_CAPACITY))
        depot_put(pool);
    pool->stack[pool->count++] = p;
}

ck_packet *ck_packet_alloc_room(uint32_t headroom, uint32_t len, uint32_t tailroom)
{
    ck_pool *pool = pools(ck_thread_id);
    uint64_t need = (uint64_t)headroom + len + tailroom;
    if (need > UINT32_MAX - sizeof(ck_buffer))
        return NULL;
    ck_packet *p = header_get(pool);
    if (!p)
        return NULL;
    uint32_t size = need <= CK_BUFFER_SIZE ? CK_BUFFER_SIZE : (uint32_t)need;
    if (p->buf && (ref_get(p->buf) != 1 || p->buf->size != size)) {
        spare_put(pool, p->buf);
        p->buf = NULL;
    }
    if (!p->buf)
        p->buf = size == CK_BUFFER_SIZE ? standard_buffer(pool) : buffer_new(size);
    if (!p->buf) {
        header_put(pool, p);
        return NULL;
    }
    ck_buffer *b = p->buf;
    atomic_store_explicit(&b->mt, 0, memory_order_relaxed); /* the only reference */
    pool->stats.allocated++;
    ck_packet_init_fresh(p, b, headroom, len);
    p->end = b->bytes + b->size;
    return p;
}

ck_packet *ck_packet_wrap(ck_buffer *b, uint32_t headroom, uint32_t len)
{
    ck_pool *pool = pools(ck_thread_id);
    ck_packet *p = header_get(pool);
    if (!p)
        return NULL;
    if (p->buf)
        spare_put(pool, p->buf); /* the header's own standard buffer waits for a later one */
    p->buf = b;
    pool->stats.allocated++;
    pool->stats.wrapped++;
    ck_packet_init_header(p, b, headroom, len);
    p->end = b->bytes + b->size;
    return p;
}

ck_buffer *ck_packet_detach(ck_packet *p)
{
    ck_buffer *b = p->buf;
    if (b->slab != CK_BUFFER_EXTERNAL || ref_get(b) != 1)
        return NULL;
    ck_pool *pool = pools(ck_thread_id);
    pool->stats.freed++;
    pool->stats.detached++;
    p->buf = NULL;
    header_put(pool, p);
    return b;
}

ck_packet *ck_packet_alloc(uint32_t len)
{
    return ck_packet_alloc_room(CK_HEADROOM, len, 0);
}

ck_packet *ck_packet_make(const void *data, uint32_t len)
{
    ck_packet *p = ck_packet_alloc(len);
    if (p && len)
        memcpy(p->data, data, len);
    return p;
}

void ck_packet_kill(ck_packet *p)
{
    ck_pool *pool = pools(ck_thread_id);
    pool->stats.freed++;
    ck_buffer *b = p->buf;
    if (ref_get(b) > 1 || b->size != CK_BUFFER_SIZE) {
        /* Shared with a clone, or oversized: the header goes back without it. */
        buffer_release(pool, b);
        p->buf = NULL;
    } else if (atomic_load_explicit(&b->mt, memory_order_relaxed)) {
        /* The last reference: no other thread holds the buffer any more, so the cross-thread
         * mark goes (a pooled buffer is never marked: the inline allocation does not look). */
        atomic_store_explicit(&b->mt, 0, memory_order_relaxed);
    }
    if (CK_UNLIKELY(p->thread != ck_thread_id) && return_home(p, p->thread))
        return;
    header_put(pool, p);
}

ck_packet *ck_packet_clone(ck_packet *p)
{
    ck_pool *pool = pools(ck_thread_id);
    ck_packet *q = header_get(pool);
    if (!q)
        return NULL;
    if (q->buf)
        spare_put(pool, q->buf);
    *q = *p;
    q->thread = (uint8_t)ck_thread_id;
    q->next = NULL;
    ref_inc(p->buf);
    pool->stats.allocated++;
    return q;
}

/* Move p's data into a new unshared buffer with at least the given room around it. */
static ck_packet *reallocate(ck_packet *p, uint32_t headroom, uint32_t tailroom)
{
    uint64_t need = (uint64_t)headroom + p->len + tailroom;
    if (need > UINT32_MAX - sizeof(ck_buffer)) {
        ck_packet_kill(p);
        return NULL;
    }
    uint32_t size = need <= CK_BUFFER_SIZE ? CK_BUFFER_SIZE : (uint32_t)need;
    ck_pool *pool = pools(ck_thread_id);
    /* A standard buffer comes from the spare stack first: copy-on-write of a clone (Tee,
     * InfiniteSource's shared data, then DecIPTTL) would otherwise cost a malloc and a free
     * per packet. */
    ck_buffer *nb = size == CK_BUFFER_SIZE ? standard_buffer(pool) : buffer_new(size);
    if (!nb) {
        ck_packet_kill(p);
        return NULL;
    }
    unsigned char *ndata = nb->bytes + headroom;
    /* As Click's expensive_uniqueify, the old headroom moves along with the data (Unstrip
     * after a copy-on-write must see the bytes Strip left behind); new room before it is
     * zeroed. The tailroom is not copied (no element reads it back). */
    uint32_t oldhead = (uint32_t)(p->data - p->head);
    uint32_t keep = oldhead <= headroom ? oldhead : headroom;
    memset(nb->bytes, 0, headroom - keep);
    memcpy(ndata - keep, p->data - keep, (size_t)keep + p->len);
    /* Header positions keep their distance from the data. */
    ptrdiff_t shift = (ndata - nb->bytes) - (p->data - p->head);
    if (p->mac_off >= 0)
        p->mac_off += (int32_t)shift;
    if (p->nh_off >= 0)
        p->nh_off += (int32_t)shift;
    if (p->th_off >= 0)
        p->th_off += (int32_t)shift;
    spare_put(pool, p->buf);
    p->buf = nb;
    p->head = nb->bytes;
    p->end = nb->bytes + size;
    p->data = ndata;
    return p;
}

ck_packet *ck_packet_uniqueify(ck_packet *p)
{
    if (CK_LIKELY(ref_get(p->buf) == 1))
        return p;
    return reallocate(p, ck_packet_headroom(p), ck_packet_tailroom(p));
}

ck_packet *ck_packet_push(ck_packet *p, uint32_t n)
{
    if (CK_LIKELY(ref_get(p->buf) == 1 && ck_packet_headroom(p) >= n)) {
        p->data -= n;
        p->len += n;
        return p;
    }
    /* Like Click's expensive_push: make room for n plus the default headroom. */
    uint32_t room = ck_packet_headroom(p) >= n ? ck_packet_headroom(p) : n + CK_HEADROOM;
    if (!reallocate(p, room, ck_packet_tailroom(p)))
        return NULL;
    p->data -= n;
    p->len += n;
    return p;
}

ck_packet *ck_packet_put(ck_packet *p, uint32_t n)
{
    if (CK_LIKELY(ref_get(p->buf) == 1 && ck_packet_tailroom(p) >= n)) {
        p->len += n;
        return p;
    }
    uint32_t room = ck_packet_tailroom(p) >= n ? ck_packet_tailroom(p) : n + 64;
    if (!reallocate(p, ck_packet_headroom(p), room))
        return NULL;
    p->len += n;
    return p;
}

void ck_pool_get_thread_stats(int thread, ck_pool_stats *out)
{
    memset(out, 0, sizeof *out);
    if (thread >= 0 && thread < CK_MAX_THREADS)
        *out = pools(thread)->stats;
}

void ck_pool_get_stats(ck_pool_stats *out)
{
    memset(out, 0, sizeof *out);
    for (int i = 0; i < CK_MAX_THREADS; i++) {
        const ck_pool_stats *t = &pools(i)->stats;
        out->allocated += t->allocated;
        out->freed += t->freed;
        out->malloced += t->malloced;
        out->depot_puts += t->depot_puts;
        out->depot_gets += t->depot_gets;
        out->wrapped += t->wrapped;
        out->detached += t->detached;
    }
}

int64_t ck_pool_outstanding(void)
{
    ck_pool_stats s;
    ck_pool_get_stats(&s);
    return (int64_t)(s.allocated - s.freed);
}

/* Free a pooled header's buffer unless it lives in a slab. */
static void drop_buffer(ck_buffer *b)
{
    if (b && b->slab == CK_BUFFER_MALLOC)
        free(b);
}

/* Release every pooled header and buffer and every slab (after the run; no thread runs). */
void ck_pool_cleanup(void)
{
    pthread_mutex_lock(&depot.lock);
    for (size_t i = 0; i < depot.nbatches; i++) {
        for (uint32_t k = 0; k < CK_POOL_BATCH; k++)
            drop_buffer(depot.batches[i]->p[k]->buf);
        free(depot.batches[i]);
    }
    free(depot.batches);
    depot.batches = NULL;
    depot.nbatches = depot.cap = 0;
    for (size_t i = 0; i < depot.nspare; i++)
        free(depot.spare[i]);
    free(depot.spare);
    depot.spare = NULL;
    depot.nspare = depot.spare_cap = 0;
    depot.buffers = NULL; /* slab buffers only */
    depot.nbuffers = 0;
    pthread_mutex_unlock(&depot.lock);
    for (int h = 0; h < CK_MAX_THREADS; h++)
        for (int f = 0; f < CK_MAX_THREADS; f++) {
            ck_return_ring *r = atomic_load_explicit(&rings[h][f], memory_order_acquire);
            if (!r)
                continue;
            for (uint32_t i = atomic_load_explicit(&r->head, memory_order_relaxed); i != r->wtail; i++)
                drop_buffer(r->slot[i & (CK_RETURN_RING - 1)]->buf);
            atomic_store_explicit(&rings[h][f], NULL, memory_order_relaxed);
            free(r);
        }
    for (int i = 0; i < CK_MAX_THREADS; i++) {
        ck_pool *pool = pools(i);
        while (pool->count > 0)
            drop_buffer(pool->stack[--pool->count]->buf);
        free(pool->stack);
        pool->stack = NULL;
        pool->cap = 0;
        while (pool->nspare > 0)
            drop_buffer(pool->spare[--pool->nspare]);
    }
    /* Headers of one thread's slabs may sit on another's list: slabs go last. */
    for (int i = 0; i < CK_MAX_THREADS; i++) {
        ck_pool *pool = pools(i);
        while (pool->slabs) {
            ck_slab *s = pool->slabs;
            pool->slabs = s->next;
            if (s->numa)
                numa_free(s, s->size);
            else
                free(s);
        }
    }
}
