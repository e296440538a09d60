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
 * tasks every epoch and moves them between threads at loop boundaries (adapt_tick(),
 * sync_tasks(); docs/runtime.md, "Adaptive re-balancing").
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "clickc.h"
#include "ring.h"
#include "cksched.h"

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
/* --adapt times one task call in CK_ADAPT_SAMPLE_MASK + 1 (a counter read is about 11 ns on a
 * KVM guest; a busy call moves a burst of packets). */
#define CK_ADAPT_SAMPLE_MASK 3
/* --adapt re-balances only when some thread spent at least this share of its rounds' cycles in
 * rounds that moved packets. */
#define CK_ADAPT_MIN_BUSY 0.5
/* --adapt's transfer model: the cycles it costs to hand one packet to another thread through a
 * Queue, charged half to each side, and the share above the lower bound on the busiest thread
 * that keeps a task with its affinity partners: the same model and figures as the placement
 * pass (passes/costmodel.py TRANSFER_CYCLES, from SMP Click's Table 1; passes/placement.py
 * greedy() and its default tolerance). */
#ifndef CK_ADAPT_TRANSFER_CYCLES
#define CK_ADAPT_TRANSFER_CYCLES 340.0 /* -D to override (tests/smp/test_adapt.py sets 0) */
#endif
#define CK_ADAPT_AFFINITY_TOLERANCE 0.10
/* After a step: the epochs measured to judge it (after the one in which its hand-off landed),
 * and how long re-balancing pauses after a step is undone (doubling with every undo). */
#define CK_ADAPT_VERIFY_EPOCHS 3
#define CK_ADAPT_HOLDOFF_MS 1000
#define CK_ADAPT_HOLDOFF_MAX_MS 60000
/* A step is undone when, over those epochs, the busiest thread's task cycles per delivered
 * packet did not drop (against the epoch that decided it), the delivered rate fell below
 * (1 - threshold) of the busy epochs before the step (up to CK_ADAPT_VERIFY_EPOCHS of them),
 * or the share of packets dropped grew by more than CK_ADAPT_DROP_MARGIN; such drops in any
 * epoch after the hand-off, also once the step was kept, undo it at once. */
#define CK_ADAPT_DROP_MARGIN 0.01
/* A sampled task call longer than this many cycles was interrupted (the thread lost its CPU):
 * it is left out of the task's cost and packets (a burst takes tens of microseconds). */
#define CK_ADAPT_MAX_SAMPLE_CYCLES (1u << 20)

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

unsigned char *ck_task_asleep;

/* What each thread shares with the others; one cache-line-aligned record per thread. */
typedef struct ck_thread_sched {
    _Alignas(64) _Atomic uint64_t work; /* packets moved so far (and timers run) */
    _Atomic uint64_t rounds;            /* rounds completed */
    _Atomic int64_t next_expiry;        /* first pending timer, INT64_MAX when none */
    _Atomic int mail;                   /* --adapt: a task is leaving or joining this thread */
    _Atomic uint64_t busy_tsc, idle_tsc; /* --adapt: cycles of rounds that moved packets / none */
    pthread_mutex_t timer_lock;
    ck_timer *timers; /* sorted by expiry; under timer_lock */
} ck_thread_sched;

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
ck_adapt_config ck_adapt = {0, CK_ADAPT_EPOCH_MS_DEFAULT, CK_ADAPT_THRESHOLD_DEFAULT, 1, 0};
int ck_pin_policy = -1;

int ck_adapt_parse(const char *spec)
{
    if (!spec || !*spec)
        return 0;
    char *end;
    const char *comma = strchr(spec, ',');
    if (spec[0] != ',') {
        long ms = strtol(spec, &end, 10);
        if (end == spec || (*end && *end != ',') || ms < 1 || ms > 60000)
            return -1;
        ck_adapt.epoch_ms = (int)ms;
    }
    if (comma && comma[1]) {
        double th = strtod(comma + 1, &end);
        if (end == comma + 1 || *end || !(th > 0) || th >= 1)
            return -1;
        ck_adapt.threshold = th;
    }
    return 0;
}
ck_adapt_stats ck_adapt_result;

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

