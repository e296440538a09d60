/*
 * clickc runtime: the C library every router compiled by clickc links.
 *
 * docs/c-interface.md is the contract between the generated router.c, this runtime and the
 * element templates (elements/<group>/<class>.c); docs/runtime.md describes the runtime.
 *
 * Terms and layouts follow Click: a packet has headroom and tailroom around its data, a
 * 48-byte annotation area at Click's offsets (include/click/packet_anno.hh), a timestamp and
 * network/transport header positions; clones share data by reference count (Packet::clone,
 * Packet::uniqueify).  Packet buffers come from a per-thread free list kept as a circular
 * array (SMP Click, section 4.4).  A router runs on `nthreads` threads (`-j N`), each with its
 * own task list; runtime/ring.h has the rings Queues use between threads.
 */
#ifndef CLICKC_H
#define CLICKC_H

#include <stdio.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) || defined(__clang__)
#define CK_UNUSED __attribute__((unused))
#define CK_LIKELY(x) __builtin_expect(!!(x), 1)
#define CK_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define CK_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define CK_UNUSED
#define CK_LIKELY(x) (x)
#define CK_UNLIKELY(x) (x)
#define CK_PRINTF(f, a)
#endif

/* ------------------------------------------------------------------------------------------
 * Annotations: Click's 48-byte area, Click's offsets (include/click/packet_anno.hh).
 * ---------------------------------------------------------------------------------------- */
#define CK_ANNO_SIZE 48
#define DST_IP_ANNO_OFFSET 0
#define DST_IP_ANNO_SIZE 4
#define DST_IP6_ANNO_OFFSET 0
#define DST_IP6_ANNO_SIZE 16
#define PAINT_ANNO_OFFSET 16
#define PAINT_ANNO_SIZE 1
#define ICMP_PARAMPROB_ANNO_OFFSET 17
#define ICMP_PARAMPROB_ANNO_SIZE 1
#define FIX_IP_SRC_ANNO_OFFSET 19
#define FIX_IP_SRC_ANNO_SIZE 1
#define VLAN_TCI_ANNO_OFFSET 20
#define VLAN_TCI_ANNO_SIZE 2
#define AGGREGATE_ANNO_OFFSET 20
#define AGGREGATE_ANNO_SIZE 4
#define FWD_RATE_ANNO_OFFSET 20
#define MISC_IP_ANNO_OFFSET 20
#define EXTRA_PACKETS_ANNO_OFFSET 24
#define EXTRA_PACKETS_ANNO_SIZE 4
#define REV_RATE_ANNO_OFFSET 24
#define SEND_ERR_ANNO_OFFSET 26
#define GRID_ROUTE_CB_ANNO_OFFSET 27
#define IPREASSEMBLER_ANNO_OFFSET 28
#define EXTRA_LENGTH_ANNO_OFFSET 28
#define EXTRA_LENGTH_ANNO_SIZE 4
#define FIRST_TIMESTAMP_ANNO_OFFSET 32
#define FIRST_TIMESTAMP_ANNO_SIZE 8

/* Click's Packet::PacketType (packet_type_anno), kept outside the 48-byte area as in Click. */
enum {
    CK_PACKET_HOST = 0,
    CK_PACKET_BROADCAST = 1,
    CK_PACKET_MULTICAST = 2,
    CK_PACKET_OTHERHOST = 3,
    CK_PACKET_OUTGOING = 4,
    CK_PACKET_LOOPBACK = 5,
    CK_PACKET_FASTROUTE = 6
};

/* ------------------------------------------------------------------------------------------
 * Packets
 * ---------------------------------------------------------------------------------------- */

/* Headroom left in front of new packets (Click's default_headroom is 28 at user level; more
 * room lets encapsulations push without copying). */
#define CK_HEADROOM 64
/* Size of a standard pooled buffer (headroom + data + tailroom). Larger packets get a buffer
 * of their own, freed when the last reference goes. */
#define CK_BUFFER_SIZE 2048
/* Capacity of each thread's free list (a circular array of packet pointers). */
#define CK_POOL_CAPACITY 4096
/* Maximum number of threads the runtime's per-thread tables hold. */
#define CK_MAX_THREADS 64

/* Reference-counted packet data, shared between clones. The bytes follow the header.
 * Packets move between threads only through Queues whose ring crosses threads; such a Queue
 * marks the buffer (`mt`, ck_packet_mark_crossing) before it publishes the packet, and from
 * then on the count changes with atomic read-modify-write, since clones may die on different
 * threads. Before that only the allocating thread holds references, so the count changes with
 * plain (relaxed) loads and stores: a single-threaded router pays no lock prefix. */
typedef struct ck_buffer {
    _Atomic uint32_t refcnt;
    uint32_t size;        /* bytes in `bytes` */
    uint32_t slab;        /* CK_BUFFER_MALLOC, CK_BUFFER_SLAB or CK_BUFFER_EXTERNAL */
    _Atomic uint32_t mt;  /* 1: references may be held by several threads */
    unsigned char bytes[];
} ck_buffer;

/* Where a buffer's memory comes from (ck_buffer.slab), i.e. what happens when its last
 * reference goes: */
#define CK_BUFFER_MALLOC 0u   /* free() */
#define CK_BUFFER_SLAB 1u     /* back to a pool's spare stack or the depot (packet.c) */
/* Memory of an I/O library (a DPDK mbuf's data room: runtime/io_dpdk.h).  The ck_buffer header
 * sits at the start of that memory, inside the library's headroom; the last reference calls
 * ck_buffer_external_release, which the I/O code sets before it makes the first such buffer.
 * Never standard-sized (its `size` differs from CK_BUFFER_SIZE), so the pools never keep one. */
#define CK_BUFFER_EXTERNAL 2u
extern void (*ck_buffer_external_release)(ck_buffer *b);

