/*
 * Stress test and throughput measurement of runtime/ring.h (docs/runtime.md, "Rings").
 *
 *   ring_stress KIND PRODUCERS CONSUMERS PACKETS [CAPACITY [BURST]]
 *
 * KIND: spsc (ck_spsc), spsc-burst (ck_spsc with batched enqueue/dequeue of BURST), mpsc
 * (ck_vring, single consumer), mpmc (ck_vring, CONSUMERS consumers), mpsc-pp (one ck_spsc per
 * producer, polled round-robin by the consumer: the alternative to mpsc, for measurement).
 * Every producer thread enqueues PACKETS / PRODUCERS items numbered 1, 2, ... in order (an item
 * is a fake packet pointer encoding producer and number, never dereferenced), retrying while
 * the ring is full; the consumers dequeue (single consumers with the SMP Click 4.5 deferral on)
 * until every item arrived (or, once the producers are done, nothing came for a million
 * polls). Checks: every item arrives exactly once (a bitmap per producer:
 * no loss, no duplication) and each consumer sees each producer's items in increasing order
 * (FIFO per producer). Prints "ok KIND P C N ns_per_packet=X" and exits 0, or prints what failed
 * and exits 1.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "ring.h"

#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAXT 8

static int kind; /* 0 spsc, 1 spsc-burst, 2 mpsc, 3 mpmc, 4 mpsc-pp */
static int nprod, ncons;
static uint64_t per_producer, total;
static uint32_t burst = 32;
static ck_spsc spsc[MAXT];
static ck_vring vring;
static _Atomic uint64_t *seen[MAXT]; /* bitmaps */
static _Atomic uint64_t consumed;
static _Atomic int failed;
static _Atomic int producers_done; /* consumers give up after a long empty stretch then */

static ck_packet *encode(int prod, uint64_t seq) { return (ck_packet *)(uintptr_t)(((uint64_t)prod << 48) | seq); }
static int prod_of(ck_packet *p) { return (int)((uintptr_t)p >> 48); }
static uint64_t seq_of(ck_packet *p) { return (uintptr_t)p & ((1ULL << 48) - 1); }

static void backoff(unsigned *spins)
{
    if (++*spins < 64)
        ck_cpu_relax();
    else {
        *spins = 0;
        sched_yield();
    }
}

static void *producer(void *arg)
{
    int me = (int)(intptr_t)arg;
    unsigned spins = 0;
    if (kind == 1) {
        ck_packet *batch[256];
        uint64_t seq = 1;
        while (seq <= per_producer) {
            uint32_t n = 0;
            while (n < burst && seq + n <= per_producer) {
                batch[n] = encode(me, seq + n);
                n++;
            }
            uint32_t done = 0;
            while (done < n) {
                uint32_t k = ck_spsc_enqueue_burst(&spsc[0], batch + done, n - done);
                done += k;
                if (!k)
                    backoff(&spins);
            }
            seq += n;
        }
        return NULL;
    }
    for (uint64_t seq = 1; seq <= per_producer; seq++) {
        ck_packet *p = encode(me, seq);
        for (;;) {
            int full;
            if (kind == 0)
                full = ck_spsc_enqueue(&spsc[0], p);
            else if (kind == 4)
                full = ck_spsc_enqueue(&spsc[me], p);
            else
                full = ck_vring_enqueue(&vring, p);
            if (!full)
                break;
            backoff(&spins);
        }
    }
    return NULL;
}

static void check(ck_packet *p, uint64_t *last)
{
    int pr = prod_of(p);
    uint64_t s = seq_of(p);
    if (pr < 0 || pr >= nprod || s == 0 || s > per_producer) {
        fprintf(stderr, "bad item %p\n", (void *)p);
        atomic_store(&failed, 1);
        return;
    }
    if (s <= last[pr]) {
        fprintf(stderr, "producer %d: item %llu after %llu (order)\n", pr, (unsigned long long)s,
                (unsigned long long)last[pr]);
        atomic_store(&failed, 1);
    }
    last[pr] = s;
    uint64_t bit = 1ULL << ((s - 1) & 63);
    if (atomic_fetch_or_explicit(&seen[pr][(s - 1) >> 6], bit, memory_order_relaxed) & bit) {
        fprintf(stderr, "producer %d: item %llu twice (duplication)\n", pr, (unsigned long long)s);
        atomic_store(&failed, 1);
    }
}

