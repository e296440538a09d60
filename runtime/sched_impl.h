/*
 * The scheduler's private records, shared by runtime/sched.c (the task loop) and
 * runtime/adapt.c (--adapt) only.  Not part of the runtime's API: elements, main.c and the
 * generated router never include this header (they see cksched.h and adapt.h).
 */
#ifndef CLICKC_SCHED_IMPL_H
#define CLICKC_SCHED_IMPL_H

#include <pthread.h>
#include <stdint.h>

#include "clickc.h"
#include "ring.h" /* CK_CACHE_LINE */

/* One schedulable element.  Each task sits on its own cache line: the counters are written on
 * every call by the thread running the task, and two tasks of different threads must not share
 * a line (false sharing made every task call of a two-thread router miss the cache). */
typedef struct ck_task {
    _Alignas(CK_CACHE_LINE) ck_task_fn fn;
    int elem;
    int consumer;       /* has a pull input: runs during the stop drain (sources do not) */
    int pinned;         /* --adapt never moves it (StaticThreadSched, its element's timers) */
    _Atomic int thread; /* the thread that runs it; changed only by a hand-off (--adapt) */
    _Atomic int target; /* --adapt: the thread the coordinator wants it on */
    /* Written only by the thread running the task (a hand-off orders the writers). */
    uint64_t calls, packets;
    _Atomic uint64_t cost; /* --adapt: estimated cycles spent in the task so far */
    _Atomic uint64_t spkts; /* --adapt: estimated packets moved so far (same samples as cost) */
    /* Sleeping on an empty notifier (ck_element_def.upstream_empty; NULL: never sleeps):
     * *asleep is ck_task_asleep[elem], or own_asleep for a task without an element. */
    int (*upstream_empty)(void);
    unsigned char *asleep;
    unsigned char own_asleep;
} ck_task;

/* What each thread shares with the others; one cache-line-aligned record per thread. */
typedef struct ck_thread_sched {
    _Alignas(64) _Atomic uint64_t work; /* packets moved so far (and timers run) */
    _Atomic uint64_t rounds;            /* rounds completed */
    _Atomic int64_t next_expiry;        /* first pending timer, INT64_MAX when none */
    _Atomic int work_timers;            /* pending timers that are not background ones */
    _Atomic int mail;                   /* --adapt: a task is leaving or joining this thread */
    _Atomic uint64_t busy_tsc, idle_tsc; /* --adapt: cycles of rounds that moved packets / none */
    pthread_mutex_t timer_lock;
    ck_timer *timers; /* sorted by expiry; under timer_lock */
} ck_thread_sched;

/* What --adapt sees of the scheduler while the router runs (ck_adapt_open).  The task array
 * and the thread count do not change while the threads run. */
typedef struct ck_sched_view {
    ck_task **tasks;            /* [ntasks], in registration order */
    int ntasks;
    int nthreads;
    ck_thread_sched *thr;       /* [nthreads]: mail flags and busy/idle cycles */
    _Atomic int *moving;        /* set while a step's hand-offs are under way (threads then
                                   sleep at most CK_SLEEP_MIN_NS) */
    uint64_t (*total_work)(void); /* packets every thread's tasks and timers moved so far */
} ck_sched_view;

/* The time-stamp counter (cycles) where there is one, else monotonic nanoseconds. */
static inline uint64_t ck_tsc_now(void)
{
#if defined(__x86_64__) || defined(__i386__)
    return __builtin_ia32_rdtsc();
#else
    return (uint64_t)ck_monotonic_ns();
#endif
}

#endif