void ck_source_active(int delta) { atomic_fetch_add_explicit(&ctl.sources_active, delta, memory_order_acq_rel); }
int ck_sources_active(void) { return atomic_load_explicit(&ctl.sources_active, memory_order_acquire); }

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
    /* The drain lasts a few rounds of every thread: a thread sleeping up to CK_SLEEP_MAX_NS per
     * round would make the stop wait milliseconds (a few per cent of a short benchmark). */
    if (idle_rounds <= CK_SPIN_ROUNDS || atomic_load_explicit(&ctl.draining, memory_order_relaxed) ||
        atomic_load_explicit(&ctl.probing, memory_order_relaxed)) {
        for (int k = 0; k < CK_SPIN_PAUSES; k++)
            ck_cpu_relax();
        return;
    }
    uint64_t shift = idle_rounds - CK_SPIN_ROUNDS - 1;
    int64_t wait = shift >= 10 ? CK_SLEEP_MAX_NS : (int64_t)CK_SLEEP_MIN_NS << shift;
    if (wait > CK_SLEEP_MAX_NS)
        wait = CK_SLEEP_MAX_NS;
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

/* ---- --adapt: re-measure and re-balance (docs/runtime.md, "Adaptive re-balancing") ---- */

static inline uint64_t tsc_now(void)
{
#if defined(__x86_64__) || defined(__i386__)
    return __builtin_ia32_rdtsc();
#else
    return (uint64_t)ck_monotonic_ns();
#endif
}

typedef struct adapt_state {
    int64_t start_ns, epoch_start_ns, next_epoch_ns, issued_ns;
    uint64_t start_tsc;
    uint64_t *last_cost; /* [ntasks]: each task's cost at the start of the epoch */
    uint64_t *delta;     /* [ntasks]: its cycles during the last epoch */
    uint64_t *last_pk;   /* [ntasks]: each task's sampled packets at the start of the epoch */
    uint64_t *pk;        /* [ntasks]: its packets during the last epoch */
    int *plan;           /* [ntasks]: the new assignment */
    int *cur;            /* [ntasks]: the assignment during the last epoch */
    int *prev;           /* [ntasks]: the assignment before the last step (to undo it) */
    unsigned char *stay; /* [ntasks]: the plan leaves it where it is */
    double psum;         /* packets the sources (tasks without a pull input) made last epoch */
    int has_consumer;    /* some task has a pull input: those deliver; else every task does */
    uint64_t last_busy[CK_MAX_THREADS], last_idle[CK_MAX_THREADS];
    uint64_t last_work;  /* packets the tasks of all threads had moved at the epoch's start */
    uint64_t last_drops; /* packets dropped by all elements at the epoch's start */
    int pending;         /* moves issued and not all landed */
    int undoing;         /* those moves undo the last step */
    int epoch;
    int refused_said;    /* the last refusal was logged (until the next step or balance) */
    /* judging the last step: the epoch before it, then CK_ADAPT_VERIFY_EPOCHS after it */
    int step_epoch, verify, verify_skip, after_busy;
    int watch;           /* the last step was kept: drops still undo it */
    /* delivered packets and ns of the last busy epochs since the last step (before_rate) */
    double hist_pk[CK_ADAPT_VERIFY_EPOCHS], hist_ns[CK_ADAPT_VERIFY_EPOCHS];
    int nhist;
    double before_rate, before_drop;  /* delivered packets per ns, drop share */
    double before_work;               /* busiest thread's task cycles per delivered packet */
    double before_cpp;                /* all task cycles per delivered packet */
    double after_pk, after_drops, after_work[CK_MAX_THREADS], after_cycles, after_cross;
    /* cycles per packet handed between threads: CK_ADAPT_TRANSFER_CYCLES, raised to what an
     * undone step measured */
    double transfer;
    int64_t after_ns;
    int64_t holdoff_len_ns, holdoff_until_ns;
} adapt_state;

static const char *task_name(const ck_task *t)
{
    if (ck_current_router && t->elem >= 0 && t->elem < ck_current_router->nelements)
        return ck_current_router->elements[t->elem].name;
    return "?";
}

static adapt_state *adapt_open(void)
{
    adapt_state *a = calloc(1, sizeof *a);
    if (!a)
        return NULL;
    size_t n = (size_t)ntasks + 1;
    a->last_cost = calloc(n, sizeof *a->last_cost);
    a->delta = calloc(n, sizeof *a->delta);
    a->last_pk = calloc(n, sizeof *a->last_pk);
    a->pk = calloc(n, sizeof *a->pk);
    a->plan = calloc(n, sizeof *a->plan);
    a->cur = calloc(n, sizeof *a->cur);
    a->prev = calloc(n, sizeof *a->prev);
    a->stay = calloc(n, sizeof *a->stay);
    if (!a->last_cost || !a->delta || !a->last_pk || !a->pk || !a->plan || !a->cur || !a->prev ||
        !a->stay) {
        free(a->last_cost), free(a->delta), free(a->last_pk), free(a->pk);
        free(a->plan), free(a->cur), free(a->prev), free(a->stay), free(a);
        return NULL;
    }
    for (int i = 0; i < ntasks; i++)
        a->has_consumer |= tasks[i]->consumer;
    a->transfer = CK_ADAPT_TRANSFER_CYCLES;
    a->start_ns = a->epoch_start_ns = ck_monotonic_ns();
    a->next_epoch_ns = a->start_ns + (int64_t)ck_adapt.epoch_ms * 1000000;
    a->start_tsc = tsc_now();
    if (ck_adapt.trace)
        for (int i = 0; i < ntasks; i++)
            fprintf(stderr, "adapt: task %s on thread %d%s\n", task_name(tasks[i]),
                    atomic_load_explicit(&tasks[i]->thread, memory_order_relaxed),
                    tasks[i]->pinned ? " (pinned)" : "");
    return a;
}

