/*
 * The packet pool's inline fast paths (runtime/clickc.h, CK_POOL_INLINE, as the generated
 * router uses them) against its out-of-line paths (runtime/packet.c).  Built and run by
 * tests/runtime/test_pool.py with clang, gcc and clang + AddressSanitizer/UBSan; prints
 * "ok N" when every check passed.
 */
#define CK_POOL_INLINE 1
#include "clickc.h"

#include <stdio.h>

#include "ckcheck.h"

/* A fresh packet: Click's cleared annotations, unset header positions, zeroed headroom. */
static int fresh(const ck_packet *p, uint32_t headroom, uint32_t len)
{
    if (!p || p->len != len || ck_packet_headroom(p) != headroom || ck_packet_shared(p))
        return 0;
    if (p->mac_off != -1 || p->nh_off != -1 || p->th_off != -1 || p->ts_ns != 0 ||
        p->packet_type != CK_PACKET_HOST || p->flags != 0 || p->next != NULL)
        return 0;
    for (int i = 0; i < CK_ANNO_SIZE; i++)
        if (p->anno[i])
            return 0;
    for (uint32_t i = 0; i < headroom; i++)
        if (p->head[i])
            return 0;
    return atomic_load_explicit(&p->buf->mt, memory_order_relaxed) == 0;
}

/* Dirty everything a new packet must not show. */
static void dirty(ck_packet *p)
{
    memset(p->head, 0xEE, (size_t)(p->end - p->head));
    memset(p->anno, 0xAA, sizeof p->anno);
    p->ts_ns = 12345;
    p->packet_type = CK_PACKET_OUTGOING;
    p->flags = 3;
    ck_set_network_header(p, p->data, 20);
    ck_set_mac_header(p, p->data);
}

int main(void)
{
    int64_t base = ck_pool_outstanding();

    /* last in, first out: the header freed last comes back first, with its buffer */
    ck_packet *a = ck_packet_alloc(60), *b = ck_packet_alloc(60), *c = ck_packet_alloc(60);
    CHECK(a && b && c && a != b && b != c);
    ck_buffer *cb = c->buf;
    dirty(a), dirty(b), dirty(c);
    ck_packet_kill(a);
    ck_packet_kill(b);
    ck_packet_kill(c);
    ck_packet *x = ck_packet_alloc(100);
    CHECK(x == c && x->buf == cb && fresh(x, CK_HEADROOM, 100));
    ck_packet *y = ck_packet_alloc_room(10, 30, 5);
    CHECK(y == b && fresh(y, 10, 30) && ck_packet_tailroom(y) == CK_BUFFER_SIZE - 40);
    ck_packet *z = ck_packet_make("abc", 3);
    CHECK(z == a && fresh(z, CK_HEADROOM, 3) && memcmp(z->data, "abc", 3) == 0);

    /* a shared buffer leaves its header on kill; the header is reused with another buffer */
    ck_packet *cl = ck_packet_clone(x);
    CHECK(cl && ck_packet_shared(x) && cl->data == x->data);
    ck_buffer *xb = x->buf;
    ck_packet_kill(x); /* shared: x's header goes back without the buffer */
    CHECK(!ck_packet_shared(cl) && cl->buf == xb);
    ck_packet *w = ck_packet_alloc(20); /* the top header has no buffer: out-of-line path */
    CHECK(w == x && w->buf != xb && fresh(w, CK_HEADROOM, 20));
    ck_packet_kill(cl);
    ck_packet_kill(w);
    ck_packet_kill(y);
    ck_packet_kill(z);
    CHECK(ck_pool_outstanding() == base);

    /* a buffer marked for threads (a crossing Queue) is unmarked when its last packet dies */
    ck_packet *m = ck_packet_alloc(64);
    ck_packet_mark_crossing(m);
    CHECK(atomic_load_explicit(&m->buf->mt, memory_order_relaxed) == 1);
    ck_packet_kill(m);
    ck_packet *m2 = ck_packet_alloc(64);
    CHECK(m2 == m && fresh(m2, CK_HEADROOM, 64));
    ck_packet_kill(m2);

    /* oversized: a buffer of its own, freed with the packet (ASan reports a leak otherwise) */
    ck_packet *big = ck_packet_alloc_room(CK_HEADROOM, 5000, 0);
    CHECK(big && big->len == 5000 && ck_packet_tailroom(big) == 0 && fresh(big, CK_HEADROOM, 5000));
    big->data[4999] = 1;
    ck_packet_kill(big);
    ck_packet *after = ck_packet_alloc(10);
    CHECK(after == big && after->buf->size == CK_BUFFER_SIZE && fresh(after, CK_HEADROOM, 10));
    ck_packet_kill(after);

    /* beyond the stack's capacity headers go to the depot, and come back from it */
    enum { N = CK_POOL_CAPACITY + 500 };
    static ck_packet *v[N];
    ck_pool_stats s0, s1, s2;
    ck_pool_get_stats(&s0);
    for (int i = 0; i < N; i++) {
        v[i] = ck_packet_alloc(60);
        CHECK(v[i] != NULL);
    }
    for (int i = 0; i < N; i++)
        ck_packet_kill(v[i]);
    ck_pool_get_stats(&s1);
    CHECK(s1.depot_puts > s0.depot_puts);
    CHECK(ck_pool_outstanding() == base);
    for (int i = 0; i < N; i++) {
        v[i] = ck_packet_alloc(60);
        CHECK(v[i] && fresh(v[i], CK_HEADROOM, 60));
    }
    ck_pool_get_stats(&s2);
    CHECK(s2.depot_gets > s1.depot_gets);
    CHECK(s2.allocated - s0.allocated == 2 * (uint64_t)N);
    for (int i = 0; i < N; i++)
        ck_packet_kill(v[i]);

    /* a steady alloc/kill cycle reuses one header and touches no allocator */
    ck_pool_get_stats(&s1);
    ck_packet *first = ck_packet_alloc(60), *same = first;
    for (int i = 0; i < 100000 && same == first; i++) {
        ck_packet_kill(same);
        same = ck_packet_alloc(60);
    }
    CHECK(same == first);
    ck_packet_kill(same);
    ck_pool_get_stats(&s2);
    CHECK(s2.malloced == s1.malloced);

    CHECK(ck_pool_outstanding() == base);
    ck_pool_cleanup();
    if (nfailed) {
        fprintf(stderr, "%d of %d checks failed\n", nfailed, nchecks);
        return 1;
    }
    printf("ok %d\n", nchecks);
    return 0;
}