typedef struct ck_packet {
    unsigned char *data; /* first byte of packet data */
    uint32_t len;        /* data length in bytes */
    uint8_t packet_type; /* Click's packet_type_anno (CK_PACKET_*) */
    uint8_t thread;      /* thread whose pool owns this packet header */
    uint16_t flags;
    unsigned char *head; /* first byte of the buffer (headroom = data - head) */
    unsigned char *end;  /* one past the last byte of the buffer (tailroom = end - data - len) */
    ck_buffer *buf;      /* shared data (NULL only while in the pool without a buffer) */
    int64_t ts_ns;       /* timestamp annotation: nanoseconds since the epoch, 0 = unset */
    int32_t mac_off;     /* MAC header position, bytes from head; -1 when unset */
    int32_t nh_off;      /* network header position, bytes from head; -1 when unset */
    int32_t th_off;      /* transport header position, bytes from head; -1 when unset */
    int32_t vidx;        /* index in the burst a vector region is processing (docs/batching.md) */
    struct ck_packet *next; /* free for the current holder (queues, batches) */
    _Alignas(8) unsigned char anno[CK_ANNO_SIZE]; /* Click's annotation area */
} ck_packet;

/* Allocation and freeing (packet.c). Every packet is freed exactly once. A new packet's
 * annotations are cleared and its header positions unset (Click's Packet::make:
 * clear_annotations), and its headroom is zeroed (so Unstrip-like elements expose defined
 * bytes; Click leaves it uninitialized). The generated router uses the inline fast paths
 * below (CK_POOL_INLINE); these are the complete out-of-line versions. */
ck_packet *ck_packet_alloc(uint32_t len);
ck_packet *ck_packet_alloc_room(uint32_t headroom, uint32_t len, uint32_t tailroom);
ck_packet *ck_packet_make(const void *data, uint32_t len); /* alloc + copy */
void ck_packet_kill(ck_packet *p);
ck_packet *ck_packet_clone(ck_packet *p);
/* Copy-on-write: after this call the packet's data is not shared. Returns p, or NULL (p freed)
 * when memory ran out. */
ck_packet *ck_packet_uniqueify(ck_packet *p);
/* Grow by n bytes at the front (Click's Packet::push); uniqueifies; may move the data to a
 * new buffer. Returns p, or NULL (p freed) when memory ran out. */
ck_packet *ck_packet_push(ck_packet *p, uint32_t n);
/* Grow by n bytes at the end (Click's Packet::put); same rules as ck_packet_push. */
ck_packet *ck_packet_put(ck_packet *p, uint32_t n);
/* Shrink at the front (Click's Packet::pull); n is clamped to len. */
static inline void ck_packet_pull(ck_packet *p, uint32_t n) {
    if (n > p->len) n = p->len;
    p->data += n;
    p->len -= n;
}
/* Shrink at the end (Click's Packet::take); n is clamped to len. */
static inline void ck_packet_take(ck_packet *p, uint32_t n) {
    if (n > p->len) n = p->len;
    p->len -= n;
}
/* Pool accounting (for leak reports and tests); each thread counts its own, the sums are exact
 * once the threads have stopped. */
typedef struct ck_pool_stats {
    uint64_t allocated; /* packets handed out (alloc, clone) */
    uint64_t freed;     /* packets killed */
    uint64_t malloced;  /* packet headers carved from newly allocated slabs (pool empty) */
    uint64_t depot_puts, depot_gets; /* batches handed to / taken from other threads (the
                                      * shared depot, or a return ring: packet.c) */
    uint64_t wrapped;   /* packets made around an I/O library's buffer (ck_packet_wrap) */
    uint64_t detached;  /* packets whose buffer went back to that library (ck_packet_detach) */
} ck_pool_stats;
void ck_pool_get_stats(ck_pool_stats *out); /* summed over threads */
void ck_pool_get_thread_stats(int thread, ck_pool_stats *out);

/* A thread's packet pool (packet.c; SMP Click section 4.4). The free list is a stack: the
 * header freed last is handed out first, so its cache lines and its buffer's are still hot
 * (a first-in first-out list hands out the coldest). Only the owning thread touches its pool;
 * the shared depot (packet.c) balances threads that free more than they allocate. */
#define CK_POOL_SPARE_BUFFERS 256
typedef struct ck_pool {
    ck_packet **stack;  /* CK_POOL_CAPACITY slots; stack[count - 1] is the top */
    uint32_t count;     /* pooled headers */
    uint32_t cap;       /* CK_POOL_CAPACITY once `stack` is allocated, 0 before */
    ck_pool_stats stats;
    /* Standard buffers detached from headers (a clone reused a header that had one); headers
     * without a buffer take one from here before asking malloc. */
    ck_buffer *spare[CK_POOL_SPARE_BUFFERS];
    uint32_t nspare;
    int node;           /* NUMA node of the thread's CPU, -1 when unknown */
    struct ck_slab *slabs;
} ck_pool;
/* One per thread, each on its own cache lines. */
typedef struct ck_pool_slot {
    _Alignas(64) ck_pool pool;
} ck_pool_slot;
extern ck_pool_slot ck_pools[CK_MAX_THREADS];
extern _Thread_local int ck_thread_id;

/* Set up a header taken from the pool for a new packet whose data is b->bytes + headroom, len
 * bytes: Click's cleared annotations, unset header positions; the headroom is left as it is. */
static inline void ck_packet_init_header(ck_packet *p, ck_buffer *b, uint32_t headroom, uint32_t len)
{
    p->data = b->bytes + headroom;
    p->len = len;
    p->packet_type = CK_PACKET_HOST;
    p->thread = (uint8_t)ck_thread_id;
    p->flags = 0;
    p->head = b->bytes;
    p->end = b->bytes + CK_BUFFER_SIZE;
    p->ts_ns = 0;
    p->mac_off = p->nh_off = p->th_off = -1;
    p->next = NULL;
    memset(p->anno, 0, sizeof p->anno);
}