static void adapt_close(adapt_state *a)
{
    if (!a)
        return;
    free(a->last_cost), free(a->delta), free(a->last_pk), free(a->pk);
    free(a->plan), free(a->cur), free(a->prev), free(a->stay), free(a);
}

/* Packets tasks i and j handed each other during the last epoch, as the transfer model counts
 * them.  The runtime does not know which Queue feeds which task, so a task with a pull input
 * (a consumer: Unqueue, ToDevice) is taken to have received its packets from the tasks without
 * one (the sources) in proportion to what each source made: exact with one busy source (each
 * phase of tests/smp/test_adapt.py), an average over the sources otherwise, which charges any
 * placement that separates consumers from sources.  Two sources or two consumers hand nothing
 * over (a consumer feeding another Queue is not seen). */
static double crossing(const adapt_state *a, int i, int j)
{
    if (tasks[i]->consumer == tasks[j]->consumer || a->psum <= 0)
        return 0.0;
    int c = tasks[i]->consumer ? i : j, s = c == i ? j : i;
    return (double)a->pk[c] * (double)a->pk[s] / a->psum;
}

/* The model's load of each thread under the assignment `as` ([ntasks] -> thread): the tasks'
 * measured cycles plus, for each pair of tasks on different threads, CK_ADAPT_TRANSFER_CYCLES
 * per packet they hand over, half to each side (passes/placement.py greedy()).  Fills `load`
 * (cycles per epoch, [nthreads]); returns the busiest thread's. */
static double model_loads(const adapt_state *a, const int *as, double *load)
{
    const double half = a->transfer / 2;
    for (int t = 0; t < nthreads; t++)
        load[t] = 0;
    for (int i = 0; i < ntasks; i++) {
        load[as[i]] += (double)a->delta[i];
        for (int j = i + 1; j < ntasks; j++)
            if (as[j] != as[i]) {
                double x = crossing(a, i, j);
                load[as[i]] += half * x;
                load[as[j]] += half * x;
            }
    }
    double worst = 0;
    for (int t = 0; t < nthreads; t++)
        if (load[t] > worst)
            worst = load[t];
    return worst;
}

/* The loads of the partial assignment a->plan (tasks with placed[i]) when task k goes to
 * thread th: `base` plus k's cycles plus its transfers with the placed tasks on other threads. */
static void loads_if(const adapt_state *a, const unsigned char *placed, const double *base, int k,
                     int th, double *out)
{
    const double half = a->transfer / 2;
    for (int t = 0; t < nthreads; t++)
        out[t] = base[t];
    out[th] += (double)a->delta[k];
    for (int j = 0; j < ntasks; j++)
        if (placed[j] && a->plan[j] != th) {
            double x = crossing(a, k, j);
            out[th] += half * x;
            out[a->plan[j]] += half * x;
        }
}

/* Packets handed between threads during the last epoch under the assignment `as`. */
static double cross_total(const adapt_state *a, const int *as)
{
    double x = 0;
    for (int i = 0; i < ntasks; i++)
        for (int j = i + 1; j < ntasks; j++)
            if (as[i] != as[j])
                x += crossing(a, i, j);
    return x;
}

static double vmax(const double *v)
{
    double m = 0;
    for (int t = 0; t < nthreads; t++)
        if (v[t] > m)
            m = v[t];
    return m;
}

/* SMP Click's cost-sorted greedy with affinity (section 4.1.1 and 4.1.2), as
 * passes/placement.py greedy() does it at compile time, on the last epoch's measured cycles
 * (a->delta) and packets (a->pk, through crossing()): pinned tasks and tasks that took under 1%
 * of the cycles stay where they are; the others go, largest first, to the thread where the
 * busiest thread's load (transfers included) ends up smallest (ties: the least loaded, then the
 * lowest thread), except that a task joins the thread of its strongest placed partner when the
 * busiest thread's load there stays within (1 + CK_ADAPT_AFFINITY_TOLERANCE) times the lower
 * bound max(total / N, largest task).  The threads of the result are then renamed (every
 * permutation that keeps the threads holding staying tasks, up to 6 threads; transfers do not
 * change) so that as few cycles as possible move.  Fills a->plan and `load` (cycles per epoch
 * per thread, transfers included); returns the busiest thread's load. */
