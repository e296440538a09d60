/*
 * Threads, tasks, timers and termination (docs/runtime.md, "Running").
 *
 * A router runs on `nthreads` threads (`-j N`).  Thread 0 is the program's main thread; ck_run
 * starts threads 1..N-1, pins each thread to its own CPU when N > 1, and joins them at the end.
 * Each thread runs its private task list round-robin (SMP Click section 2: no central work list,
 * no stealing), so a task only ever runs on its thread.  A task is a schedulable element's
 * run_task, which moves up to one burst of packets and returns how many it moved.
 *
 * Idle back-off: after a round that moved nothing a thread spins CK_SPIN_ROUNDS rounds with a
 * pause instruction, then sleeps (nanosleep) CK_SLEEP_MIN_NS, doubling up to CK_SLEEP_MAX_NS and
 * never past its next timer; any work resets the back-off.
 *
 * Timers: every thread has its own timer list (lock-protected, since another thread may
 * schedule a timer), and a timer runs on the thread current at its ck_timer_init (the element's
 * thread: ck_main initializes each element with ck_thread_id set to its thread).  A round reads
 * the clock only when its thread has a timer pending (an atomic "next expiry" per thread);
 * jiffies (ck_jiffies) are refreshed every CK_JIFFY_ROUNDS rounds and after an idle round.
 *
 * Termination follows Click's driver: ck_router_stop() is Router::please_stop_driver() (a
 * DriverManager or Script may absorb it; thread 0 handles requests, the others pause until it
 * has), SIGINT/SIGTERM stop at once (Click's stop_signal_handler sets STOP_RUNCOUNT).  In
 * addition the router stops by itself when it is quiescent: no source is active, no timer is
 * pending on any thread, and no thread moved a packet during CK_QUIESCE_ROUNDS rounds of every
 * thread (counted from a snapshot of the threads' work counters taken by thread 0; with one
 * thread, one idle round suffices, as before).  That request goes through the stop hook too, so
 * "DriverManager(wait_stop, ...)" sees the end of the input.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "clickc.h"
#include "ring.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* Idle rounds spent spinning (CK_SPIN_PAUSES pause instructions each) before sleeping. */
#define CK_SPIN_ROUNDS 32
#define CK_SPIN_PAUSES 16
/* Back-off sleeps: first and largest, in nanoseconds. */
#define CK_SLEEP_MIN_NS 1000
#define CK_SLEEP_MAX_NS 1000000
/* Busy rounds between two refreshes of the cached jiffies (-DCK_JIFFY_ROUNDS=1 reads the clock
 * every round, as before; for measurements). */
#ifndef CK_JIFFY_ROUNDS
#define CK_JIFFY_ROUNDS 8
#endif
/* Rounds of every thread without work, after thread 0's snapshot, before a multi-threaded
 * router counts as quiescent: enough for a consumer to take packets a ring deferred under the
 * SMP Click 4.5 rule (ring.h, CK_RING_DEFER_POLLS). */
#define CK_QUIESCE_ROUNDS (CK_RING_DEFER_POLLS + 2)

typedef struct ck_task {
    ck_task_fn fn;
    int elem;
    int thread;
    uint64_t calls, packets;
} ck_task;

/* What each thread shares with the others; one cache-line-aligned record per thread. */
typedef struct ck_thread_sched {
    _Alignas(64) _Atomic uint64_t work; /* packets moved so far (and timers run) */
    _Atomic uint64_t rounds;            /* rounds completed */
    _Atomic int64_t next_expiry;        /* first pending timer, INT64_MAX when none */
    pthread_mutex_t timer_lock;
    ck_timer *timers; /* sorted by expiry; under timer_lock */
} ck_thread_sched;

static ck_task *tasks;
static int ntasks, tasks_cap;
static int nthreads = 1;
static _Atomic int sources_active;
static _Atomic int stop_requests; /* pending please_stop_driver() calls */
static _Atomic int hard_stop;     /* lock-free: set from the signal handler */
static _Atomic int driver_stopped; /* thread 0 decided to stop: every thread leaves */
static _Atomic int threads_running;
static int (*stop_hook)(void);
static ck_thread_sched thr[CK_MAX_THREADS];
static pthread_once_t thr_once = PTHREAD_ONCE_INIT;