/* Set up a header taken from the pool with its own standard buffer b for a new packet
 * (ck_packet_init_header, and the headroom zeroed). */
static inline void ck_packet_init_fresh(ck_packet *p, ck_buffer *b, uint32_t headroom, uint32_t len)
{
    ck_packet_init_header(p, b, headroom, len);
    memset(b->bytes, 0, headroom);
}

/* Fast path of ck_packet_alloc_room: the top header of this thread's stack and the standard
 * buffer it kept (every pooled buffer is unshared, standard-sized and not marked `mt`: see
 * ck_packet_kill_inline). Anything else takes the out-of-line path. */
static inline ck_packet *ck_packet_alloc_room_inline(uint32_t headroom, uint32_t len, uint32_t tailroom)
{
    ck_pool *pool = &ck_pools[ck_thread_id].pool;
    uint32_t n = pool->count;
    if (CK_LIKELY(n > 0 && (uint64_t)headroom + len + tailroom <= CK_BUFFER_SIZE)) {
        ck_packet *p = pool->stack[n - 1];
        ck_buffer *b = p->buf;
        if (CK_LIKELY(b != NULL)) {
            pool->count = n - 1;
            pool->stats.allocated++;
            ck_packet_init_fresh(p, b, headroom, len);
            return p;
        }
    }
    return ck_packet_alloc_room(headroom, len, tailroom);
}

/* Fast path of ck_packet_kill: an unshared standard buffer not marked `mt` stays with its
 * header, which goes on top of the stack. Shared, oversized or marked buffers, and a full
 * stack, take the out-of-line path. */
static inline void ck_packet_kill_inline(ck_packet *p)
{
    ck_pool *pool = &ck_pools[ck_thread_id].pool;
    ck_buffer *b = p->buf;
    uint32_t n = pool->count;
    if (CK_LIKELY(n < pool->cap && b->size == CK_BUFFER_SIZE &&
                  atomic_load_explicit(&b->refcnt, memory_order_acquire) == 1 &&
                  !atomic_load_explicit(&b->mt, memory_order_relaxed))) {
        pool->stack[n] = p;
        pool->count = n + 1;
        pool->stats.freed++;
        return;
    }
    ck_packet_kill(p);
}

static inline ck_packet *ck_packet_make_inline(const void *data, uint32_t len)
{
    ck_packet *p = ck_packet_alloc_room_inline(CK_HEADROOM, len, 0);
    if (p && len)
        memcpy(p->data, data, len);
    return p;
}

/* The generated router (router.c.j2 defines CK_POOL_INLINE) calls the inline fast paths;
 * the runtime's own files and test harnesses see plain functions. */
#ifdef CK_POOL_INLINE
#define ck_packet_alloc_room(h, l, t) ck_packet_alloc_room_inline((h), (l), (t))
#define ck_packet_alloc(l) ck_packet_alloc_room_inline(CK_HEADROOM, (l), 0)
#define ck_packet_make(d, l) ck_packet_make_inline((d), (l))
#define ck_packet_kill(p) ck_packet_kill_inline(p)
#endif

/* A packet enters a ring another thread pulls from (elements/standard/queue.c). */
static inline void ck_packet_mark_crossing(ck_packet *p)
{
    if (!atomic_load_explicit(&p->buf->mt, memory_order_relaxed))
        atomic_store_explicit(&p->buf->mt, 1, memory_order_relaxed);
}
static inline int ck_packet_shared(const ck_packet *p)
{
    return atomic_load_explicit(&p->buf->refcnt, memory_order_acquire) > 1;
}
static inline uint32_t ck_packet_headroom(const ck_packet *p) { return (uint32_t)(p->data - p->head); }
static inline uint32_t ck_packet_tailroom(const ck_packet *p) {
    return (uint32_t)(p->end - p->data) - p->len;
}

/* Header positions (Click's set_mac_header / set_network_header / network_header_offset). */
static inline void ck_set_mac_header(ck_packet *p, const unsigned char *h) {
    p->mac_off = (int32_t)(h - p->head);
}
/* Click's set_mac_header(h, len) and set_ether_header(h) (len 14): the MAC header at h and the
 * network header len bytes after it (the transport header stays as it was). */
static inline void ck_set_mac_header_len(ck_packet *p, const unsigned char *h, uint32_t len) {
    p->mac_off = (int32_t)(h - p->head);
    p->nh_off = p->mac_off + (int32_t)len;
}
static inline void ck_set_network_header(ck_packet *p, const unsigned char *h, uint32_t len) {
    p->nh_off = (int32_t)(h - p->head);
    p->th_off = p->nh_off + (int32_t)len;
}
static inline unsigned char *ck_mac_header(const ck_packet *p) {
    return p->mac_off < 0 ? NULL : p->head + p->mac_off;
}
static inline unsigned char *ck_network_header(const ck_packet *p) {
    return p->nh_off < 0 ? NULL : p->head + p->nh_off;
}
static inline unsigned char *ck_transport_header(const ck_packet *p) {
    return p->th_off < 0 ? NULL : p->head + p->th_off;
}
/* Offset of the network header from the start of the data, as Click's network_header_offset. */
static inline int ck_network_header_offset(const ck_packet *p) {
    return p->nh_off - (int)(p->data - p->head);
}

/* Annotation accessors (Click's anno_u8/anno_u16/anno_u32, host byte order, unaligned-safe). */
static inline uint8_t ck_anno_u8(const ck_packet *p, int off) { return p->anno[off]; }
static inline void ck_set_anno_u8(ck_packet *p, int off, uint8_t v) { p->anno[off] = v; }
static inline uint16_t ck_anno_u16(const ck_packet *p, int off) {
    uint16_t v;
    memcpy(&v, p->anno + off, 2);
    return v;
}
static inline void ck_set_anno_u16(ck_packet *p, int off, uint16_t v) { memcpy(p->anno + off, &v, 2); }
static inline uint32_t ck_anno_u32(const ck_packet *p, int off) {
    uint32_t v;
    memcpy(&v, p->anno + off, 4);
    return v;
}
static inline void ck_set_anno_u32(ck_packet *p, int off, uint32_t v) { memcpy(p->anno + off, &v, 4); }