static double adapt_plan(adapt_state *a, double *load)
{
    int n = nthreads;
    int order[CK_MAX_THREADS * 4 + 64];
    int m = 0;
    int pinned_in[CK_MAX_THREADS] = {0};
    uint64_t total = 0, largest = 0;
    unsigned char *placed = a->stay; /* reused: stay == placed before the free tasks */
    for (int i = 0; i < ntasks; i++) {
        total += a->delta[i];
        if (a->delta[i] > largest)
            largest = a->delta[i];
    }
    double bin[CK_MAX_THREADS] = {0}, opt[CK_MAX_THREADS], best_opt[CK_MAX_THREADS];
    for (int i = 0; i < ntasks; i++) {
        int th = a->cur[i];
        int keep = tasks[i]->pinned || a->delta[i] * 100 < total ||
                   m >= (int)(sizeof order / sizeof order[0]);
        placed[i] = 0;
        if (keep) {
            a->plan[i] = th;
            loads_if(a, placed, bin, i, th, bin);
            placed[i] = 1;
            pinned_in[th] = 1;
        } else
            order[m++] = i;
    }
    /* largest first; ties by task order (deterministic) */
    for (int i = 1; i < m; i++)
        for (int j = i; j > 0 && a->delta[order[j]] > a->delta[order[j - 1]]; j--) {
            int x = order[j];
            order[j] = order[j - 1];
            order[j - 1] = x;
        }
    double bound = (double)total / n;
    if ((double)largest > bound)
        bound = (double)largest;
    const double limit = (1.0 + CK_ADAPT_AFFINITY_TOLERANCE) * bound;
    for (int k = 0; k < m; k++) {
        int t = order[k], best = -1;
        double best_span = 0, partner[CK_MAX_THREADS] = {0};
        int has_partner = 0;
        for (int th = 0; th < n; th++) {
            loads_if(a, placed, bin, t, th, opt);
            double span = vmax(opt);
            if (best < 0 || span < best_span || (span == best_span && opt[th] < best_opt[best])) {
                best = th;
                best_span = span;
                memcpy(best_opt, opt, sizeof opt);
            }
        }
        for (int j = 0; j < ntasks; j++)
            if (placed[j]) {
                double x = crossing(a, t, j);
                if (x > 0) {
                    partner[a->plan[j]] += x;
                    has_partner = 1;
                }
            }
        int choice = best;
        if (has_partner) {
            int aff = 0;
            for (int th = 1; th < n; th++)
                if (partner[th] > partner[aff] ||
                    (partner[th] == partner[aff] && bin[th] < bin[aff]))
                    aff = th;
            if (aff != best) {
                loads_if(a, placed, bin, t, aff, opt);
                if (vmax(opt) <= limit)
                    choice = aff;
            }
        }
        loads_if(a, placed, bin, t, choice, bin);
        a->plan[t] = choice;
        placed[t] = 1;
    }
    /* Rename bins: perm[b] = the real thread of bin b. */
    int perm[CK_MAX_THREADS], best_perm[CK_MAX_THREADS];
    for (int t = 0; t < n; t++)
        perm[t] = best_perm[t] = t;
    if (n <= 6) {
        uint64_t best_kept = 0;
        int first = 1;
        /* Heap's algorithm over perm[0..n) */
        int c[CK_MAX_THREADS] = {0};
        for (int it = 0;;) {
            int ok = 1;
            for (int b = 0; b < n && ok; b++)
                if (pinned_in[b] && perm[b] != b)
                    ok = 0;
            if (ok) {
                uint64_t kept = 0;
                for (int i = 0; i < ntasks; i++)
                    if (perm[a->plan[i]] == a->cur[i])
                        kept += a->delta[i] + 1;
                if (first || kept > best_kept) {
                    best_kept = kept;
                    memcpy(best_perm, perm, sizeof perm);
                    first = 0;
                }
            }
            while (it < n && c[it] >= it) {
                c[it] = 0;
                it++;
            }
            if (it >= n)
                break;
            int sw = it % 2 == 0 ? 0 : c[it];
            int x = perm[sw];
            perm[sw] = perm[it];
            perm[it] = x;
            c[it]++;
            it = 0;
        }
    }
    for (int i = 0; i < ntasks; i++)
        a->plan[i] = best_perm[a->plan[i]]; /* staying tasks' bins are not renamed */
    return model_loads(a, a->plan, load);
}

