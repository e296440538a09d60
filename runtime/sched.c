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
 * never past its next timer; any work resets the back-off.  Idle threads spin instead while
 * the router stops (the drain) and while thread 0 times a quiescence window (ctl.probing), so
 * the end of the input is noticed within a few spinning rounds, not sleeping ones.
 *
 * Timers: every thread has its own timer list (lock-protected, since another thread may
 * schedule a timer), and a timer runs on the thread current at its ck_timer_init (the element's
 * thread: ck_main initializes each element with ck_thread_id set to its thread).  A round reads
 * the clock only when its thread has a timer pending (an atomic "next expiry" per thread);
 * jiffies (ck_jiffies) are refreshed every few busy rounds (adaptive: at most about
 * CK_JIFFY_STALE_NS old) and after an idle round.
 *
 * Termination follows Click's driver: ck_router_stop() is Router::please_stop_driver() (a
 * DriverManager or Script may absorb it; thread 0 handles requests, the others pause until it
 * has), SIGINT/SIGTERM stop at once (Click's stop_signal_handler sets STOP_RUNCOUNT).  In
 * addition the router stops by itself when it is quiescent: no source is active, no timer is
 * pending on any thread, and no thread moved a packet during CK_QUIESCE_ROUNDS rounds of every
 * thread (counted from a snapshot of the threads' work counters taken by thread 0; with one
 * thread, one idle round suffices, as before).  That request goes through the stop hook too, so
 * "DriverManager(wait_stop, ...)" sees the end of the input.
 *
 * With several threads a stop request that no hook absorbs first drains (control()): sources
 * pause, the pulling tasks run until nothing moves on any thread, so queues between threads are
 * emptied as Click's single thread would have.  With --adapt thread 0 also re-measures the
 * tasks every epoch and moves them between threads at loop boundaries (runtime/adapt.c,
 * sync_tasks(); docs/runtime.md, "Adaptive re-balancing").
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "clickc.h"
#include "ring.h"
#include "cksched.h"
#include "adapt.h"
#include "sched_impl.h"
#include "hotswap.h"
#include "io_dpdk_state.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <sys/prctl.h>
#include <stdlib.h>
#include <time.h>

/* Idle rounds spent spinning (CK_SPIN_PAUSES pause instructions each) before sleeping. */
#define CK_SPIN_ROUNDS 32
#define CK_SPIN_PAUSES 16
/* Back-off sleeps: first and largest, in nanoseconds. */
#define CK_SLEEP_MIN_NS 1000
#define CK_SLEEP_MAX_NS 1000000
/* ... and the largest in a router with rings between threads: a thread asleep for a whole CK_SLEEP_MAX_NS while
 * the other side of a ring runs lets the ring fill (4,096 packets at 250 ns each is 1 ms), its
 * producer then waits on it (back-pressure) or drops, and the two threads end up taking turns
 * instead of running together (docs/runtime.md, "Tasks and idle back-off"). */
#define CK_SLEEP_MAX_SMP_NS 50000
/* Busy rounds between two refreshes of the cached jiffies: adaptive, from CK_JIFFY_ROUNDS up to
 * CK_JIFFY_ROUNDS_MAX, doubling while a refresh interval lasted under CK_JIFFY_STALE_NS / 2 and
 * halving when one lasted longer than CK_JIFFY_STALE_NS, so the cached value is at most about
 * CK_JIFFY_STALE_NS (a fifth of a 1 ms jiffy) old while busy rounds do not pay a clock read
 * (24 ns on a KVM guest) every few packets.  -DCK_JIFFY_ROUNDS=1 -DCK_JIFFY_ROUNDS_MAX=1 reads
 * the clock every round (for measurements). */
#ifndef CK_JIFFY_ROUNDS_MAX
#define CK_JIFFY_ROUNDS_MAX 1024
#endif
#define CK_JIFFY_STALE_NS 200000
#ifndef CK_JIFFY_ROUNDS
#define CK_JIFFY_ROUNDS 8
#endif
/* When timers are checked while tasks keep moving packets, as Click's RouterThread::driver
 * does (lib/routerthread.cc, lib/timerset.cc): an iteration runs CK_TASKS_PER_ITER + 1 calls of
 * tasks that work (Click's run_tasks(_tasks_per_iter) at user level; a clickc task that moved
 * nothing stands for one Click had unscheduled), and the timers are looked at every
 * timer_stride-th iteration; the stride starts at CK_TIMER_STRIDE_MAX, shrinks by 4/5 whenever
 * the first timer is found more than CK_TIMER_ADJUST_NS late, and grows by one after 12 checks in
 * time.  A round that moved nothing ends the iteration and checks the timers at once (Click's
 * task list is empty then, so its iterations follow each other without delay).  So a Script or
 * timer set at initialization runs after the sources' first bursts, as in Click, not between
 * the first two. */
#define CK_TASKS_PER_ITER 128
#define CK_TIMER_STRIDE_MAX 32
#define CK_TIMER_ADJUST_NS 500000 /* Click's Timer::adjustment(), 500 us */
/* Rounds of every thread without work, after thread 0's snapshot, before a multi-threaded
 * router counts as quiescent: enough for a consumer to take packets a ring deferred under the
 * SMP Click 4.5 rule (ring.h, CK_RING_DEFER_POLLS). */
#define CK_QUIESCE_ROUNDS (CK_RING_DEFER_POLLS + 2)
/* The longest the stop drain waits for consumers that still move packets (see control()). */
#define CK_DRAIN_MAX_NS 1000000000LL

unsigned char *ck_task_asleep;

static ck_task **tasks;
static int ntasks, tasks_cap;
static int nthreads = 1;
/* The flags every thread reads on every task call or round, on cache lines of their own (they
 * change only when the router starts, stops, a source starts or ends, or --adapt moves tasks;
 * nothing written often may share their line). */
static struct {
    _Alignas(64) _Atomic int sources_active;
    _Atomic int stop_requests;   /* pending please_stop_driver() calls */
    _Atomic int hard_stop;       /* lock-free: set from the signal handler */
    _Atomic int draining;        /* thread 0 decided to stop: sources pause, rings drain */
    _Atomic int driver_stopped;  /* thread 0 decided to stop: every thread leaves */
    _Atomic int threads_running;
    _Atomic int adapt_moving;    /* --adapt: a step's hand-offs are under way */
    _Atomic int probing;         /* thread 0 is timing a quiescence window: nobody sleeps */
} ctl;
static int64_t drain_ns = -1;    /* how long the last stop drained (thread 0), -1: no drain */
static int (*stop_hook)(void);
static ck_thread_sched thr[CK_MAX_THREADS];
static pthread_once_t thr_once = PTHREAD_ONCE_INIT;
/* Elements that initialized a timer (ck_timer_init during their initialization): --adapt
 * leaves their tasks where they are, since the timer keeps running on the element's thread. */
static unsigned char *timer_elems;
static int timer_elems_n;
static int init_elem = -1;

_Alignas(64) ck_thread_stats ck_thread_stats_table[CK_MAX_THREADS];
int ck_multithreaded;
int ck_pin_policy = -1;
int ck_pin_offset = 0;

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

/* ---- the clock (docs/runtime.md, "Simulated time") ----
 *
 * Every time read of the runtime and the elements goes through ck_now_ns and ck_monotonic_ns.
 * Under --simtime both return one simulated value, as Click's Timestamp::now and now_steady
 * under warp_simulation (lib/timestamp.cc): it starts at the given second (Click's default
 * 1000000000) and moves only when the driver moves it (sim_advance): after a round (with
 * several threads, a cycle of every thread's round) in which nothing moved, to the next timer's
 * expiry (Click's TimerSet::next_timer_delay with warp_jump_steady), or, while tasks still poll
 * (clickc's tasks poll where Click's would sleep on a timer), at most to the next jiffy; and by
 * CK_SIM_BUSY_NS after a round that moved packets (Click's simulated clock ticks on every read,
 * so a router whose tasks never rest still sees time pass). */
#ifndef CK_SIM_BUSY_NS
#define CK_SIM_BUSY_NS 1000
#endif
static int sim_on;
static _Atomic int64_t sim_now;

void ck_simtime_enable(int64_t start_ns)
{
    sim_on = 1;
    atomic_store(&sim_now, start_ns);
}

int ck_simtime_enabled(void) { return sim_on; }

int64_t ck_real_monotonic_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

int64_t ck_now_ns(void)
{
    if (CK_UNLIKELY(sim_on))
        return atomic_load_explicit(&sim_now, memory_order_acquire);
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

int64_t ck_monotonic_ns(void)
{
    if (CK_UNLIKELY(sim_on))
        return atomic_load_explicit(&sim_now, memory_order_acquire);
    return ck_real_monotonic_ns();
}

int64_t ck_thread_cpu_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

int ck_router_nthreads = 1;
void ck_set_nthreads(int n)
{
    nthreads = n < 1 ? 1 : n > CK_MAX_THREADS ? CK_MAX_THREADS : n;
    ck_router_nthreads = nthreads;
}
int ck_nthreads(void) { return nthreads; }
int ck_threads_running(void) { return atomic_load_explicit(&ctl.threads_running, memory_order_acquire); }

void ck_sched_initializing(int elem) { init_elem = elem; }

static int elem_has_timer(int elem)
{
    return elem >= 0 && elem < timer_elems_n && timer_elems[elem];
}

int ck_task_register(ck_task_fn fn, int elem, int thread)
{
    if (ntasks == tasks_cap) {
        int ncap = tasks_cap ? 2 * tasks_cap : 16;
        ck_task **nt = realloc(tasks, (size_t)ncap * sizeof *nt);
        if (!nt) {
            fprintf(stderr, "out of memory\n");
            exit(1);
        }
        tasks = nt;
        tasks_cap = ncap;
    }
    ck_task *t = aligned_alloc(CK_CACHE_LINE, sizeof *t);
    if (!t) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    if (thread < 0 || thread >= nthreads)
        thread = thread < 0 ? 0 : thread % nthreads;
    memset(t, 0, sizeof *t);
    t->fn = fn;
    t->elem = elem;
    atomic_init(&t->thread, thread);
    atomic_init(&t->target, thread);
    atomic_init(&t->cost, 0);
    atomic_init(&t->spkts, 0);
    const ck_element_def *e = ck_current_router && elem >= 0 && elem < ck_current_router->nelements
                                  ? &ck_current_router->elements[elem]
                                  : NULL;
    /* A task with a pull input drains a queue; one without (FromDump, InfiniteSource) makes
     * packets.  Without the element's definition (runtime tests) a task counts as a source. */
    t->consumer = e && e->input_kinds && strchr(e->input_kinds, 'l') != NULL;
    t->pinned = elem_has_timer(elem);
    t->upstream_empty = e && ck_task_asleep ? e->upstream_empty : NULL;
    t->asleep = t->upstream_empty ? &ck_task_asleep[elem] : &t->own_asleep;
    tasks[ntasks] = t;
    return ntasks++;
}

void ck_task_pin(int i)
{
    if (i >= 0 && i < ntasks)
        tasks[i]->pinned = 1;
}

int ck_task_count(void) { return ntasks; }

void ck_task_stats(int i, int *elem, int *thread, uint64_t *calls, uint64_t *packets)
{
    *elem = tasks[i]->elem;
    *thread = atomic_load_explicit(&tasks[i]->thread, memory_order_acquire);
    *calls = tasks[i]->calls;
    *packets = tasks[i]->packets;
}

/* Callbacks waiting for a source to become active again (ck_on_source_revive). */
#define CK_REVIVE_MAX 64
static pthread_mutex_t revive_lock = PTHREAD_MUTEX_INITIALIZER;
static struct { void (*fn)(void *); void *arg; } revive[CK_REVIVE_MAX];
static int nrevive;

/* Run (and forget) the waiting callbacks; called without revive_lock held. */
static void run_revive(void)
{
    void (*fns[CK_REVIVE_MAX])(void *);
    void *args[CK_REVIVE_MAX];
    pthread_mutex_lock(&revive_lock);
    int n = nrevive;
    for (int i = 0; i < n; i++) {
        fns[i] = revive[i].fn;
        args[i] = revive[i].arg;
    }
    nrevive = 0;
    pthread_mutex_unlock(&revive_lock);
    for (int i = 0; i < n; i++)
        fns[i](args[i]);
}

void ck_source_active(int delta)
{
    int before = atomic_fetch_add_explicit(&ctl.sources_active, delta, memory_order_acq_rel);
    if (delta > 0 && before <= 0 && before + delta > 0)
        run_revive();
}
int ck_sources_active(void) { return atomic_load_explicit(&ctl.sources_active, memory_order_acquire); }

/* Source groups (clickc.h): key -> members not yet ended. */
static struct {
    char *key;
    int members;
} source_groups[CK_SOURCE_GROUPS];
static pthread_mutex_t source_groups_lock = PTHREAD_MUTEX_INITIALIZER;

int ck_source_group_join(const char *key)
{
    int r = -1, free_slot = -1;
    pthread_mutex_lock(&source_groups_lock);
    for (int i = 0; i < CK_SOURCE_GROUPS; i++) {
        if (source_groups[i].key && strcmp(source_groups[i].key, key) == 0) {
            r = ++source_groups[i].members;
            break;
        }
        if (!source_groups[i].key && free_slot < 0)
            free_slot = i;
    }
    if (r < 0 && free_slot >= 0 && (source_groups[free_slot].key = ck_strdup(key)) != NULL)
        r = source_groups[free_slot].members = 1;
    pthread_mutex_unlock(&source_groups_lock);
    return r;
}

int ck_source_group_leave(const char *key)
{
    int r = 0;
    pthread_mutex_lock(&source_groups_lock);
    for (int i = 0; i < CK_SOURCE_GROUPS; i++) {
        if (source_groups[i].key && strcmp(source_groups[i].key, key) == 0) {
            r = --source_groups[i].members;
            if (r <= 0) {
                free(source_groups[i].key);
                source_groups[i].key = NULL;
                r = 0;
            }
            break;
        }
    }
    pthread_mutex_unlock(&source_groups_lock);
    return r;
}

int ck_on_source_revive(void (*fn)(void *), void *arg)
{
    pthread_mutex_lock(&revive_lock);
    if (nrevive == CK_REVIVE_MAX) {
        pthread_mutex_unlock(&revive_lock);
        return -1;
    }
    revive[nrevive].fn = fn;
    revive[nrevive].arg = arg;
    nrevive++;
    pthread_mutex_unlock(&revive_lock);
    if (ck_sources_active() > 0) /* a source came back before the callback was registered */
        run_revive();
    return 0;
}

void ck_router_stop(void) { atomic_fetch_add_explicit(&ctl.stop_requests, 1, memory_order_acq_rel); }
void ck_router_stop_hard(void) { atomic_store(&ctl.hard_stop, 1); }
int ck_router_stopping(void)
{
    return atomic_load_explicit(&ctl.hard_stop, memory_order_relaxed) ||
           atomic_load_explicit(&ctl.stop_requests, memory_order_relaxed) > 0 ||
           atomic_load_explicit(&ctl.draining, memory_order_relaxed);
}
void ck_set_stop_hook(int (*hook)(void)) { stop_hook = hook; }

/* ---- timers ---- */

void ck_timer_init(ck_timer *t, void (*fn)(void *), void *arg)
{
    t->fn = fn;
    t->arg = arg;
    t->expiry_ns = 0;
    t->scheduled = 0;
    t->background = 0;
    t->thread = ck_thread_id >= 0 && ck_thread_id < CK_MAX_THREADS ? ck_thread_id : 0;
    t->next = NULL;
    if (init_elem >= 0 && ck_current_router && init_elem < ck_current_router->nelements) {
        if (!timer_elems) {
            timer_elems = calloc((size_t)ck_current_router->nelements, 1);
            timer_elems_n = timer_elems ? ck_current_router->nelements : 0;
        }
        if (init_elem < timer_elems_n)
            timer_elems[init_elem] = 1;
    }
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
    if (!t->background)
        atomic_fetch_sub_explicit(&ts->work_timers, 1, memory_order_release);
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
    if (!t->background)
        atomic_fetch_add_explicit(&ts->work_timers, 1, memory_order_release);
    publish_expiry(ts);
    pthread_mutex_unlock(&ts->timer_lock);
}

void ck_timer_schedule_after(ck_timer *t, int64_t delta_ns)
{
    ck_timer_schedule_at(t, ck_monotonic_ns() + delta_ns);
}

static inline int stop_pending(void);

/* Run thread `me`'s expired timers (without holding the lock while a timer runs); returns how
 * many ran.  A timer that asks the driver to stop ends the pass, as Click's
 * TimerSet::run_timers stops at the thread's stop flag: the others wait for the next. */
static int run_timers(int me, int64_t now)
{
    ck_thread_sched *ts = &thr[me];
    int n = 0;
    pthread_mutex_lock(&ts->timer_lock);
    while (ts->timers && ts->timers->expiry_ns <= now && !stop_pending()) {
        ck_timer *t = ts->timers;
        ts->timers = t->next;
        t->scheduled = 0;
        t->next = NULL;
        if (!t->background)
            atomic_fetch_sub_explicit(&ts->work_timers, 1, memory_order_release);
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

/* A timer that is work (not a background one: ck_timer.background) is pending somewhere. */
static int timers_pending_anywhere(void)
{
    for (int t = 0; t < nthreads; t++)
        if (atomic_load_explicit(&thr[t].work_timers, memory_order_acquire) > 0)
            return 1;
    return 0;
}

/* ---- signals and stop requests ---- */

static _Atomic int signalled; /* SIGINT/SIGTERM arrived (a -R swap then does not run) */

static void on_signal(int sig)
{
    atomic_store(&signalled, 1);
    if (atomic_load(&ctl.hard_stop)) {
        /* A second signal: default action. */
        signal(sig, SIG_DFL);
        raise(sig);
        return;
    }
    atomic_store(&ctl.hard_stop, 1);
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

static inline int stop_pending(void)
{
    return atomic_load_explicit(&ctl.stop_requests, memory_order_relaxed) > 0 ||
           atomic_load_explicit(&ctl.hard_stop, memory_order_relaxed);
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
    int want = (me + ck_pin_offset) % count, cpu = -1;
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

/* ---- simulated time: the advance and the threads' turns ---- */

/* An idle round (cycle) under --simtime: jump to the earliest pending timer; while tasks still
 * poll (`polling`), to the next jiffy boundary if that comes first. */
static void sim_advance(int polling)
{
    /* Only background timers left (ck_timer.background) and nothing else to wait for: the
     * router is about to be quiescent, and the clock stays where the work ended. */
    if (!polling && !timers_pending_anywhere() &&
        atomic_load_explicit(&ctl.sources_active, memory_order_acquire) == 0)
        return;
    int64_t now = atomic_load_explicit(&sim_now, memory_order_acquire), target = INT64_MAX;
    for (int t = 0; t < nthreads; t++) {
        int64_t e = atomic_load_explicit(&thr[t].next_expiry, memory_order_acquire);
        if (e < target)
            target = e;
    }
    if (polling) {
        const int64_t jiffy = 1000000000 / CK_HZ;
        int64_t next_jiffy = (now / jiffy + 1) * jiffy;
        if (next_jiffy < target)
            target = next_jiffy;
    }
    if (target != INT64_MAX && target > now)
        atomic_store_explicit(&sim_now, target, memory_order_release);
}

/* A round (cycle) that moved packets under --simtime. */
static void sim_tick(void)
{
    atomic_fetch_add_explicit(&sim_now, CK_SIM_BUSY_NS, memory_order_acq_rel);
}

/* With several threads under --simtime the threads take turns, one round each in thread order
 * (a cycle), so a run does the same work in the same order every time; the clock moves only
 * between cycles, when no thread moved anything during one. */
static struct {
    pthread_mutex_t lock;
    pthread_cond_t cond;
    int turn;
    uint64_t moved, called; /* of the current cycle */
} sim_turns = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0, 0, 0};

static int sim_lockstep(void) { return sim_on && nthreads > 1; }

/* Thread `me` ends its round (moved, called: its packets and task calls) and hands the turn on;
 * the last thread of a cycle advances the clock after an idle cycle. */
static void sim_pass_turn(int me, uint64_t moved, uint64_t called)
{
    pthread_mutex_lock(&sim_turns.lock);
    sim_turns.moved += moved;
    sim_turns.called += called;
    if (me == nthreads - 1) {
        if (sim_turns.moved == 0)
            sim_advance(sim_turns.called > 0);
        else
            sim_tick();
        sim_turns.moved = sim_turns.called = 0;
    }
    sim_turns.turn = (me + 1) % nthreads;
    pthread_cond_broadcast(&sim_turns.cond);
    pthread_mutex_unlock(&sim_turns.lock);
}

/* Wait for thread `me`'s turn; returns 0 when the driver stopped meanwhile. */
static int sim_take_turn(int me)
{
    pthread_mutex_lock(&sim_turns.lock);
    while (sim_turns.turn != me && !atomic_load(&ctl.driver_stopped) && !atomic_load(&ctl.hard_stop))
        pthread_cond_wait(&sim_turns.cond, &sim_turns.lock);
    int mine = sim_turns.turn == me;
    pthread_mutex_unlock(&sim_turns.lock);
    return mine;
}

/* A thread leaving the loop wakes the others, which see the driver stopped. */
static void sim_release(void)
{
    pthread_mutex_lock(&sim_turns.lock);
    pthread_cond_broadcast(&sim_turns.cond);
    pthread_mutex_unlock(&sim_turns.lock);
}

/* ---- the task loop ---- */

static void idle_wait(int me, uint64_t idle_rounds, ck_thread_stats *st)
{
    /* The drain lasts a few rounds of every thread: a thread sleeping up to CK_SLEEP_MAX_NS per
     * round would make the stop wait milliseconds (a few per cent of a short benchmark). */
    if (idle_rounds <= CK_SPIN_ROUNDS || atomic_load_explicit(&ctl.draining, memory_order_relaxed) ||
        atomic_load_explicit(&ctl.probing, memory_order_relaxed)) {
        for (int k = 0; k < CK_SPIN_PAUSES; k++)
            ck_cpu_relax();
        return;
    }
    uint64_t shift = idle_rounds - CK_SPIN_ROUNDS - 1;
    int64_t most = ck_current_router && ck_current_router->rings > 0 ? CK_SLEEP_MAX_SMP_NS
                                                                     : CK_SLEEP_MAX_NS;
    int64_t wait = shift >= 10 ? most : (int64_t)CK_SLEEP_MIN_NS << shift;
    if (wait > most)
        wait = most;
    /* While tasks change threads, a sleeping thread would delay the hand-off. */
    if (atomic_load_explicit(&ctl.adapt_moving, memory_order_relaxed))
        wait = CK_SLEEP_MIN_NS;
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

/* Stop timing a quiescence window (threads may sleep when idle again). */
static void disarm(quiesce *q)
{
    if (q->armed) {
        q->armed = 0;
        atomic_store_explicit(&ctl.probing, 0, memory_order_relaxed);
    }
}

/* Returns 1 when no thread moved a packet during CK_QUIESCE_ROUNDS rounds of every thread
 * (counted from the snapshot the first call takes); 0 meanwhile, or when one did.  While the
 * window is open idle threads spin instead of sleeping (ctl.probing, idle_wait()): rounds of a
 * thread that sleeps up to CK_SLEEP_MAX_NS each would make the end of the input wait several
 * milliseconds for the stop. */
static int idle_window(quiesce *q)
{
    if (!q->armed) {
        for (int t = 0; t < nthreads; t++)
            q->rounds[t] = atomic_load_explicit(&thr[t].rounds, memory_order_acquire);
        q->work = total_work();
        q->armed = 1;
        atomic_store_explicit(&ctl.probing, 1, memory_order_relaxed);
        return 0;
    }
    for (int t = 0; t < nthreads; t++)
        if (atomic_load_explicit(&thr[t].rounds, memory_order_acquire) < q->rounds[t] + CK_QUIESCE_ROUNDS)
            return 0;
    disarm(q);
    return total_work() == q->work;
}

/* Returns 1 when the router is quiescent. */
static int quiescent(quiesce *q)
{
    if (atomic_load_explicit(&ctl.sources_active, memory_order_acquire) > 0 || timers_pending_anywhere() ||
        stop_pending()) {
        disarm(q);
        return 0;
    }
    if (nthreads == 1)
        return 1;
    return idle_window(q);
}

/* Thread 0, once per round: handle stop requests and the drain.  Returns 1 when every thread
 * must leave now.
 *
 * One thread: a request that no hook absorbs stops the driver at once (Click's driver).
 * Several threads: the request starts the drain instead.  Sources stop producing (a thread runs
 * only its tasks with a pull input, no timers), the other tasks keep running, and the driver
 * stops when no thread moved a packet during CK_QUIESCE_ROUNDS rounds of every thread: then
 * every queue between threads whose consumer can run is empty (a consumer polls its ring every
 * round, and the SMP Click 4.5 deferral holds a packet back for at most CK_RING_DEFER_POLLS
 * polls) and no packet is on its way into one.  A consumer that cannot make progress (a rate
 * limit, a full device) does not hold the driver: after CK_DRAIN_MAX_NS the drain ends and
 * what is left stays counted in its queue. */
static int control(quiesce *q, int64_t *drain_start)
{
    if (atomic_load_explicit(&ctl.hard_stop, memory_order_relaxed))
        return 1;
    if (!atomic_load_explicit(&ctl.draining, memory_order_relaxed)) {
        while (atomic_load_explicit(&ctl.stop_requests, memory_order_acquire) > 0) {
            atomic_fetch_sub_explicit(&ctl.stop_requests, 1, memory_order_acq_rel);
            if (stop_hook && stop_hook())
                continue;
            if (nthreads == 1)
                return 1;
            atomic_store_explicit(&ctl.draining, 1, memory_order_release);
            *drain_start = ck_monotonic_ns();
            disarm(q);
            break;
        }
        if (!atomic_load_explicit(&ctl.draining, memory_order_relaxed))
            return 0;
    }
    /* Later requests change nothing: the driver is already stopping. */
    if (atomic_load_explicit(&ctl.stop_requests, memory_order_relaxed) > 0)
        atomic_exchange_explicit(&ctl.stop_requests, 0, memory_order_acq_rel);
    int64_t d = ck_monotonic_ns() - *drain_start;
    if (idle_window(q) || d > CK_DRAIN_MAX_NS) {
        drain_ns = d;
        return 1;
    }
    return 0;
}

int64_t ck_sched_drain_ns(void) { return drain_ns; }

/* A thread at its loop boundary: hand over the tasks that must leave, take the ones that
 * arrived (see ck_adapt_tick in adapt.c). */
static void sync_tasks(int me, ck_task **mine, int *nmine)
{
    atomic_exchange_explicit(&thr[me].mail, 0, memory_order_acq_rel);
    int k = 0;
    for (int i = 0; i < *nmine; i++) {
        ck_task *t = mine[i];
        int to = atomic_load_explicit(&t->target, memory_order_acquire);
        if (to != me && to >= 0 && to < nthreads) {
            atomic_store_explicit(&t->thread, to, memory_order_release);
            atomic_store_explicit(&thr[to].mail, 1, memory_order_release);
            continue;
        }
        mine[k++] = t;
    }
    for (int i = 0; i < ntasks; i++) {
        ck_task *t = tasks[i];
        if (atomic_load_explicit(&t->thread, memory_order_acquire) != me)
            continue;
        int have = 0;
        for (int j = 0; j < k && !have; j++)
            have = mine[j] == t;
        if (!have)
            mine[k++] = t;
    }
    *nmine = k;
}

static void run_thread(int me)
{
    ck_thread_id = me;
    ck_thread_stats *st = &ck_thread_stats_table[me];
    ck_thread_sched *ts = &thr[me];
    st->cpu = ck_pin_policy > 0 || (ck_pin_policy < 0 && nthreads > 1) ? pin_thread(me) : -1;
#ifdef PR_SET_TIMERSLACK
    /* Linux stretches a sleep by the thread's timer slack (50 us by default): the back-off's
     * first 1 us sleeps took 50 us or more, long enough for a busy producer on another thread
     * to fill a queue.  Ask for CK_SLEEP_MIN_NS. */
    if (nthreads > 1)
        prctl(PR_SET_TIMERSLACK, (unsigned long)CK_SLEEP_MIN_NS, 0, 0, 0);
#endif
    ck_pool_thread_start(me, st->cpu);

    /* This thread's private task list (room for every task: --adapt may bring more). */
    ck_task **mine = malloc(((size_t)ntasks + 1) * sizeof *mine);
    if (!mine) {
        fprintf(stderr, "out of memory\n");
        atomic_store(&ctl.hard_stop, 1);
        return;
    }
    int nmine = 0;
    for (int i = 0; i < ntasks; i++)
        if (atomic_load_explicit(&tasks[i]->thread, memory_order_acquire) == me)
            mine[nmine++] = tasks[i];

    /* --adapt-trace alone measures and prints without moving anything */
    const int adapt = (ck_adapt.enabled || ck_adapt.trace) && nthreads > 1;
    quiesce *q = me == 0 ? calloc(1, sizeof *q) : NULL;
    ck_adapt_state *as = NULL;
    if (me == 0 && adapt) {
        const ck_sched_view view = {tasks, ntasks, nthreads, thr, &ctl.adapt_moving, total_work};
        as = ck_adapt_open(&view);
    }
    int64_t drain_start = 0;
    st->cpu_start_ns = ck_thread_cpu_ns();
    st->start_ns = ck_monotonic_ns();
    uint64_t idle_rounds = 0, work = 0, rounds = 0, round_tsc = ck_tsc_now(), last_moved = 0;
    unsigned jround = 0, jrounds = CK_JIFFY_ROUNDS;
    int64_t jlast_ns = ck_monotonic_ns();
    unsigned iter = 0, iter_calls = 0, timer_stride = CK_TIMER_STRIDE_MAX, timer_checks = 0;
    /* the cache is valid before the first round: a DriverManager's first step runs at the
     * first stop check, before the round that refreshes it (ARPTable.insert read 0) */
    ck_jiffies_cached = (uint32_t)(jlast_ns / (1000000000 / CK_HZ));
    ck_jiffies_live = 1;
    const int lockstep = sim_lockstep();
    int have_turn = 0;
    uint64_t sim_moved = 1, sim_called = 0; /* the last round, for the turn hand-over */
    for (;;) {
        if (lockstep) {
            if (have_turn)
                sim_pass_turn(me, sim_moved, sim_called);
            have_turn = sim_take_turn(me);
            sim_moved = 1, sim_called = 0; /* a round cut short is not idle */
        }
        if (atomic_load_explicit(&ctl.driver_stopped, memory_order_acquire))
            break;
        if (me == 0) {
            if (control(q, &drain_start)) {
                atomic_store_explicit(&ctl.driver_stopped, 1, memory_order_release);
                break;
            }
        } else if (CK_UNLIKELY(stop_pending())) {
            /* Thread 0 decides whether this request stops the driver. */
            if (atomic_load_explicit(&ctl.hard_stop, memory_order_relaxed))
                break;
            if (lockstep)
                continue; /* thread 0 handles it in its turn */
            ck_cpu_relax();
            struct timespec req = {0, 1000};
            nanosleep(&req, NULL);
            continue;
        }
        if (adapt) {
            /* the previous round, its back-off included, was busy or idle */
            uint64_t now_tsc = ck_tsc_now();
            _Atomic uint64_t *acc = last_moved ? &ts->busy_tsc : &ts->idle_tsc;
            atomic_store_explicit(acc, atomic_load_explicit(acc, memory_order_relaxed) +
                                           (now_tsc - round_tsc), memory_order_relaxed);
            round_tsc = now_tsc;
            if (CK_UNLIKELY(atomic_load_explicit(&ts->mail, memory_order_relaxed)))
                sync_tasks(me, mine, &nmine);
        }
        const int drain = nthreads > 1 && atomic_load_explicit(&ctl.draining, memory_order_relaxed);
        if (jround == 0 || idle_rounds > 0) {
            int64_t jnow = ck_monotonic_ns();
            ck_jiffies_cached = (uint32_t)(jnow / (1000000000 / CK_HZ));
            if (jround == 0) {
                int64_t took = jnow - jlast_ns;
                if (took < CK_JIFFY_STALE_NS / 2 && jrounds < CK_JIFFY_ROUNDS_MAX)
                    jrounds *= 2;
                else if (took > CK_JIFFY_STALE_NS && jrounds > CK_JIFFY_ROUNDS)
                    jrounds /= 2;
            }
            jlast_ns = jnow;
            jround = 0;
        }
        if (++jround == jrounds)
            jround = 0;

        uint64_t moved = 0, called = 0;
        for (int i = 0; i < nmine; i++) {
            ck_task *t = mine[i];
            if (*t->asleep)
                continue; /* its Queues are empty; a push into one wakes it */
            if (CK_UNLIKELY(drain) && !t->consumer)
                continue; /* sources make nothing more once the driver is stopping */
            int n;
            if (CK_UNLIKELY(adapt) && (t->calls & CK_ADAPT_SAMPLE_MASK) == 0) {
                uint64_t t0 = ck_tsc_now();
                n = t->fn();
                uint64_t dt = ck_tsc_now() - t0;
                /* Only calls that moved packets are load: a task that polls and finds nothing
                 * (a finished source, an Unqueue with nothing queued) is what an idle thread
                 * does, and moving it would gain nothing. */
                if (n > 0 && dt < CK_ADAPT_MAX_SAMPLE_CYCLES) {
                    atomic_store_explicit(&t->cost,
                                          atomic_load_explicit(&t->cost, memory_order_relaxed) +
                                              dt * (CK_ADAPT_SAMPLE_MASK + 1),
                                          memory_order_relaxed);
                    atomic_store_explicit(&t->spkts,
                                          atomic_load_explicit(&t->spkts, memory_order_relaxed) +
                                              (uint64_t)n * (CK_ADAPT_SAMPLE_MASK + 1),
                                          memory_order_relaxed);
                }
            } else
                n = t->fn();
            t->calls++;
            called++;
            if (n > 0) {
                t->packets += (uint64_t)n;
                moved += (uint64_t)n;
                iter_calls++;
            } else if (t->upstream_empty && t->upstream_empty()) {
                /* Click's task does not reschedule itself when its signal is inactive */
                *t->asleep = 1;
            }
            /* Click's driver stops right after the task that asked for it. */
            if (CK_UNLIKELY(stop_pending()))
                break;
        }
        st->task_calls += called;
        st->task_packets += moved;
        int iter_end = moved == 0 || iter_calls > CK_TASKS_PER_ITER;
        if (iter_end) {
            iter++;
            iter_calls = 0;
        }
        /* No timer runs while a stop request waits for thread 0 (Click's run_timers does
         * nothing while the stop flag is up): a FromDump's STOP at the end of its file stops
         * the router before a Script whose timer is due gets to run, as in Click. */
        if (!drain && atomic_load_explicit(&ts->next_expiry, memory_order_relaxed) != INT64_MAX &&
            (moved == 0 || (iter_end && iter % timer_stride == 0) || sim_on) &&
            !stop_pending()) {
            /* under --simtime timers run as soon as they expire (Click's tasks would rest) */
            int64_t now = ck_monotonic_ns();
            int64_t first = atomic_load_explicit(&ts->next_expiry, memory_order_acquire);
            if (now >= first) {
                /* Click's TimerSet::run_timers stride adjustment */
                if (first + CK_TIMER_ADJUST_NS <= now) {
                    timer_checks = 0;
                    if (timer_stride > 1)
                        timer_stride = timer_stride * 4 / 5;
                } else if (++timer_checks >= 12) {
                    timer_checks = 0;
                    if (++timer_stride >= CK_TIMER_STRIDE_MAX)
                        timer_stride = CK_TIMER_STRIDE_MAX;
                }
                moved += (uint64_t)run_timers(me, now);
            }
        }
        if (nthreads > 1) {
            work += moved;
            atomic_store_explicit(&ts->work, work, memory_order_release);
            atomic_store_explicit(&ts->rounds, ++rounds, memory_order_release);
        }
        if (as && !drain && ((rounds & 15) == 0 || moved == 0))
            ck_adapt_tick(as, ck_monotonic_ns());
        last_moved = moved;
        sim_moved = moved, sim_called = called;
        if (moved > 0) {
            if (sim_on && !lockstep)
                sim_tick();
            st->busy_rounds++;
            idle_rounds = 0;
            if (q && !drain)
                disarm(q);
            continue;
        }
        st->idle_rounds++;
        if (q && !drain && quiescent(q)) {
            /* Nothing left to do: every source is done and nothing moves. */
            ck_router_stop();
            continue;
        }
        ++idle_rounds;
        if (!sim_on)
            idle_wait(me, idle_rounds, st);
        else if (!lockstep)
            sim_advance(called > 0);
    }
    if (lockstep) {
        if (have_turn)
            sim_pass_turn(me, 1, 0);
        sim_release();
    }
    st->stop_ns = ck_monotonic_ns();
    st->cpu_stop_ns = ck_thread_cpu_ns();
    ck_jiffies_live = 0;
    ck_adapt_close(as);
    free(q);
    free(mine);
}

/* runtime/io_dpdk_state.h: what a thread other than thread 0 releases when it leaves ck_run */
void (*ck_thread_exit_hook)(void);

static void *thread_main(void *arg)
{
    run_thread((int)(intptr_t)arg);
    if (ck_thread_exit_hook)
        ck_thread_exit_hook();
    return NULL;
}

void ck_run(void)
{
    pthread_once(&thr_once, thr_init);
    install_signals();
    ck_pool_setup(nthreads);
    atomic_store(&ctl.driver_stopped, 0);
    atomic_store(&ctl.draining, 0);
    pthread_t ids[CK_MAX_THREADS];
    int started = 1;
    if (nthreads > 1) {
        ck_multithreaded = 1;
        atomic_store_explicit(&ctl.threads_running, 1, memory_order_release);
        for (; started < nthreads; started++) {
            int err = pthread_create(&ids[started], NULL, thread_main, (void *)(intptr_t)started);
            if (err != 0) {
                fprintf(stderr, "cannot start thread %d: %s\n", started, strerror(err));
                atomic_store(&ctl.hard_stop, 1);
                break;
            }
        }
    }
    run_thread(0);
    atomic_store_explicit(&ctl.driver_stopped, 1, memory_order_release);
    for (int t = 1; t < started; t++)
        pthread_join(ids[t], NULL);
    atomic_store_explicit(&ctl.threads_running, 0, memory_order_release);
    ck_multithreaded = 0;
    ck_thread_id = 0;
    restore_signals();
}

void ck_sched_reset(void)
{
    pthread_once(&thr_once, thr_init);
    for (int i = 0; i < ntasks; i++)
        free(tasks[i]);
    free(tasks);
    tasks = NULL;
    ntasks = tasks_cap = 0;
    nthreads = 1;
    free(timer_elems);
    timer_elems = NULL;
    timer_elems_n = 0;
    init_elem = -1;
    atomic_store(&ctl.sources_active, 0);
    pthread_mutex_lock(&revive_lock);
    nrevive = 0;
    pthread_mutex_unlock(&revive_lock);
    atomic_store(&ctl.stop_requests, 0);
    atomic_store(&ctl.hard_stop, 0);
    atomic_store(&ctl.draining, 0);
    atomic_store(&ctl.driver_stopped, 0);
    atomic_store(&ctl.adapt_moving, 0);
    drain_ns = -1;
    stop_hook = NULL;
    sim_turns.turn = 0;
    sim_turns.moved = sim_turns.called = 0;
    for (int t = 0; t < CK_MAX_THREADS; t++) {
        pthread_mutex_lock(&thr[t].timer_lock);
        thr[t].timers = NULL;
        atomic_store(&thr[t].next_expiry, INT64_MAX);
        atomic_store(&thr[t].work_timers, 0);
        atomic_store(&thr[t].work, 0);
        atomic_store(&thr[t].rounds, 0);
        atomic_store(&thr[t].mail, 0);
        atomic_store(&thr[t].busy_tsc, 0);
        atomic_store(&thr[t].idle_tsc, 0);
        pthread_mutex_unlock(&thr[t].timer_lock);
    }
    memset(ck_thread_stats_table, 0, sizeof ck_thread_stats_table);
    memset(&ck_adapt_result, 0, sizeof ck_adapt_result);
}

/* ---- hot reconfiguration (runtime/hotswap.c; the threads are stopped) ---- */

void ck_sched_hot_detach(ck_sched_saved *s)
{
    s->tasks = tasks;
    s->ntasks = ntasks;
    s->tasks_cap = tasks_cap;
    s->timer_elems = timer_elems;
    s->timer_elems_n = timer_elems_n;
    s->sources_active = atomic_load(&ctl.sources_active);
    tasks = NULL;
    ntasks = tasks_cap = 0;
    timer_elems = NULL;
    timer_elems_n = 0;
    atomic_store(&ctl.sources_active, 0);
}

static void free_tasks(ck_task **list, int n)
{
    for (int i = 0; i < n; i++)
        free(list[i]);
    free(list);
}

void ck_sched_hot_restore(ck_sched_saved *s)
{
    free_tasks(tasks, ntasks);
    free(timer_elems);
    tasks = s->tasks;
    ntasks = s->ntasks;
    tasks_cap = s->tasks_cap;
    timer_elems = s->timer_elems;
    timer_elems_n = s->timer_elems_n;
    atomic_store(&ctl.sources_active, s->sources_active);
    memset(s, 0, sizeof *s);
}

void ck_sched_hot_free(ck_sched_saved *s)
{
    free_tasks(s->tasks, s->ntasks);
    free(s->timer_elems);
    memset(s, 0, sizeof *s);
}

void ck_sched_hot_drop_timers(int (*owned)(void (*fn)(void *)))
{
    pthread_once(&thr_once, thr_init);
    for (int t = 0; t < CK_MAX_THREADS; t++) {
        ck_thread_sched *ts = &thr[t];
        pthread_mutex_lock(&ts->timer_lock);
        for (ck_timer **pp = &ts->timers; *pp;) {
            ck_timer *x = *pp;
            if (owned(x->fn)) {
                *pp = x->next;
                x->scheduled = 0;
                x->next = NULL;
            } else
                pp = &x->next;
        }
        publish_expiry(ts);
        pthread_mutex_unlock(&ts->timer_lock);
    }
}

void ck_sched_hot_resume(void)
{
    atomic_store(&ctl.stop_requests, 0);
    atomic_store(&ctl.hard_stop, 0);
    atomic_store(&ctl.draining, 0);
    atomic_store(&ctl.driver_stopped, 0);
}

int ck_sched_hot_signalled(void) { return atomic_load(&signalled); }

ck_stop_hook_fn ck_sched_hot_stop_hook(void) { return stop_hook; }