/* Prepare the pools of threads 0..nthreads-1 (NUMA node memory; ck_run calls it). */
void ck_pool_setup(int nthreads);
/* A thread pinned to `cpu` (-1: not pinned) starts: its slabs come from that CPU's node. */
void ck_pool_thread_start(int thread, int cpu);
/* Nonzero while several threads run (tables that grow on demand, such as drop counts, stay
 * fixed then). */
extern int ck_multithreaded;
int64_t ck_pool_outstanding(void);          /* allocated - freed */
/* Zero-copy I/O (docs/io.md, "Zero-copy DPDK").  ck_packet_wrap: a new packet (a pooled
 * header) whose data is the external buffer b (b->slab == CK_BUFFER_EXTERNAL, b->size its
 * bytes, which the caller set; the packet takes the caller's one reference): data at
 * b->bytes + headroom, len bytes; annotations cleared as ck_packet_alloc, but the headroom
 * is left as the I/O library had it (zeroing it would write cache lines no driver touched:
 * docs/io.md).  NULL (b untouched) when no header can be had.
 * ck_packet_detach: the opposite at transmit time.  When p holds the only reference to an
 * external buffer, frees p's header and returns the buffer (the caller now owns it and hands
 * its memory to the I/O library without calling ck_buffer_external_release); otherwise
 * returns NULL and leaves p alone (the caller copies). */
ck_packet *ck_packet_wrap(ck_buffer *b, uint32_t headroom, uint32_t len);
ck_buffer *ck_packet_detach(ck_packet *p);

/* Fast path of ck_packet_wrap: the top header of this thread's stack when it holds no buffer
 * (a detached header: the steady state of zero-copy forwarding). */
static inline ck_packet *ck_packet_wrap_inline(ck_buffer *b, uint32_t headroom, uint32_t len)
{
    ck_pool *pool = &ck_pools[ck_thread_id].pool;
    uint32_t n = pool->count;
    if (CK_LIKELY(n > 0)) {
        ck_packet *p = pool->stack[n - 1];
        if (CK_LIKELY(p->buf == NULL)) {
            pool->count = n - 1;
            pool->stats.allocated++;
            pool->stats.wrapped++;
            p->buf = b;
            ck_packet_init_header(p, b, headroom, len);
            p->end = b->bytes + b->size;
            return p;
        }
    }
    return ck_packet_wrap(b, headroom, len);
}

/* Fast path of ck_packet_detach: the header goes on top of the stack when there is room. */
static inline ck_buffer *ck_packet_detach_inline(ck_packet *p)
{
    ck_buffer *b = p->buf;
    if (b->slab != CK_BUFFER_EXTERNAL || atomic_load_explicit(&b->refcnt, memory_order_acquire) != 1)
        return NULL;
    ck_pool *pool = &ck_pools[ck_thread_id].pool;
    uint32_t n = pool->count;
    if (CK_LIKELY(n < pool->cap)) {
        pool->stats.freed++;
        pool->stats.detached++;
        p->buf = NULL;
        pool->stack[n] = p;
        pool->count = n + 1;
        return b;
    }
    return ck_packet_detach(p);
}

#ifdef CK_POOL_INLINE
#define ck_packet_wrap(b, h, l) ck_packet_wrap_inline((b), (h), (l))
#define ck_packet_detach(p) ck_packet_detach_inline(p)
#endif
void ck_pool_cleanup(void);                 /* release every pooled header and buffer */

/* ------------------------------------------------------------------------------------------
 * Text buffers (handler values) and errors
 * ---------------------------------------------------------------------------------------- */
typedef struct ck_buf {
    char *s;
    size_t len, cap;
} ck_buf;
void ck_buf_init(ck_buf *b);
void ck_buf_free(ck_buf *b);
void ck_buf_clear(ck_buf *b);
void ck_buf_append(ck_buf *b, const char *s, size_t n);
void ck_buf_puts(ck_buf *b, const char *s);
void ck_buf_printf(ck_buf *b, const char *fmt, ...) CK_PRINTF(2, 3);
/* The text, NUL-terminated (an empty string when nothing was appended). */
const char *ck_buf_str(ck_buf *b);

/* An error handler in Click's style. `landmark` prefixes messages ("file:line"); when `context`
 * is set it is printed once, before the first message, and messages are then indented by two
 * spaces (Click's ContextErrorHandler: "f:1: While initializing 'x :: X':\n  message").
 * A handler made by ck_errh_child reports through `parent`: the parent's context first, then
 * its own one level deeper ("While calling 'rt.lookup':" inside a Script's "While executing"),
 * and its errors and warnings count in the parent too. */
typedef struct ck_errh {
    const char *landmark;
    const char *context;
    int context_printed;
    int nerrors;
    int nwarnings;
    struct ck_errh *parent; /* NULL unless made by ck_errh_child */
} ck_errh;
void ck_errh_init(ck_errh *errh, const char *landmark, const char *context);
/* `child` reports under `parent` with the extra context line `context` (no landmark). */
void ck_errh_child(ck_errh *child, ck_errh *parent, const char *context);
int ck_error(ck_errh *errh, const char *fmt, ...) CK_PRINTF(2, 3);   /* returns -1 */
int ck_warning(ck_errh *errh, const char *fmt, ...) CK_PRINTF(2, 3); /* returns 0 */
/* Like ck_error but with another landmark (Click's FromFile errors name the file). */
int ck_error_at(ck_errh *errh, const char *landmark, const char *fmt, ...) CK_PRINTF(3, 4);
/* Like ck_warning but with another landmark (Click's FromFile::warning names the file:
 * "FILE:   warning: ..." under an element's context). */