ck_thread_stats ck_thread_stats_table[CK_MAX_THREADS];
int ck_multithreaded;

static void thr_init(void)
{
    for (int i = 0; i < CK_MAX_THREADS; i++) {
        pthread_mutex_init(&thr[i].timer_lock, NULL);
        atomic_init(&thr[i].next_expiry, INT64_MAX);
    }
}

static ck_thread_sched *thread_sched(int t)
{
    pthread_once(&thr_once, thr_init);
    return &thr[t >= 0 && t < CK_MAX_THREADS ? t : 0];
}

int64_t ck_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

int64_t ck_monotonic_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

int64_t ck_thread_cpu_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

void ck_set_nthreads(int n) { nthreads = n < 1 ? 1 : n > CK_MAX_THREADS ? CK_MAX_THREADS : n; }
int ck_nthreads(void) { return nthreads; }
int ck_threads_running(void) { return atomic_load_explicit(&threads_running, memory_order_acquire); }

int ck_task_register(ck_task_fn fn, int elem, int thread)
{
    if (ntasks == tasks_cap) {
        int ncap = tasks_cap ? 2 * tasks_cap : 16;
        ck_task *nt = realloc(tasks, (size_t)ncap * sizeof *nt);
        if (!nt) {
            fprintf(stderr, "out of memory\n");
            exit(1);
        }
        tasks = nt;
        tasks_cap = ncap;
    }
    if (thread < 0 || thread >= nthreads)
        thread = thread < 0 ? 0 : thread % nthreads;
    tasks[ntasks] = (ck_task){fn, elem, thread, 0, 0};
    return ntasks++;
}

int ck_task_count(void) { return ntasks; }

void ck_task_stats(int i, int *elem, int *thread, uint64_t *calls, uint64_t *packets)
{
    *elem = tasks[i].elem;
    *thread = tasks[i].thread;
    *calls = tasks[i].calls;
    *packets = tasks[i].packets;
}

void ck_source_active(int delta) { atomic_fetch_add_explicit(&sources_active, delta, memory_order_acq_rel); }
int ck_sources_active(void) { return atomic_load_explicit(&sources_active, memory_order_acquire); }

void ck_router_stop(void) { atomic_fetch_add_explicit(&stop_requests, 1, memory_order_acq_rel); }
void ck_router_stop_hard(void) { atomic_store(&hard_stop, 1); }
int ck_router_stopping(void)
{
    return atomic_load_explicit(&hard_stop, memory_order_relaxed) ||
           atomic_load_explicit(&stop_requests, memory_order_relaxed) > 0;
}
void ck_set_stop_hook(int (*hook)(void)) { stop_hook = hook; }

/* ---- timers ---- */

void ck_timer_init(ck_timer *t, void (*fn)(void *), void *arg)
{
    t->fn = fn;
    t->arg = arg;
    t->expiry_ns = 0;
    t->scheduled = 0;
    t->thread = ck_thread_id >= 0 && ck_thread_id < CK_MAX_THREADS ? ck_thread_id : 0;
    t->next = NULL;
}

static void publish_expiry(ck_thread_sched *ts)
{
    atomic_store_explicit(&ts->next_expiry, ts->timers ? ts->timers->expiry_ns : INT64_MAX,
                          memory_order_release);
}

static void unschedule_locked(ck_thread_sched *ts, ck_timer *t)
{
    if (!t->scheduled)
        return;
    for (ck_timer **pp = &ts->timers; *pp; pp = &(*pp)->next)
        if (*pp == t) {
            *pp = t->next;
            break;
        }
    t->scheduled = 0;
    t->next = NULL;
}