static void print_loads(const char *label, const double *load, double cycles)
{
    fprintf(stderr, "%s", label);
    for (int t = 0; t < nthreads; t++)
        fprintf(stderr, "%s%.0f%%", t ? "/" : "", cycles > 0 ? 100.0 * load[t] / cycles : 0.0);
}

/* Packets dropped so far by every element (all reasons, all threads). */
static uint64_t total_drops(void)
{
    uint64_t d = 0;
    for (int e = 0; e < ck_drop_nelements; e++)
        d += ck_drops_of(e);
    return d;
}

/* Undo the last step: every task it moved goes back to its thread (the same hand-off). */
static int adapt_undo(adapt_state *a)
{
    int moves = 0;
    for (int i = 0; i < ntasks; i++) {
        int from = atomic_load_explicit(&tasks[i]->thread, memory_order_relaxed);
        if (from == a->prev[i])
            continue;
        if (ck_adapt.log)
            fprintf(stderr, "adapt: epoch %d moved %s back from thread %d to %d\n", a->epoch,
                    task_name(tasks[i]), from, a->prev[i]);
        atomic_store_explicit(&tasks[i]->target, a->prev[i], memory_order_release);
        atomic_store_explicit(&thr[from].mail, 1, memory_order_release);
        moves++;
    }
    return moves;
}

/* Thread 0, every few rounds: finish the epoch when it is due, and when the threads' measured
 * loads differ by more than the threshold, move tasks (one step: the whole new assignment at
 * once, Wu and Wolf's one-step re-allocation) if the model (transfers included) says the
 * busiest thread gets lighter by more than the threshold.  The step is then judged on the
 * epochs after its hand-off: when the delivered rate fell or the drops rose, it is undone and
 * re-balancing pauses.  A move is a hand-off: the coordinator sets the task's target and tells
 * its thread; that thread drops the task at its next loop boundary (the task is not running
 * then) and publishes the new owner with a release store; the new thread picks it up with an
 * acquire load.  So a task never runs on two threads, and what it wrote before the move (its
 * element's state, its side of a ring) is visible after it. */