int ck_warning_at(ck_errh *errh, const char *landmark, const char *fmt, ...) CK_PRINTF(3, 4);
/* Information under errh's context, neither error nor warning (Click's ErrorHandler::message);
 * returns 0. */
int ck_message(ck_errh *errh, const char *fmt, ...) CK_PRINTF(2, 3);
/* strdup (C11 has none); aborts when memory runs out. */
char *ck_strdup(const char *s);
/* Click's click_chatter: one line on standard error. */
void ck_chatter(const char *fmt, ...) CK_PRINTF(1, 2);
/* Warnings are suppressed by the program's -w option. */
extern int ck_warnings_enabled;

/* ------------------------------------------------------------------------------------------
 * Router description provided by the generated code, and the program entry point
 * ---------------------------------------------------------------------------------------- */
typedef int (*ck_read_fn)(ck_buf *out);
typedef int (*ck_write_fn)(const char *value, ck_errh *errh);

/* One element instance (docs/c-interface.md, "What the generated program hands the runtime"). */
typedef struct ck_element_def {
    const char *name, *class_name, *landmark, *config; /* config: text after substitution */
    int index, thread, ninputs, noutputs;
    const char *input_kinds, *output_kinds; /* one char per port: 'h' push, 'l' pull */
    uint64_t *in_packets, *out_packets;     /* [ninputs], [noutputs]; kept by generated code */
    int (*init)(ck_errh *errh);             /* NULL when the class has none */
    void (*cleanup)(void);                  /* NULL when none */
    int (*run_task)(void);                  /* NULL unless schedulable */
    /* A task that listens to an empty notifier (Click's Notifier::upstream_empty_signal): 1
     * when every Queue upstream of its pull input is empty, so that a run that moved nothing
     * lets it sleep until one of them wakes it (ck_task_wake); for a source that listens to a
     * full notifier (Notifier::downstream_full_signal), 1 when every Queue downstream is full,
     * until a pull from one wakes it; NULL for every other element. */
    int (*upstream_empty)(void);
    /* A flow-split replica that shares another replica's state (ELEMENT_STATE_OF, a route
     * table; docs/c-interface.md "Replicas that share state"): 1 + that replica's index; 0
     * when the element has its own.  A replica group's handler calls skip sharers. */
    int state_owner;
} ck_element_def;

/* A read handler with CK_HANDLER_READ_PARAM takes a parameter (Click's Handler::f_read_param,
 * e.g. a route table's `lookup ADDR`): its buffer holds the parameter on entry and the value on
 * return; on failure it returns a negative errno and leaves Click's error message (or nothing)
 * in the buffer.  Other read handlers refuse a parameter (docs/c-interface.md). */
#define CK_HANDLER_READ_PARAM 1
typedef struct ck_handler_def {
    const char *element, *name;                     /* flat element name, handler name */
    int (*read)(ck_buf *out);                       /* NULL when write-only */
    int (*write)(const char *value, ck_errh *errh); /* NULL when read-only */
    int flags;                                      /* CK_HANDLER_READ_PARAM or 0 */
} ck_handler_def;

typedef struct ck_router_def {
    const char *config_file, *clickc_version;
    int nelements;
    const ck_element_def *elements; /* in index order */
    int nhandlers;
    const ck_handler_def *handlers; /* element-specific handlers only */
    /* NAME=VALUE from the command line: returns 0 when applied, -1 after reporting. */
    int (*set_param)(const char *name, const char *value, ck_errh *errh);
    const char *params_help; /* lines "NAME=DEFAULT  description" */
    int nthreads;            /* threads the router runs on (-j N); 0 is taken as 1 */
    int rings;               /* Queues on a ring between threads (sched.c's idle back-off) */
    /* The flat configuration as Click's driver unparses it: the global handlers "config" and
     * "flatconfig" (NULL: they are absent). */
    const char *flat_config;
    /* --adapt: element indices (ending with -1) of tasks it must leave on their thread, because
     * they share an element that one thread only may execute (passes/placement.py
     * exclusive_groups); NULL: none. */
    const int *pinned;
} ck_router_def;

/* The program: parses argv (NAME=VALUE, -h ELEM.HANDLER, -q, -w, -x, -t, --stats[=FILE]),
 * initializes every element in index order, runs the scheduler, prints -h handlers, cleans
 * up, writes --stats. Returns the exit status (0; 1 after an initialization or handler error). */
int ck_main(const ck_router_def *router, int argc, char **argv);
/* Called by ck_main after the run and the -h/-x/--stats output, before any element's
   cleanup (while every element still holds its state); NULL by default. A negative return
   makes the exit status 1. Set by the profiler (runtime/profile.h). */
extern int (*ck_before_cleanup_hook)(const ck_router_def *router);
/* JSON output shared by --stats and the profiler (runtime/main.c): a string literal with
   quotes, backslashes and control characters escaped; an array of n counts (zeros when v is
   NULL). */
void ck_json_string(FILE *f, const char *s);
void ck_json_counts(FILE *f, const uint64_t *v, int n);
/* The router being run (NULL outside ck_main, or set by ck_router_attach for harnesses). */
extern const ck_router_def *ck_current_router;
/* Install a router without running ck_main (test harnesses): sizes the statistics tables and
 * makes handlers callable. */
void ck_router_attach(const ck_router_def *router);
/* Index of the element named `name`, or -1. */
int ck_element_find(const char *name);

/* ------------------------------------------------------------------------------------------
 * Statistics and drops
 * ---------------------------------------------------------------------------------------- */