void ck_timer_unschedule(ck_timer *t)
{
    ck_thread_sched *ts = thread_sched(t->thread);
    pthread_mutex_lock(&ts->timer_lock);
    unschedule_locked(ts, t);
    publish_expiry(ts);
    pthread_mutex_unlock(&ts->timer_lock);
}

void ck_timer_schedule_at(ck_timer *t, int64_t when)
{
    ck_thread_sched *ts = thread_sched(t->thread);
    pthread_mutex_lock(&ts->timer_lock);
    unschedule_locked(ts, t);
    t->expiry_ns = when;
    ck_timer **pp = &ts->timers;
    while (*pp && (*pp)->expiry_ns <= when)
        pp = &(*pp)->next;
    t->next = *pp;
    *pp = t;
    t->scheduled = 1;
    publish_expiry(ts);
    pthread_mutex_unlock(&ts->timer_lock);
}

void ck_timer_schedule_after(ck_timer *t, int64_t delta_ns)
{
    ck_timer_schedule_at(t, ck_monotonic_ns() + delta_ns);
}

/* Run thread `me`'s expired timers (without holding the lock while a timer runs); returns how
 * many ran. */
static int run_timers(int me, int64_t now)
{
    ck_thread_sched *ts = &thr[me];
    int n = 0;
    pthread_mutex_lock(&ts->timer_lock);
    while (ts->timers && ts->timers->expiry_ns <= now) {
        ck_timer *t = ts->timers;
        ts->timers = t->next;
        t->scheduled = 0;
        t->next = NULL;
        publish_expiry(ts);
        pthread_mutex_unlock(&ts->timer_lock);
        t->fn(t->arg);
        n++;
        pthread_mutex_lock(&ts->timer_lock);
    }
    publish_expiry(ts);
    pthread_mutex_unlock(&ts->timer_lock);
    return n;
}

static int timers_pending_anywhere(void)
{
    for (int t = 0; t < nthreads; t++)
        if (atomic_load_explicit(&thr[t].next_expiry, memory_order_acquire) != INT64_MAX)
            return 1;
    return 0;
}

/* ---- signals and stop requests ---- */

static void on_signal(int sig)
{
    if (atomic_load(&hard_stop)) {
        /* A second signal: default action. */
        signal(sig, SIG_DFL);
        raise(sig);
        return;
    }
    atomic_store(&hard_stop, 1);
}

static void install_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

static void restore_signals(void)
{
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
}

/* Thread 0: handle pending stop requests; returns 1 when the driver must stop. */
static int check_stop(void)
{
    if (atomic_load_explicit(&hard_stop, memory_order_relaxed))
        return 1;
    while (atomic_load_explicit(&stop_requests, memory_order_acquire) > 0) {
        atomic_fetch_sub_explicit(&stop_requests, 1, memory_order_acq_rel);
        if (!stop_hook || !stop_hook())
            return 1;
    }
    return 0;
}

static inline int stop_pending(void)
{
    return atomic_load_explicit(&stop_requests, memory_order_relaxed) > 0 ||
           atomic_load_explicit(&hard_stop, memory_order_relaxed);
}

/* ---- CPU placement ---- */

/* Pin the calling thread to the `me`-th CPU of the process's allowed set (modulo its size, so
 * `taskset` is respected); returns the CPU or -1 with a warning when refused. */
static int pin_thread(int me)
{
    cpu_set_t allowed;
    if (sched_getaffinity(0, sizeof allowed, &allowed) != 0)
        return -1;
    int count = CPU_COUNT(&allowed);
    if (count <= 0)
        return -1;
    int want = me % count, cpu = -1;
    for (int c = 0, k = 0; c < CPU_SETSIZE; c++)
        if (CPU_ISSET(c, &allowed) && k++ == want) {
            cpu = c;
            break;
        }
    if (cpu < 0)
        return -1;
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(cpu, &one);
    int err = pthread_setaffinity_np(pthread_self(), sizeof one, &one);
    if (err != 0) {
        if (ck_warnings_enabled)
            fprintf(stderr, "warning: thread %d: cannot pin to CPU %d: %s\n", me, cpu, strerror(err));
        return -1;
    }
    return cpu;
}

