/*
 * Cross-thread buffer recycling (runtime/packet.c, return rings; issue 23): thread 1 allocates
 * packets, marks them as crossing (what a cross-thread Queue does) and hands them to thread 0,
 * which frees them.  Checks that the freed headers go back to thread 1's pool (thread 1 keeps
 * reusing a bounded set of headers instead of carving new slabs, thread 0's free list does not
 * fill with foreign headers, batches of 32 move), that a returned packet is fresh, and that
 * the accounting is exact after cleanup.  Built and run by tests/smp/test_return.py with clang,
 * gcc, clang + ASan/UBSan and, in the TSan job, clang + ThreadSanitizer; prints "ok N".
 */
#define CK_POOL_INLINE 1
#include "clickc.h"

#include <pthread.h>
#include <stdio.h>

#include "../../runtime/c/ckcheck.h"

#define NPACKETS 200000
#define HANDOFF 256 /* packets in flight between the threads (a small queue) */

/* A single-producer single-consumer handoff of packet pointers (the test's own queue). */
static ck_packet *slots[HANDOFF];
static _Atomic uint32_t put_idx, get_idx;
static _Atomic int fresh_failures;

static void *producer(void *arg)
{
    (void)arg;
    ck_thread_id = 1;
    for (uint32_t i = 0; i < NPACKETS; i++) {
        ck_packet *p = ck_packet_alloc(64);
        if (!p) {
            atomic_fetch_add(&fresh_failures, 1);
            break;
        }
        for (int k = 0; k < CK_ANNO_SIZE; k++)
            if (p->anno[k])
                atomic_fetch_add(&fresh_failures, 1);
        if (atomic_load_explicit(&p->buf->mt, memory_order_relaxed) != 0 || p->thread != 1)
            atomic_fetch_add(&fresh_failures, 1);
        memset(p->data, (int)(i & 0xff), 64);
        p->anno[0] = 1; /* dirty: the next user must get it cleared */
        ck_packet_mark_crossing(p);
        while (atomic_load_explicit(&put_idx, memory_order_relaxed) -
                   atomic_load_explicit(&get_idx, memory_order_acquire) >= HANDOFF)
            ;
        uint32_t t = atomic_load_explicit(&put_idx, memory_order_relaxed);
        slots[t % HANDOFF] = p;
        atomic_store_explicit(&put_idx, t + 1, memory_order_release);
    }
    return NULL;
}

int main(void)
{
    ck_pool_setup(2);
    ck_thread_id = 0;
    pthread_t t;
    if (pthread_create(&t, NULL, producer, NULL) != 0)
        return 1;
    uint32_t seen = 0;
    while (seen < NPACKETS) {
        uint32_t h = atomic_load_explicit(&get_idx, memory_order_relaxed);
        if (h == atomic_load_explicit(&put_idx, memory_order_acquire))
            continue;
        ck_packet *p = slots[h % HANDOFF];
        atomic_store_explicit(&get_idx, h + 1, memory_order_release);
        if (p->data[0] != (unsigned char)(seen & 0xff) || p->thread != 1)
            atomic_fetch_add(&fresh_failures, 1);
        ck_packet_kill(p);
        seen++;
    }
    pthread_join(t, NULL);
    CHECK(atomic_load(&fresh_failures) == 0);
    ck_pool_stats s0, s1;
    ck_pool_get_thread_stats(0, &s0);
    ck_pool_get_thread_stats(1, &s1);
    CHECK(s1.allocated == NPACKETS && s0.freed == NPACKETS);
    /* the producer reuses what comes back: a bounded working set (the handoff, the return
     * ring, a partly filled batch), not one header per packet */
    CHECK(s1.malloced <= 4096);
    /* the freeing thread keeps no foreign headers: they went home in batches of 32 */
    CHECK(ck_pools[0].pool.count == 0);
    CHECK(s0.depot_puts >= NPACKETS / 32 - 1 && s1.depot_gets >= s0.depot_puts / 2);
    CHECK(ck_pool_outstanding() == 0);
    /* a packet freed on its own thread still goes to its own stack */
    ck_packet *q = ck_packet_alloc(10);
    CHECK(q && q->thread == 0);
    ck_packet_kill(q);
    CHECK(ck_pools[0].pool.count >= 1);
    ck_pool_cleanup();
    printf("ok %d\n", nchecks - nfailed);
    return nfailed ? 1 : 0;
}