/* Drop accounting: every thread counts in its own table (one row per element, up to
 * CK_DROP_REASONS reasons each, then "other"), summed when read, so counting needs no lock and
 * no atomic read-modify-write. A row remembers the slot of the last reason it counted: reasons
 * are string literals, so a pointer comparison almost always hits (handlers.c). */
#define CK_DROP_REASONS 8
typedef struct ck_drop_row {
    const char *reason[CK_DROP_REASONS];
    _Atomic uint64_t count[CK_DROP_REASONS];
    _Atomic uint64_t other; /* drops beyond CK_DROP_REASONS distinct reasons */
    uint32_t last;          /* slot of the last reason counted */
    uint32_t pad;
} ck_drop_row;
extern _Thread_local ck_drop_row *ck_drop_table; /* the calling thread's table, NULL before
                                                   its first drop */
extern int ck_drop_nelements;
void ck_count_drop_slow(int elem, const char *reason);
/* Count a drop of one packet by element `elem` with a reason (a string literal; compared by
 * pointer first, then by content). Does not free the packet: ck_drop does both. */
static inline void ck_count_drop(int elem, const char *reason)
{
    ck_drop_row *t = ck_drop_table;
    if (CK_LIKELY(t != NULL && elem >= 0 && elem < ck_drop_nelements)) {
        ck_drop_row *d = &t[elem];
        uint32_t i = d->last;
        if (CK_LIKELY(d->reason[i] == reason)) {
            /* only this thread writes its row: a relaxed load and store, no lock prefix */
            atomic_store_explicit(&d->count[i], atomic_load_explicit(&d->count[i], memory_order_relaxed) + 1,
                                  memory_order_relaxed);
            return;
        }
    }
    ck_count_drop_slow(elem, reason);
}
static inline void ck_drop(ck_packet *p, int elem, const char *reason) {
    ck_packet_kill(p);
    ck_count_drop(elem, reason);
}
uint64_t ck_drops_of(int elem); /* all reasons, all threads */

/* Per-thread counters; `packets` counts packets entering the router (sources call
 * ck_source_count), `task_calls`/`task_packets` what the scheduler saw. */
typedef struct ck_thread_stats {
    uint64_t packets;
    uint64_t task_calls;
    uint64_t task_packets;
    int64_t start_ns, stop_ns;         /* CLOCK_MONOTONIC around the task loop */
    int64_t cpu_start_ns, cpu_stop_ns; /* CLOCK_THREAD_CPUTIME_ID around the task loop */
    uint64_t busy_rounds, idle_rounds; /* rounds that moved packets / moved none */
    uint64_t sleeps;                   /* back-off sleeps (nanosleep calls) */
    int cpu;                           /* CPU the thread was pinned to, -1 when not pinned */
    char pad[128 - 10 * 8 - 4];
} ck_thread_stats;
extern ck_thread_stats ck_thread_stats_table[CK_MAX_THREADS];
extern _Thread_local int ck_thread_id;
static inline void ck_source_count(uint64_t n) { ck_thread_stats_table[ck_thread_id].packets += n; }

/* ------------------------------------------------------------------------------------------
 * Tasks, timers, termination
 * ---------------------------------------------------------------------------------------- */
typedef int (*ck_task_fn)(void);
/* Register a schedulable element's task on a thread; returns the task's index. A task only ever
 * runs on its thread. */
int ck_task_register(ck_task_fn fn, int elem, int thread);
/* Sleeping tasks (docs/runtime.md): ck_task_asleep[elem] is 1 while element elem's task
 * sleeps on its empty upstream Queues; the scheduler skips it.  Written only by the thread
 * that runs the task and its Queues (the compiler lets only tasks whose Queues are local rings
 * sleep).  ck_task_wake is what a Queue's push into an empty queue calls (Click's
 * ActiveNotifier::wake).  NULL until ck_main sizes it for the router. */
extern unsigned char *ck_task_asleep;
static inline void ck_task_wake(int elem) { ck_task_asleep[elem] = 0; }
/* Threads the scheduler runs (ck_main sets it from the router's nthreads before init). */
void ck_set_nthreads(int n);
int ck_nthreads(void);
/* The same count as a variable, for checks on the packet path (element locks, standard/
 * ckstat.h): read-only once the router runs. */
extern int ck_router_nthreads;
/* Nonzero while worker threads other than the calling one may run (write handlers that are
 * unsafe under concurrency refuse then). */
int ck_threads_running(void);
/* A source becomes active (+1) or done (-1). The router stops when no source is active and a
 * whole round of tasks moved no packet (what can drain has drained) and no timer is pending. */
void ck_source_active(int delta);
int ck_sources_active(void);
/* Source groups: sources that read one stream together and end once, when the last of them
 * ends (FromDump's shards, docs/passes.md "Sharded file sources").  ck_source_group_join(key)
 * counts a member in at initialization; ck_source_group_leave(key) counts it out (at its end,
 * or at cleanup when it never ended) and returns how many members are left, so that the member
 * that sees 0 runs the group's end action (END_CALL, STOP).  Keys are compared as strings;
 * at most CK_SOURCE_GROUPS groups (join returns -1 beyond them, and the member then acts
 * alone).  Thread-safe (a mutex: joins and leaves are rare). */
#define CK_SOURCE_GROUPS 64
int ck_source_group_join(const char *key);
int ck_source_group_leave(const char *key);
/* Call fn(arg) once, the next time the count of active sources rises from zero (a handler
 * restarted a finished source), or now when a source is active already: an element that let
 * its timer lapse so that the router could end (TimedSink) resumes with it.  Returns 0, or -1
 * when too many callbacks wait (the caller then keeps its timer running). */
int ck_on_source_revive(void (*fn)(void *), void *arg);
/* Element elem's configuration as its `config` handler reads it: the compiled text, or what a
 * reconfiguring write handler made of it (ck_element_reconfigure_keyword). */