/* ---- the task loop ---- */

static void idle_wait(int me, uint64_t idle_rounds, ck_thread_stats *st)
{
    if (idle_rounds <= CK_SPIN_ROUNDS) {
        for (int k = 0; k < CK_SPIN_PAUSES; k++)
            ck_cpu_relax();
        return;
    }
    uint64_t shift = idle_rounds - CK_SPIN_ROUNDS - 1;
    int64_t wait = shift >= 10 ? CK_SLEEP_MAX_NS : (int64_t)CK_SLEEP_MIN_NS << shift;
    if (wait > CK_SLEEP_MAX_NS)
        wait = CK_SLEEP_MAX_NS;
    int64_t next = atomic_load_explicit(&thr[me].next_expiry, memory_order_acquire);
    if (next != INT64_MAX) {
        int64_t d = next - ck_monotonic_ns();
        if (d < wait)
            wait = d;
    }
    if (wait > 0) {
        struct timespec req = {0, (long)wait};
        nanosleep(&req, NULL);
        st->sleeps++;
    }
}

/* Thread 0's quiescence detector (see the top of this file). */
typedef struct quiesce {
    int armed;
    uint64_t work;
    uint64_t rounds[CK_MAX_THREADS];
} quiesce;

static uint64_t total_work(void)
{
    uint64_t w = 0;
    for (int t = 0; t < nthreads; t++)
        w += atomic_load_explicit(&thr[t].work, memory_order_acquire);
    return w;
}

/* Returns 1 when the router is quiescent. */
static int quiescent(quiesce *q)
{
    if (atomic_load_explicit(&sources_active, memory_order_acquire) > 0 || timers_pending_anywhere() ||
        stop_pending()) {
        q->armed = 0;
        return 0;
    }
    if (nthreads == 1)
        return 1;
    if (!q->armed) {
        for (int t = 0; t < nthreads; t++)
            q->rounds[t] = atomic_load_explicit(&thr[t].rounds, memory_order_acquire);
        q->work = total_work();
        q->armed = 1;
        return 0;
    }
    for (int t = 0; t < nthreads; t++)
        if (atomic_load_explicit(&thr[t].rounds, memory_order_acquire) < q->rounds[t] + CK_QUIESCE_ROUNDS)
            return 0;
    q->armed = 0;
    return total_work() == q->work;
}

