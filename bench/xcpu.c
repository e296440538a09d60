/* bench/xcpu.c: the time a cache line takes to go from CPU 0 to CPU 1 and back (one atomic
 * flag bounced N times between two pinned threads), printed in ns per round trip.
 *
 *   cc -O2 -pthread bench/xcpu.c -o xcpu && ./xcpu [ROUNDS]
 *
 * The multi-threaded benchmarks (bench_passes.py, bench_dualpath.py) hand every packet from
 * one CPU to another; on a virtual machine the two vCPUs may sit on one core complex (here
 * ~90-120 ns) or on two (~380-420 ns), which changes a two-thread router's speed by 20-30%
 * while a one-thread router does not move.  The benchmarks print this figure before and after
 * their runs so that a ratio can be read against it. */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static _Alignas(64) _Atomic int flag;
static long rounds = 1000000;

static void pin(int cpu)
{
    cpu_set_t s;
    CPU_ZERO(&s);
    CPU_SET(cpu, &s);
    pthread_setaffinity_np(pthread_self(), sizeof s, &s);
}

static void *pong(void *arg)
{
    (void)arg;
    pin(1);
    for (long i = 0; i < rounds; i++) {
        while (atomic_load_explicit(&flag, memory_order_acquire) != 1)
            ;
        atomic_store_explicit(&flag, 0, memory_order_release);
    }
    return NULL;
}

int main(int argc, char **argv)
{
    if (argc > 1)
        rounds = strtol(argv[1], NULL, 10);
    if (rounds < 1)
        return 2;
    pthread_t t;
    pin(0);
    if (pthread_create(&t, NULL, pong, NULL) != 0)
        return 1;
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    for (long i = 0; i < rounds; i++) {
        atomic_store_explicit(&flag, 1, memory_order_release);
        while (atomic_load_explicit(&flag, memory_order_acquire) != 0)
            ;
    }
    clock_gettime(CLOCK_MONOTONIC, &b);
    pthread_join(t, NULL);
    double ns = (double)(b.tv_sec - a.tv_sec) * 1e9 + (double)(b.tv_nsec - a.tv_nsec);
    printf("%.1f\n", ns / (double)rounds);
    return 0;
}