const char *ck_element_config(int elem);
/* Record a successful write of a handler Click implements with reconfigure_keyword_handler
 * ("ARGNO KEYWORD", lib/element.cc configuration_handler): the KEYWORD argument is replaced by
 * "KEYWORD value" at the end, or positional argument argno (>= 0) by value when it is no
 * keyword argument.  Returns 0, or -1 out of memory. */
int ck_element_reconfigure_keyword(int elem, int argno, const char *keyword, const char *value);
/* Ask the driver to stop (Click's Router::please_stop_driver). A stop hook (DriverManager,
 * Script's wait_stop) may absorb the request. */
void ck_router_stop(void);
/* Stop now, ignoring hooks (SIGINT, SIGTERM). */
void ck_router_stop_hard(void);
int ck_router_stopping(void);
/* A stop hook: called when a stop is requested; returns 1 when it absorbed the request (the
 * driver keeps running), 0 to let it stop the driver. One hook per router (Click allows one
 * DriverManager). */
void ck_set_stop_hook(int (*hook)(void));

/* A timer runs on one thread: the thread whose ck_thread_id was current at ck_timer_init
 * (element initialization runs with ck_thread_id set to the element's thread, so an element's
 * timers run where its task runs; Script and DriverManager are on thread 0 unless placed).
 * Scheduling from another thread is allowed (each thread's timer list has a lock). */
typedef struct ck_timer {
    void (*fn)(void *arg);
    void *arg;
    int64_t expiry_ns; /* ck_monotonic_ns() time */
    int scheduled;
    int thread;
    /* A background timer (set after ck_timer_init) runs at its times like any other but is no
     * work by itself: the router can be quiescent while it is pending, and under --simtime the
     * clock jumps to it only while other work remains (docs/runtime.md, "Termination"). */
    int background;
    struct ck_timer *next;
} ck_timer;
void ck_timer_init(ck_timer *t, void (*fn)(void *), void *arg);
void ck_timer_schedule_at(ck_timer *t, int64_t monotonic_ns);
void ck_timer_schedule_after(ck_timer *t, int64_t delta_ns);
void ck_timer_unschedule(ck_timer *t);

int ck_task_count(void);
void ck_task_stats(int i, int *elem, int *thread, uint64_t *calls, uint64_t *packets);
/* Run the router until stopped: starts threads 1..nthreads-1 (each pinned to a CPU), runs
 * thread 0's task loop on the calling thread, joins the others (ck_main calls it). */
void ck_run(void);
/* Reset scheduler state (tests). */
void ck_sched_reset(void);

/* Time: the one clock every time read goes through (docs/runtime.md, "Simulated time").
 * Under --simtime (ck_simtime_enable) both return the simulated time, which moves only when
 * the driver moves it. */
int64_t ck_now_ns(void);       /* CLOCK_REALTIME, or the simulated time */
int64_t ck_monotonic_ns(void); /* CLOCK_MONOTONIC, or the simulated time */
/* Simulated time from start_ns (nanoseconds since the epoch); before the elements initialize. */
void ck_simtime_enable(int64_t start_ns);
int ck_simtime_enabled(void);
/* The host's CLOCK_MONOTONIC even under --simtime: the driver's own measurement (-t). */
int64_t ck_real_monotonic_ns(void);
int64_t ck_thread_cpu_ns(void); /* CLOCK_THREAD_CPUTIME_ID: CPU time of the calling thread */

/* ------------------------------------------------------------------------------------------
 * Handlers
 * ---------------------------------------------------------------------------------------- */
/* A handler added at run time (Click's add_read_handler/add_write_handler at initialize, e.g.
 * Script's "export VAR"), found after the compiled table; the strings are copied.  Its
 * functions learn which handler is called from ck_handler_current (the dynamic handler last
 * looked up on the calling thread).  Returns 0, -1 when out of memory. */
int ck_handler_add(const char *element, const char *name, int (*read)(ck_buf *out),
                   int (*write)(const char *value, ck_errh *errh));
extern _Thread_local const ck_handler_def *ck_handler_current;
/* Call read handler "ELEM.NAME" (or a global handler "NAME"): appends the value to out;
 * returns 0, or -1 after reporting to errh (no such handler, write-only). */
int ck_handler_read(const char *full_name, ck_buf *out, ck_errh *errh);
/* The same with a parameter (Click's Handler::call_read(e, param, errh)); `param` NULL or ""
 * means none.  Returns 0; CK_HANDLER_EINIT after reporting that the call cannot be made (no such
 * handler, not readable, "read handler 'X' does not take parameters": Click's
 * HandlerCall::initialize fails); -1 after reporting the handler's own error (e.g. "expected IP
 * address"), when `out` is left as it was.  Errors are worded as Click's HandlerCall words them
 * ("no element named 'X'", "no 'X.H' read handler"). */
#define CK_HANDLER_EINIT (-2)
int ck_handler_read_param(const char *full_name, const char *param, ck_buf *out, ck_errh *errh);
/* Only the checks of ck_handler_read_param (Click's HandlerCall::initialize_read): 0, or
 * CK_HANDLER_EINIT after reporting why the call cannot be made.  Calls nothing. */
int ck_handler_check_read(const char *full_name, const char *param, ck_errh *errh);
/* Call write handler "ELEM.NAME" with value; returns 0 or -1 after reporting. */
int ck_handler_write(const char *full_name, const char *value, ck_errh *errh);
/* Only the checks of ck_handler_write (Click's HandlerCall::initialize_write): 0, or
 * CK_HANDLER_EINIT after reporting, in HandlerCall's words, why the call cannot be made ("no
 * element named 'X'", "no 'X.H' write handler").  Calls nothing. */
