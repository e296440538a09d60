/*
 * Packets and the packet pool.
 *
 * A ck_packet header points into a reference-counted ck_buffer; clones share the buffer
 * (Click's Packet::clone) and ck_packet_uniqueify copies it before a write (Click's
 * Packet::uniqueify).  Headers live on per-thread free lists kept as circular arrays of
 * pointers (SMP Click section 4.4): a thread frees to and allocates from its own list, so no
 * lock is needed; a full list releases to malloc, an empty one allocates from malloc.  A header
 * returning to the pool keeps its buffer when the buffer is standard-sized and unshared, so
 * the common alloc/kill cycle touches no allocator; standard buffers separated from their
 * header (by a clone reusing the header) wait on a per-thread spare stack for a header that
 * has none, so clones (Tee, InfiniteSource) do not churn malloc either.
 */
#include "clickc.h"

#include <stdio.h>
#include <stdlib.h>

#define CK_SPARE_BUFFERS 256

typedef struct ck_pool {
    ck_packet **ring; /* CK_POOL_CAPACITY slots */
    uint32_t head;    /* index of the oldest pooled header */
    uint32_t count;   /* pooled headers */
    /* Standard buffers detached from headers (a clone reused a header that had one); headers
     * without a buffer take one from here before asking malloc. */
    ck_buffer *spare[CK_SPARE_BUFFERS];
    uint32_t nspare;
    ck_pool_stats stats;
    char pad[64];
} ck_pool;

static ck_pool pools[CK_MAX_THREADS];
_Thread_local int ck_thread_id;

static ck_buffer *buffer_new(uint32_t size)
{
    ck_buffer *b = malloc(sizeof(ck_buffer) + size);
    if (!b)
        return NULL;
    b->refcnt = 1;
    b->size = size;
    return b;
}

static void buffer_release(ck_buffer *b)
{
    if (--b->refcnt == 0)
        free(b);
}

static ck_packet *header_get(ck_pool *pool)
{
    if (CK_LIKELY(pool->count > 0)) {
        ck_packet *p = pool->ring[pool->head];
        pool->head = (pool->head + 1) % CK_POOL_CAPACITY;
        pool->count--;
        return p;
    }
    if (!pool->ring) {
        pool->ring = calloc(CK_POOL_CAPACITY, sizeof(ck_packet *));
        if (!pool->ring)
            return NULL;
    }
    ck_packet *p = calloc(1, sizeof(ck_packet));
    if (!p)
        return NULL;
    pool->stats.malloced++;
    return p;
}

/* Keep an unshared standard buffer for later, or free it. */
static void spare_put(ck_pool *pool, ck_buffer *b)
{
    if (b->refcnt == 1 && b->size == CK_BUFFER_SIZE && pool->nspare < CK_SPARE_BUFFERS)
        pool->spare[pool->nspare++] = b;
    else
        buffer_release(b);
}

static void header_put(ck_pool *pool, ck_packet *p)
{
    if (CK_LIKELY(pool->ring != NULL && pool->count < CK_POOL_CAPACITY)) {
        pool->ring[(pool->head + pool->count) % CK_POOL_CAPACITY] = p;
        pool->count++;
        return;
    }
    if (p->buf)
        buffer_release(p->buf);
    free(p);
}

static void reset_annotations(ck_packet *p)
{
    p->packet_type = CK_PACKET_HOST;
    p->flags = 0;
    p->ts_ns = 0;
    p->mac_off = p->nh_off = p->th_off = -1;
    p->next = NULL;
    memset(p->anno, 0, sizeof p->anno);
}