static void adapt_tick(adapt_state *a, int64_t now)
{
    ck_adapt_stats *r = &ck_adapt_result;
    if (a->pending) {
        int landed = 1;
        for (int i = 0; i < ntasks && landed; i++)
            landed = atomic_load_explicit(&tasks[i]->thread, memory_order_acquire) ==
                     atomic_load_explicit(&tasks[i]->target, memory_order_relaxed);
        if (landed) {
            a->pending = 0;
            atomic_store_explicit(&ctl.adapt_moving, 0, memory_order_relaxed);
            r->last_handoff_ns = now - a->issued_ns;
            if (ck_adapt.log)
                fprintf(stderr, "adapt: epoch %d: hand-off done in %.1f us\n", a->epoch,
                        (double)r->last_handoff_ns / 1e3);
            if (!a->undoing) {
                /* judge the step on full epochs after the one in which it landed */
                a->verify = CK_ADAPT_VERIFY_EPOCHS;
                a->verify_skip = 1;
                a->after_pk = a->after_drops = a->after_cycles = a->after_cross = 0;
                memset(a->after_work, 0, sizeof a->after_work);
                a->after_ns = 0;
                a->after_busy = 0;
            }
            a->undoing = 0;
        }
    }
    if (now < a->next_epoch_ns)
        return;
    int64_t span_ns = now - a->epoch_start_ns;
    a->epoch_start_ns = now;
    a->next_epoch_ns = now + (int64_t)ck_adapt.epoch_ms * 1000000;
    a->epoch++;
    r->epochs = (uint64_t)a->epoch;
    double cur[CK_MAX_THREADS] = {0};
    double delivered = 0;
    a->psum = 0;
    for (int i = 0; i < ntasks; i++) {
        uint64_t c = atomic_load_explicit(&tasks[i]->cost, memory_order_relaxed);
        uint64_t p = atomic_load_explicit(&tasks[i]->spkts, memory_order_relaxed);
        a->delta[i] = c - a->last_cost[i];
        a->last_cost[i] = c;
        a->pk[i] = p - a->last_pk[i];
        a->last_pk[i] = p;
        a->cur[i] = atomic_load_explicit(&tasks[i]->thread, memory_order_relaxed);
        cur[a->cur[i]] += (double)a->delta[i];
        if (!tasks[i]->consumer)
            a->psum += (double)a->pk[i];
        if (tasks[i]->consumer || !a->has_consumer)
            delivered += (double)a->pk[i];
    }
    uint64_t drops_now = total_drops();
    double drops = (double)(drops_now - a->last_drops);
    a->last_drops = drops_now;
    /* cycles per nanosecond from the run so far, for utilizations */
    int64_t el = now - a->start_ns;
    double hz = el > 0 ? (double)(tsc_now() - a->start_tsc) / (double)el : 1.0;
    double epoch_cycles = hz * (double)span_ns;
    double hi = 0, lo = -1;
    for (int t = 0; t < nthreads; t++) {
        if (cur[t] > hi)
            hi = cur[t];
        if (lo < 0 || cur[t] < lo)
            lo = cur[t];
    }
    for (int t = 0; t < nthreads && t < CK_MAX_THREADS; t++)
        r->load_pct[t] = epoch_cycles > 0 ? 100.0 * cur[t] / epoch_cycles : 0.0;
    uint64_t work = total_work();
    double rate = span_ns > 0 ? (double)(work - a->last_work) * 1e3 / (double)span_ns : 0.0;
    a->last_work = work;
    /* A router whose threads are all mostly idle is not limited by its placement.  A thread's
     * utilization is the share of its rounds' cycles spent in rounds that moved packets, so a
     * thread that has no idle round counts as fully busy even when other processes take part
     * of its CPU. */
    double umax = 0;
    for (int t = 0; t < nthreads; t++) {
        uint64_t b = atomic_load_explicit(&thr[t].busy_tsc, memory_order_relaxed);
        uint64_t i = atomic_load_explicit(&thr[t].idle_tsc, memory_order_relaxed);
        uint64_t db = b - a->last_busy[t], di = i - a->last_idle[t];
        a->last_busy[t] = b;
        a->last_idle[t] = i;
        double u = db + di ? (double)db / (double)(db + di) : 0.0;
        r->util_pct[t] = 100.0 * u;
        if (u > umax)
            umax = u;
    }
    if (ck_adapt.trace) {
        /* one line per epoch (--adapt-trace): what the threads moved, and their loads */
        fprintf(stderr, "adapt: epoch %d at %.1f ms: %.3f M task packets/s, loads", a->epoch,
                (double)(now - a->start_ns) / 1e6, rate);
        print_loads(" ", cur, epoch_cycles);
        fprintf(stderr, " (busy rounds");
        for (int t = 0; t < nthreads; t++)
            fprintf(stderr, "%s%.0f%%", t ? "/" : " ", r->util_pct[t]);
        fprintf(stderr, "), %.0f dropped\n", drops);
    }
    if (!ck_adapt.enabled || a->pending)
        return;
    if (a->watch && !a->verify) {
        /* a kept step stays watched: a queue that starts overflowing later undoes it too */
        double ds = delivered + drops > 0 ? drops / (delivered + drops) : 0.0;
        if (ds > a->before_drop + CK_ADAPT_DROP_MARGIN) {
            a->after_pk = a->after_drops = a->after_cycles = a->after_cross = 0;
            memset(a->after_work, 0, sizeof a->after_work);
            a->after_ns = 0;
            a->after_busy = 0;
            a->verify = 1;
            a->verify_skip = 0;
        }
    }
    if (a->verify) {
        a->watch = 0;
        /* judging the last step: delivered packets per ns, the drop share and the busiest
         * thread's cycles per delivered packet, after vs before; drops end the judgement at
         * once, even in the epoch in which the hand-off landed (each epoch of a queue that
         * overflows loses packets) */
        a->after_pk += delivered;
        a->after_drops += drops;
        for (int t = 0; t < nthreads; t++)
            a->after_work[t] += cur[t];
        a->after_ns += span_ns;
        a->after_busy |= umax >= CK_ADAPT_MIN_BUSY;
        for (int t = 0; t < nthreads; t++)
            a->after_cycles += cur[t];
        a->after_cross += cross_total(a, a->cur);
        double ds = delivered + drops > 0 ? drops / (delivered + drops) : 0.0;
        int flood = ds > a->before_drop + CK_ADAPT_DROP_MARGIN;
        if (!flood) {
            if (a->verify_skip) {
                a->verify_skip = 0;
                a->after_pk = a->after_drops = a->after_cycles = a->after_cross = 0;
                memset(a->after_work, 0, sizeof a->after_work);
                a->after_ns = 0;
                a->after_busy = 0;
                return;
            }
            if (--a->verify > 0)
                return;
        }
        a->verify = a->verify_skip = 0;
        double ra = a->after_ns > 0 ? a->after_pk / (double)a->after_ns : 0.0;
        double da = a->after_pk + a->after_drops > 0
                        ? a->after_drops / (a->after_pk + a->after_drops) : 0.0;
        double wa = a->after_pk > 0 ? vmax(a->after_work) / a->after_pk : 0.0;
        /* traffic that ended (no busy thread, nothing delivered) says nothing about the step */
        int worse = flood || da > a->before_drop + CK_ADAPT_DROP_MARGIN ||
                    (a->after_busy && a->before_rate > 0 && a->after_pk > 0 &&
                     (wa >= a->before_work || ra < a->before_rate * (1.0 - ck_adapt.threshold)));
        if (!worse) {
            if (ck_adapt.log)
                fprintf(stderr, "adapt: epoch %d: kept the step of epoch %d (busiest thread "
                        "%.0f -> %.0f cycles per delivered packet, delivered %.2f -> %.2f Mpps, "
                        "dropped %.1f%% -> %.1f%%)\n", a->epoch, a->step_epoch, a->before_work,
                        wa, a->before_rate * 1e3, ra * 1e3, 100 * a->before_drop, 100 * da);
            a->holdoff_len_ns = 0;
            a->watch = 1;
            a->nhist = 0;
            return;
        }
        a->holdoff_len_ns = a->holdoff_len_ns ? 2 * a->holdoff_len_ns
                                              : (int64_t)CK_ADAPT_HOLDOFF_MS * 1000000;
        if (a->holdoff_len_ns > (int64_t)CK_ADAPT_HOLDOFF_MAX_MS * 1000000)
            a->holdoff_len_ns = (int64_t)CK_ADAPT_HOLDOFF_MAX_MS * 1000000;
        a->holdoff_until_ns = now + a->holdoff_len_ns;
        /* What the split really cost: the task cycles beyond the decision epoch's per
         * delivered packet, per packet handed between threads.  Later decisions use it when it
         * exceeds the model's figure (at most 64 times that). */
        double measured = a->after_cross > 0
                              ? (a->after_cycles - a->before_cpp * a->after_pk) / a->after_cross
                              : 0.0;
        if (measured > a->transfer) {
            a->transfer = measured < 64 * CK_ADAPT_TRANSFER_CYCLES ? measured
                                                                   : 64 * CK_ADAPT_TRANSFER_CYCLES;
            r->transfer_cycles = a->transfer;
        }
        r->holdoff_until_ns = a->holdoff_until_ns - a->start_ns;
        if (ck_adapt.log)
            fprintf(stderr, "adapt: epoch %d: the step of epoch %d made it worse (busiest thread "
                    "%.0f -> %.0f cycles per delivered packet, delivered %.2f -> %.2f Mpps, "
                    "dropped %.1f%% -> %.1f%%): undoing it, no re-balancing for %.0f ms, "
                    "transfers now %.0f cycles per packet\n",
                    a->epoch, a->step_epoch, a->before_work, wa, a->before_rate * 1e3, ra * 1e3,
                    100 * a->before_drop, 100 * da, (double)a->holdoff_len_ns / 1e6, a->transfer);
        int moves = adapt_undo(a);
        a->nhist = 0;
        r->reverts++;
        if (moves) {
            a->pending = a->undoing = 1;
            atomic_store_explicit(&ctl.adapt_moving, 1, memory_order_relaxed);
            a->issued_ns = now;
        }
        return;
    }
    if (umax >= CK_ADAPT_MIN_BUSY && span_ns > 0) {
        /* the steady state's delivered rate, what a step is judged against */
        int k = a->nhist % CK_ADAPT_VERIFY_EPOCHS;
        a->hist_pk[k] = delivered;
        a->hist_ns[k] = (double)span_ns;
        a->nhist++;
    }
    if (now < a->holdoff_until_ns || hi == 0 || umax < CK_ADAPT_MIN_BUSY)
        return;
    /* Imbalance: (max - min) / max, against the threshold. */
    double imbalance = (hi - lo) / hi;
    if (imbalance <= ck_adapt.threshold) {
        a->refused_said = 0;
        return;
    }
    double load[CK_MAX_THREADS], now_load[CK_MAX_THREADS];
    double now_worst = model_loads(a, a->cur, now_load);
    double worst = adapt_plan(a, load);
    /* Move only when the busiest thread, transfers included, gets lighter by more than the
     * threshold: a split that the transfers eat up is not worth its risk. */
    if (worst >= now_worst * (1.0 - ck_adapt.threshold)) {
        int differs = 0;
        for (int i = 0; i < ntasks; i++)
            differs |= a->plan[i] != a->cur[i];
        if (differs) {
            r->refused++;
            if (ck_adapt.log && !a->refused_said) {
                fprintf(stderr, "adapt: epoch %d: not moving, predicted loads ", a->epoch);
                print_loads("", now_load, epoch_cycles);
                print_loads(" -> ", load, epoch_cycles);
                fprintf(stderr, " with transfers: the busiest thread gains under %.0f%%\n",
                        100 * ck_adapt.threshold);
            }
            a->refused_said = 1;
        }
        return;
    }
    a->refused_said = 0;
    int moves = 0;
    for (int i = 0; i < ntasks; i++) {
        int from = a->cur[i];
        a->prev[i] = from;
        if (a->plan[i] == from)
            continue;
        if (ck_adapt.log) {
            fprintf(stderr, "adapt: epoch %d moved %s from thread %d to %d, loads ", a->epoch,
                    task_name(tasks[i]), from, a->plan[i]);
            print_loads("", now_load, epoch_cycles);
            print_loads(" -> ", load, epoch_cycles);
            fprintf(stderr, " with transfers (busy rounds");
            for (int t = 0; t < nthreads; t++)
                fprintf(stderr, "%s%.0f%%", t ? "/" : " ", r->util_pct[t]);
            fprintf(stderr, "), at %.1f ms\n", (double)(now - a->start_ns) / 1e6);
        }
        atomic_store_explicit(&tasks[i]->target, a->plan[i], memory_order_release);
        atomic_store_explicit(&thr[from].mail, 1, memory_order_release);
        moves++;
    }
    if (moves) {
        a->pending = 1;
        a->undoing = 0;
        a->step_epoch = a->epoch;
        double hp = 0, hn = 0;
        for (int k = 0; k < a->nhist && k < CK_ADAPT_VERIFY_EPOCHS; k++)
            hp += a->hist_pk[k], hn += a->hist_ns[k];
        a->before_rate = hn > 0 ? hp / hn : span_ns > 0 ? delivered / (double)span_ns : 0.0;
        a->nhist = 0;
        a->watch = 0;
        a->before_drop = delivered + drops > 0 ? drops / (delivered + drops) : 0.0;
        a->before_work = delivered > 0 ? hi / delivered : 0.0;
        double all = 0;
        for (int t = 0; t < nthreads; t++)
            all += cur[t];
        a->before_cpp = delivered > 0 ? all / delivered : 0.0;
        atomic_store_explicit(&ctl.adapt_moving, 1, memory_order_relaxed);
        a->issued_ns = now;
        r->steps++;
        r->moves += (uint64_t)moves;
        if (!r->first_step_ns)
            r->first_step_ns = now - a->start_ns;
        r->last_step_ns = now - a->start_ns;
        r->last_step_epoch = (uint64_t)a->epoch;
    }
}