int ck_handler_check_write(const char *full_name, ck_errh *errh);
/* Call a write handler given as Click's HandlerCall text "ELEM.HANDLER [VALUE]" (END_CALL,
 * COUNT_CALL); "stop" is the router's stop handler.  The name is the first space-separated
 * word with its quotes removed, as HandlerCall::initialize takes it ("syntax error" when it is
 * empty).  Returns 0 or -1 after reporting. */
int ck_call_write_text(const char *call, ck_errh *errh);
/* Only the checks of ck_call_write_text (HandlerCall::initialize_write on the text): 0, or a
 * negative value after reporting.  Calls nothing. */
int ck_check_write_text(const char *call, ck_errh *errh);
/* Print handlers for -h in Click's format: one handler prints only its value; several print
 * "NAME:" then the value then a blank line. Patterns and class names expand as in Click.
 * Returns 0, or -1 if any failed. */
int ck_print_handlers(const char *const *names, int n);

/* Value parsing shared by elements and handlers (Click's BoolArg, IntArg, cp_time). */
int ck_parse_bool(const char *s, int *out);
int ck_parse_int64(const char *s, int64_t *out);
/* An unsigned number in Click's IntArg syntax (ck_intarg_unsigned); 0, or -1. */
int ck_parse_uint64(const char *s, uint64_t *out);
enum { CK_INTARG_OK = 0, CK_INTARG_INVAL = -1, CK_INTARG_RANGE = -2 };
/* Click's IntArg syntax for an unsigned value: an optional '+', then "0x"/"0X" hex, "0b"/"0B"
 * binary, a leading "0" octal, or decimal, with '_' allowed between digits; the whole
 * (trimmed) text must be the number.  Returns CK_INTARG_OK with *out set, CK_INTARG_INVAL
 * (Click's "invalid number"), or CK_INTARG_RANGE when the value exceeds max (*out = max). */
int ck_intarg_unsigned(const char *s, uint64_t max, uint64_t *out);
int ck_parse_double(const char *s, double *out);
/* Time interval with Click's units (s, ms, us, ns, min, h; default seconds) -> ns. */
int ck_parse_time_ns(const char *s, int64_t *out);

/* Offset of a named annotation (Click's AnnoArg names: PAINT, DST_IP, ...) or of a decimal
 * byte offset; -1 when unknown. */
int ck_anno_offset(const char *name);

/* Read-handler formatting helpers in Click's formats. */
void ck_unparse_bool(ck_buf *out, int v);                  /* "true"/"false" */
void ck_unparse_timestamp(ck_buf *out, int64_t ns);         /* "SEC.UUUUUU" or "SEC.NNNNNNNNN" (Timestamp::unparse) */
void ck_unparse_ether(ck_buf *out, const unsigned char *a); /* "00-11-22-33-44-55" */
/* Ethernet address "00:11:22:33:44:55" or "00-11-22-33-44-55" (Click's EtherAddressArg). */
int ck_parse_ether(const char *s, unsigned char out[6]);

/* Click's fixed-point unparsing (cp_unparse_real2): value / 2^frac_bits in shortest decimal. */
void ck_unparse_real2(ck_buf *out, uint64_t value, int frac_bits);
void ck_unparse_real2_signed(ck_buf *out, int64_t value, int frac_bits);

/* Jiffies (milliseconds of the monotonic clock, Click's click_jiffies at user level with
 * CLICK_HZ 1000). The scheduler refreshes a cached value once per round; outside the
 * scheduler the clock is read. */
#define CK_HZ 1000
extern _Thread_local uint32_t ck_jiffies_cached;
extern _Thread_local int ck_jiffies_live;
uint32_t ck_jiffies_read(void);
static inline uint32_t ck_jiffies(void) { return ck_jiffies_live ? ck_jiffies_cached : ck_jiffies_read(); }

/* Click's RateEWMAX<RateEWMAXParameters<STABILITY, SCALE, uint64_t, int64_t>> (ewma.hh): an
 * exponentially weighted moving average of events per jiffy. */
typedef struct ck_rate_ewma {
    uint32_t epoch;
    uint32_t stability, scale;
    uint64_t current;
    int64_t avg; /* scaled average */
} ck_rate_ewma;
void ck_rate_init(ck_rate_ewma *r, unsigned stability, unsigned scale);
void ck_rate_update_time(ck_rate_ewma *r, uint32_t now);
static inline void ck_rate_update(ck_rate_ewma *r, int64_t delta) {
    uint32_t now = ck_jiffies();
    if (CK_UNLIKELY(now != r->epoch))
        ck_rate_update_time(r, now);
    r->current += (uint64_t)delta;
}
/* Rate in events per second, as Click's unparse_rate (scaled_average * HZ, SCALE bits). */
void ck_rate_unparse(ck_buf *out, const ck_rate_ewma *r);

/* ------------------------------------------------------------------------------------------
 * Link types (pcap.c; Click's elements/userlevel/fakepcap.cc)
 * ---------------------------------------------------------------------------------------- */
/* The libpcap DLT for one of Click's encapsulation names (ETHER, IP, SLL, NULL, HDLC, PPP,
 * PPP_HDLC, FDDI, ATM, 802_11, 802_11_RADIO, AIRONET, SUNATM, PRISM) or "#N"; -1 if unknown. */
int ck_dlt_parse(const char *name);
/* Click's name of a DLT ("ETHER", "IP", ..., "#N" when unnamed). */
void ck_dlt_unparse(ck_buf *out, int dlt);
/* Whether ck_force_ip understands the DLT (Click's fake_pcap_dlt_force_ipable). */
int ck_dlt_force_ipable(int dlt);
/* Find the IP header behind the link-layer header of p (Click's fake_pcap_force_ip): on
 * success sets the network header (and DST_IP annotation for IPv4) and returns 1; 0 when p
 * is not an IP packet. */
int ck_force_ip(ck_packet *p, int dlt);

#ifdef __cplusplus
}
#endif
#endif /* CLICKC_H */