ck_packet *ck_packet_alloc_room(uint32_t headroom, uint32_t len, uint32_t tailroom)
{
    ck_pool *pool = &pools[ck_thread_id];
    ck_packet *p = header_get(pool);
    if (!p)
        return NULL;
    uint64_t need = (uint64_t)headroom + len + tailroom;
    if (need > UINT32_MAX - sizeof(ck_buffer)) {
        header_put(pool, p);
        return NULL;
    }
    uint32_t size = need <= CK_BUFFER_SIZE ? CK_BUFFER_SIZE : (uint32_t)need;
    if (p->buf && (p->buf->refcnt != 1 || p->buf->size != size)) {
        spare_put(pool, p->buf);
        p->buf = NULL;
    }
    if (!p->buf && size == CK_BUFFER_SIZE && pool->nspare > 0)
        p->buf = pool->spare[--pool->nspare];
    if (!p->buf) {
        p->buf = buffer_new(size);
        if (!p->buf) {
            header_put(pool, p);
            return NULL;
        }
    }
    p->thread = (uint8_t)ck_thread_id;
    p->head = p->buf->bytes;
    p->end = p->buf->bytes + p->buf->size;
    p->data = p->head + headroom;
    p->len = len;
    /* Zero the headroom so that Unstrip-like elements expose defined bytes. */
    memset(p->head, 0, headroom);
    reset_annotations(p);
    pool->stats.allocated++;
    return p;
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
    ck_pool *pool = &pools[ck_thread_id];
    pool->stats.freed++;
    ck_buffer *b = p->buf;
    if (b->refcnt > 1 || b->size != CK_BUFFER_SIZE) {
        /* Shared with a clone, or oversized: the header goes back without it. */
        buffer_release(b);
        p->buf = NULL;
    }
    header_put(pool, p);
}

ck_packet *ck_packet_clone(ck_packet *p)
{
    ck_pool *pool = &pools[ck_thread_id];
    ck_packet *q = header_get(pool);
    if (!q)
        return NULL;
    if (q->buf)
        spare_put(pool, q->buf);
    *q = *p;
    q->thread = (uint8_t)ck_thread_id;
    q->next = NULL;
    p->buf->refcnt++;
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
    ck_pool *pool = &pools[ck_thread_id];
    /* A standard buffer comes from the spare stack first: copy-on-write of a clone (Tee,
     * InfiniteSource's shared data, then DecIPTTL) would otherwise cost a malloc and a free
     * per packet. */
    ck_buffer *nb = size == CK_BUFFER_SIZE && pool->nspare > 0 ? pool->spare[--pool->nspare]
                                                                : buffer_new(size);
    if (!nb) {
        ck_packet_kill(p);
        return NULL;
    }
    unsigned char *ndata = nb->bytes + headroom;
    memset(nb->bytes, 0, headroom);
    if (p->len)
        memcpy(ndata, p->data, p->len);
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
    if (CK_LIKELY(p->buf->refcnt == 1))
        return p;
    return reallocate(p, ck_packet_headroom(p), ck_packet_tailroom(p));
}

ck_packet *ck_packet_push(ck_packet *p, uint32_t n)
{
    if (CK_LIKELY(p->buf->refcnt == 1 && ck_packet_headroom(p) >= n)) {
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
    if (CK_LIKELY(p->buf->refcnt == 1 && ck_packet_tailroom(p) >= n)) {
        p->len += n;
        return p;
    }
    uint32_t room = ck_packet_tailroom(p) >= n ? ck_packet_tailroom(p) : n + 64;
    if (!reallocate(p, ck_packet_headroom(p), room))
        return NULL;
    p->len += n;
    return p;
}

void ck_pool_get_stats(ck_pool_stats *out)
{
    memset(out, 0, sizeof *out);
    for (int i = 0; i < CK_MAX_THREADS; i++) {
        out->allocated += pools[i].stats.allocated;
        out->freed += pools[i].stats.freed;
        out->malloced += pools[i].stats.malloced;
    }
}

int64_t ck_pool_outstanding(void)
{
    ck_pool_stats s;
    ck_pool_get_stats(&s);
    return (int64_t)(s.allocated - s.freed);
}

void ck_pool_cleanup(void)
{
    for (int i = 0; i < CK_MAX_THREADS; i++) {
        ck_pool *pool = &pools[i];
        while (pool->count > 0) {
            ck_packet *p = pool->ring[pool->head];
            pool->head = (pool->head + 1) % CK_POOL_CAPACITY;
            pool->count--;
            if (p->buf)
                buffer_release(p->buf);
            free(p);
        }
        free(pool->ring);
        pool->ring = NULL;
        pool->head = 0;
        while (pool->nspare > 0)
            free(pool->spare[--pool->nspare]);
    }
}