static void run_thread(int me)
{
    ck_thread_id = me;
    ck_thread_stats *st = &ck_thread_stats_table[me];
    ck_thread_sched *ts = &thr[me];
    st->cpu = nthreads > 1 ? pin_thread(me) : -1;
    ck_pool_thread_start(me, st->cpu);

    /* This thread's private task list. */
    int nmine = 0;
    for (int i = 0; i < ntasks; i++)
        nmine += tasks[i].thread == me;
    ck_task **mine = malloc(((size_t)nmine + 1) * sizeof *mine);
    if (!mine) {
        fprintf(stderr, "out of memory\n");
        atomic_store(&hard_stop, 1);
        return;
    }
    nmine = 0;
    for (int i = 0; i < ntasks; i++)
        if (tasks[i].thread == me)
            mine[nmine++] = &tasks[i];

    quiesce *q = me == 0 ? calloc(1, sizeof *q) : NULL;
    st->cpu_start_ns = ck_thread_cpu_ns();
    st->start_ns = ck_monotonic_ns();
    uint64_t idle_rounds = 0, work = 0, rounds = 0;
    unsigned jround = 0;
    ck_jiffies_live = 1;
    for (;;) {
        if (atomic_load_explicit(&driver_stopped, memory_order_acquire))
            break;
        if (me == 0) {
            if (check_stop()) {
                atomic_store_explicit(&driver_stopped, 1, memory_order_release);
                break;
            }
        } else if (CK_UNLIKELY(stop_pending())) {
            /* Thread 0 decides whether this request stops the driver. */
            if (atomic_load_explicit(&hard_stop, memory_order_relaxed))
                break;
            ck_cpu_relax();
            struct timespec req = {0, 1000};
            nanosleep(&req, NULL);
            continue;
        }
        if (jround == 0 || idle_rounds > 0)
            ck_jiffies_cached = ck_jiffies_read();
        if (++jround == CK_JIFFY_ROUNDS)
            jround = 0;

        uint64_t moved = 0;
        for (int i = 0; i < nmine; i++) {
            ck_task *t = mine[i];
            int n = t->fn();
            t->calls++;
            if (n > 0) {
                t->packets += (uint64_t)n;
                moved += (uint64_t)n;
            }
            /* Click's driver stops right after the task that asked for it. */
            if (CK_UNLIKELY(stop_pending()))
                break;
        }
        st->task_calls += (uint64_t)nmine;
        st->task_packets += moved;
        if (atomic_load_explicit(&ts->next_expiry, memory_order_relaxed) != INT64_MAX) {
            int64_t now = ck_monotonic_ns();
            if (now >= atomic_load_explicit(&ts->next_expiry, memory_order_acquire))
                moved += (uint64_t)run_timers(me, now);
        }
        if (nthreads > 1) {
            work += moved;
            atomic_store_explicit(&ts->work, work, memory_order_release);
            atomic_store_explicit(&ts->rounds, ++rounds, memory_order_release);
        }
        if (moved > 0) {
            st->busy_rounds++;
            idle_rounds = 0;
            if (q)
                q->armed = 0;
            continue;
        }
        st->idle_rounds++;
        if (q && quiescent(q)) {
            /* Nothing left to do: every source is done and nothing moves. */
            ck_router_stop();
            continue;
        }
        idle_wait(me, ++idle_rounds, st);
    }
    st->stop_ns = ck_monotonic_ns();
    st->cpu_stop_ns = ck_thread_cpu_ns();
    ck_jiffies_live = 0;
    free(q);
    free(mine);
}

static void *thread_main(void *arg)
{
    run_thread((int)(intptr_t)arg);
    return NULL;
}

void ck_run(void)
{
    pthread_once(&thr_once, thr_init);
    install_signals();
    ck_pool_setup(nthreads);
    atomic_store(&driver_stopped, 0);
    pthread_t ids[CK_MAX_THREADS];
    int started = 1;
    if (nthreads > 1) {
        ck_multithreaded = 1;
        atomic_store_explicit(&threads_running, 1, memory_order_release);
        for (; started < nthreads; started++) {
            int err = pthread_create(&ids[started], NULL, thread_main, (void *)(intptr_t)started);
            if (err != 0) {
                fprintf(stderr, "cannot start thread %d: %s\n", started, strerror(err));
                atomic_store(&hard_stop, 1);
                break;
            }
        }
    }
    run_thread(0);
    atomic_store_explicit(&driver_stopped, 1, memory_order_release);
    for (int t = 1; t < started; t++)
        pthread_join(ids[t], NULL);
    atomic_store_explicit(&threads_running, 0, memory_order_release);
    ck_multithreaded = 0;
    ck_thread_id = 0;
    restore_signals();
}

void ck_sched_reset(void)
{
    pthread_once(&thr_once, thr_init);
    free(tasks);
    tasks = NULL;
    ntasks = tasks_cap = 0;
    nthreads = 1;
    atomic_store(&sources_active, 0);
    atomic_store(&stop_requests, 0);
    atomic_store(&hard_stop, 0);
    atomic_store(&driver_stopped, 0);
    stop_hook = NULL;
    for (int t = 0; t < CK_MAX_THREADS; t++) {
        pthread_mutex_lock(&thr[t].timer_lock);
        thr[t].timers = NULL;
        atomic_store(&thr[t].next_expiry, INT64_MAX);
        atomic_store(&thr[t].work, 0);
        atomic_store(&thr[t].rounds, 0);
        pthread_mutex_unlock(&thr[t].timer_lock);
    }
    memset(ck_thread_stats_table, 0, sizeof ck_thread_stats_table);
}