/* A thread at its loop boundary: hand over the tasks that must leave, take the ones that
 * arrived (see adapt_tick). */
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
    adapt_state *as = me == 0 && adapt ? adapt_open() : NULL;
    int64_t drain_start = 0;
    st->cpu_start_ns = ck_thread_cpu_ns();
    st->start_ns = ck_monotonic_ns();
    uint64_t idle_rounds = 0, work = 0, rounds = 0, round_tsc = tsc_now(), last_moved = 0;
    unsigned jround = 0, jrounds = CK_JIFFY_ROUNDS;
    int64_t jlast_ns = ck_monotonic_ns();
    unsigned iter = 0, iter_calls = 0, timer_stride = CK_TIMER_STRIDE_MAX, timer_checks = 0;
    ck_jiffies_live = 1;
    for (;;) {
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
            ck_cpu_relax();
            struct timespec req = {0, 1000};
            nanosleep(&req, NULL);
            continue;
        }
        if (adapt) {
            /* the previous round, its back-off included, was busy or idle */
            uint64_t now_tsc = tsc_now();
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
                uint64_t t0 = tsc_now();
                n = t->fn();
                uint64_t dt = tsc_now() - t0;
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
        if (!drain && atomic_load_explicit(&ts->next_expiry, memory_order_relaxed) != INT64_MAX &&
            (moved == 0 || (iter_end && iter % timer_stride == 0))) {
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
            adapt_tick(as, ck_monotonic_ns());
        last_moved = moved;
        if (moved > 0) {
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
        idle_wait(me, ++idle_rounds, st);
    }
    st->stop_ns = ck_monotonic_ns();
    st->cpu_stop_ns = ck_thread_cpu_ns();
    ck_jiffies_live = 0;
    adapt_close(as);
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
    atomic_store(&ctl.stop_requests, 0);
    atomic_store(&ctl.hard_stop, 0);
    atomic_store(&ctl.draining, 0);
    atomic_store(&ctl.driver_stopped, 0);
    atomic_store(&ctl.adapt_moving, 0);
    drain_ns = -1;
    stop_hook = NULL;
    for (int t = 0; t < CK_MAX_THREADS; t++) {
        pthread_mutex_lock(&thr[t].timer_lock);
        thr[t].timers = NULL;
        atomic_store(&thr[t].next_expiry, INT64_MAX);
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