static void *consumer(void *arg)
{
    (void)arg;
    uint64_t last[MAXT] = {0};
    unsigned spins = 0;
    int rr = 0;
    uint64_t empty_polls = 0;
    ck_packet *batch[256];
    while (atomic_load_explicit(&consumed, memory_order_relaxed) < total &&
           !atomic_load_explicit(&failed, memory_order_relaxed) &&
           !(empty_polls > 1000000 && atomic_load_explicit(&producers_done, memory_order_acquire))) {
        uint32_t got = 0;
        if (kind == 1) {
            got = ck_spsc_dequeue_burst(&spsc[0], batch, burst, 1);
        } else {
            ck_packet *p;
            if (kind == 0)
                p = ck_spsc_dequeue(&spsc[0], 1);
            else if (kind == 2)
                p = ck_vring_dequeue_sc(&vring, 1);
            else if (kind == 3)
                p = ck_vring_dequeue_mc(&vring);
            else {
                p = ck_spsc_dequeue(&spsc[rr], 1);
                if (!p)
                    rr = (rr + 1) % nprod;
            }
            if (p)
                batch[got++] = p;
        }
        for (uint32_t i = 0; i < got; i++)
            check(batch[i], last);
        if (got) {
            atomic_fetch_add_explicit(&consumed, got, memory_order_relaxed);
            spins = 0;
            empty_polls = 0;
        } else {
            empty_polls++;
            backoff(&spins);
        }
    }
    return NULL;
}

int main(int argc, char **argv)
{
    if (argc < 5) {
        fprintf(stderr, "usage: %s spsc|spsc-burst|mpsc|mpmc|mpsc-pp PRODUCERS CONSUMERS PACKETS [CAPACITY [BURST]]\n",
                argv[0]);
        return 2;
    }
    const char *kinds[] = {"spsc", "spsc-burst", "mpsc", "mpmc", "mpsc-pp"};
    kind = -1;
    for (int i = 0; i < 5; i++)
        if (strcmp(argv[1], kinds[i]) == 0)
            kind = i;
    nprod = atoi(argv[2]);
    ncons = atoi(argv[3]);
    total = strtoull(argv[4], NULL, 10);
    uint32_t cap = argc > 5 ? (uint32_t)strtoul(argv[5], NULL, 10) : 1000;
    if (argc > 6)
        burst = (uint32_t)strtoul(argv[6], NULL, 10);
    if (kind < 0 || nprod < 1 || nprod > MAXT || ncons < 1 || ncons > MAXT || cap < 1 || burst < 1 ||
        burst > 256 || ((kind == 0 || kind == 1) && (nprod != 1 || ncons != 1)) ||
        ((kind == 2 || kind == 4) && ncons != 1)) {
        fprintf(stderr, "bad arguments\n");
        return 2;
    }
    per_producer = total / (uint64_t)nprod;
    total = per_producer * (uint64_t)nprod;
    for (int i = 0; i < nprod; i++) {
        seen[i] = calloc((size_t)(per_producer / 64 + 1), sizeof(uint64_t));
        if (!seen[i])
            return 2;
    }
    int rings = kind == 4 ? nprod : 1;
    for (int i = 0; i < rings; i++)
        if (ck_spsc_init(&spsc[i], cap) < 0)
            return 2;
    if (ck_vring_init(&vring, cap) < 0)
        return 2;

    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    pthread_t pt[MAXT], ct[MAXT];
    for (int i = 0; i < ncons; i++)
        pthread_create(&ct[i], NULL, consumer, NULL);
    for (int i = 0; i < nprod; i++)
        pthread_create(&pt[i], NULL, producer, (void *)(intptr_t)i);
    for (int i = 0; i < nprod; i++)
        pthread_join(pt[i], NULL);
    atomic_store_explicit(&producers_done, 1, memory_order_release);
    for (int i = 0; i < ncons; i++)
        pthread_join(ct[i], NULL);
    clock_gettime(CLOCK_MONOTONIC, &t1);

    int bad = atomic_load(&failed);
    for (int pr = 0; pr < nprod && !bad; pr++)
        for (uint64_t s = 1; s <= per_producer; s++)
            if (!(atomic_load_explicit(&seen[pr][(s - 1) >> 6], memory_order_relaxed) & (1ULL << ((s - 1) & 63)))) {
                fprintf(stderr, "producer %d: item %llu never arrived (loss)\n", pr, (unsigned long long)s);
                bad = 1;
                break;
            }
    uint64_t got = atomic_load(&consumed);
    if (!bad && got != total) {
        fprintf(stderr, "consumed %llu of %llu\n", (unsigned long long)got, (unsigned long long)total);
        bad = 1;
    }
    double ns = (double)(t1.tv_sec - t0.tv_sec) * 1e9 + (double)(t1.tv_nsec - t0.tv_nsec);
    for (int i = 0; i < rings; i++)
        ck_spsc_destroy(&spsc[i]);
    ck_vring_destroy(&vring);
    for (int i = 0; i < nprod; i++)
        free(seen[i]);
    if (bad)
        return 1;
    printf("ok %s %d %d %llu ns_per_packet=%.2f\n", argv[1], nprod, ncons, (unsigned long long)total,
           ns / (double)total);
    return 0;
}
