/*
 * Cost of the packet pool (runtime/packet.c) on one thread and across threads.
 *
 *   pool_bench same PACKETS     one thread allocates (ck_packet_alloc(60)) and frees
 *   pool_bench cross PACKETS    thread 0 allocates, hands the packets to thread 1 through a
 *                               ck_spsc ring in bursts of 32, thread 1 frees them: thread 0's
 *                               list empties and thread 1's fills, so headers come back through
 *                               the depot in batches (SMP Click 4.4)
 *
 * Prints "ok MODE N alloc_cpu_ns=A free_cpu_ns=F" (CPU time per packet of the allocating and
 * the freeing thread, ring operations included in cross mode) and the pool counts; exits 1 when
 * the pool's accounting is off (allocated != freed) or a slab count is unreasonable.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "clickc.h"
#include "ring.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t total;
static ck_spsc ring;
static double cpu_ns[2];

static void *alloc_side(void *arg)
{
    (void)arg;
    ck_thread_id = 0;
    int64_t c0 = ck_thread_cpu_ns();
    ck_packet *batch[32];
    for (uint64_t i = 0; i < total;) {
        uint32_t n = 0;
        while (n < 32 && i + n < total)
            batch[n] = ck_packet_alloc(60), n++;
        uint32_t done = 0;
        while (done < n) {
            for (uint32_t k = done; k < n; k++)
                ck_packet_mark_crossing(batch[k]);
            uint32_t k = ck_spsc_enqueue_burst(&ring, batch + done, n - done);
            done += k;
            if (!k)
                ck_cpu_relax();
        }
        i += n;
    }
    cpu_ns[0] = (double)(ck_thread_cpu_ns() - c0);
    return NULL;
}

static void *free_side(void *arg)
{
    (void)arg;
    ck_thread_id = 1;
    int64_t c0 = ck_thread_cpu_ns();
    ck_packet *batch[32];
    for (uint64_t got = 0; got < total;) {
        uint32_t n = ck_spsc_dequeue_burst(&ring, batch, 32, 0);
        for (uint32_t k = 0; k < n; k++)
            ck_packet_kill(batch[k]);
        got += n;
        if (!n)
            ck_cpu_relax();
    }
    cpu_ns[1] = (double)(ck_thread_cpu_ns() - c0);
    return NULL;
}

int main(int argc, char **argv)
{
    if (argc != 3 || (strcmp(argv[1], "same") != 0 && strcmp(argv[1], "cross") != 0)) {
        fprintf(stderr, "usage: %s same|cross PACKETS\n", argv[0]);
        return 2;
    }
    total = strtoull(argv[2], NULL, 10);
    ck_pool_setup(2);
    if (strcmp(argv[1], "same") == 0) {
        int64_t c0 = ck_thread_cpu_ns();
        for (uint64_t i = 0; i < total; i++)
            ck_packet_kill(ck_packet_alloc(60));
        cpu_ns[0] = cpu_ns[1] = (double)(ck_thread_cpu_ns() - c0);
    } else {
        if (ck_spsc_init(&ring, 1024) < 0)
            return 2;
        ck_multithreaded = 1;
        pthread_t a, b;
        pthread_create(&b, NULL, free_side, NULL);
        pthread_create(&a, NULL, alloc_side, NULL);
        pthread_join(a, NULL);
        pthread_join(b, NULL);
        ck_multithreaded = 0;
        ck_spsc_destroy(&ring);
    }
    ck_thread_id = 0;
    ck_pool_stats s;
    ck_pool_get_stats(&s);
    printf("ok %s %llu alloc_cpu_ns=%.2f free_cpu_ns=%.2f\n", argv[1], (unsigned long long)total,
           cpu_ns[0] / (double)total, cpu_ns[1] / (double)total);
    printf("allocated %llu freed %llu malloced %llu depot_puts %llu depot_gets %llu\n",
           (unsigned long long)s.allocated, (unsigned long long)s.freed,
           (unsigned long long)s.malloced, (unsigned long long)s.depot_puts,
           (unsigned long long)s.depot_gets);
    int bad = s.allocated != total || s.freed != total || s.malloced > 16384;
    ck_pool_cleanup();
    return bad;
}
