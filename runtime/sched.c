/*
 * Tasks, timers and termination.
 *
 * Each thread has a private task list run round-robin (SMP Click section 2: no central work
 * list); a task is a schedulable element's run_task, which moves up to one burst of packets
 * and returns how many it moved.  Termination follows Click's driver: ck_router_stop() is
 * Router::please_stop_driver() (a DriverManager or Script may absorb it), SIGINT/SIGTERM stop
 * at once (Click's stop_signal_handler sets STOP_RUNCOUNT).  In addition the router stops by
 * itself when no source is active, a whole round of tasks moved nothing (every queue that can
 * drain has drained) and no timer is pending; that request goes through the stop hook too, so
 * "DriverManager(wait_stop, ...)" sees the end of the input.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "clickc.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

typedef struct ck_task {
    ck_task_fn fn;
    int elem;
    int thread;
    uint64_t calls, packets;
} ck_task;

static ck_task *tasks;
static int ntasks, tasks_cap;
static int sources_active;
static int stop_requests;           /* pending please_stop_driver() calls */
static volatile sig_atomic_t hard_stop;
static int (*stop_hook)(void);
static ck_timer *timers; /* sorted by expiry */

ck_thread_stats ck_thread_stats_table[CK_MAX_THREADS];

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

void ck_source_active(int delta) { sources_active += delta; }
int ck_sources_active(void) { return sources_active; }

void ck_router_stop(void) { stop_requests++; }
void ck_router_stop_hard(void) { hard_stop = 1; }
int ck_router_stopping(void) { return hard_stop || stop_requests > 0; }
void ck_set_stop_hook(int (*hook)(void)) { stop_hook = hook; }

void ck_timer_init(ck_timer *t, void (*fn)(void *), void *arg)
{
    t->fn = fn;
    t->arg = arg;
    t->expiry_ns = 0;
    t->scheduled = 0;
    t->next = NULL;
}

void ck_timer_unschedule(ck_timer *t)
{
    if (!t->scheduled)
        return;
    for (ck_timer **pp = &timers; *pp; pp = &(*pp)->next)
        if (*pp == t) {
            *pp = t->next;
            break;
        }
    t->scheduled = 0;
    t->next = NULL;
}

void ck_timer_schedule_at(ck_timer *t, int64_t when)
{
    ck_timer_unschedule(t);
    t->expiry_ns = when;
    ck_timer **pp = &timers;
    while (*pp && (*pp)->expiry_ns <= when)
        pp = &(*pp)->next;
    t->next = *pp;
    *pp = t;
    t->scheduled = 1;
}

void ck_timer_schedule_after(ck_timer *t, int64_t delta_ns)
{
    ck_timer_schedule_at(t, ck_monotonic_ns() + delta_ns);
}

/* Run expired timers; returns how many ran. */
static int run_timers(int64_t now)
{
    int n = 0;
    while (timers && timers->expiry_ns <= now) {
        ck_timer *t = timers;
        timers = t->next;
        t->scheduled = 0;
        t->next = NULL;
        t->fn(t->arg);
        n++;
    }
    return n;
}

static void on_signal(int sig)
{
    if (hard_stop) {
        /* A second signal: default action. */
        signal(sig, SIG_DFL);
        raise(sig);
        return;
    }
    hard_stop = 1;
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

/* Handle pending stop requests; returns 1 when the driver must stop. */
static int check_stop(void)
{
    if (hard_stop)
        return 1;
    while (stop_requests > 0) {
        stop_requests--;
        if (!stop_hook || !stop_hook())
            return 1;
    }
    return 0;
}

void ck_run(void)
{
    int me = ck_thread_id;
    ck_thread_stats *ts = &ck_thread_stats_table[me];
    install_signals();
    ts->cpu_start_ns = ck_thread_cpu_ns();
    ts->start_ns = ck_monotonic_ns();
    int idle_rounds = 0;
    ck_jiffies_live = 1;
    while (!check_stop()) {
        uint64_t moved = 0;
        ck_jiffies_cached = ck_jiffies_read();
        for (int i = 0; i < ntasks; i++) {
            ck_task *t = &tasks[i];
            if (t->thread != me)
                continue;
            int n = t->fn();
            t->calls++;
            if (n > 0) {
                t->packets += (uint64_t)n;
                moved += (uint64_t)n;
            }
            /* Click's driver stops right after the task that asked for it. */
            if (CK_UNLIKELY(stop_requests > 0 || hard_stop))
                break;
        }
        ts->task_calls += (uint64_t)ntasks;
        ts->task_packets += moved;
        if (timers || moved == 0) {
            int64_t now = ck_monotonic_ns();
            if (run_timers(now))
                continue;
        }
        if (moved > 0) {
            idle_rounds = 0;
            continue;
        }
        if (sources_active <= 0 && !timers && stop_requests == 0) {
            /* Nothing left to do: every source is done and nothing moved. */
            ck_router_stop();
            continue;
        }
        /* Idle: sleep a little (until the next timer, at most 50 us; none in the first
         * rounds so that a source waiting for a short interval keeps its rate). */
        if (++idle_rounds > 16) {
            int64_t wait = 50000;
            if (timers) {
                int64_t d = timers->expiry_ns - ck_monotonic_ns();
                if (d < wait)
                    wait = d;
            }
            if (wait > 0) {
                struct timespec req = {0, (long)wait};
                nanosleep(&req, NULL);
            }
        }
    }
    ts->stop_ns = ck_monotonic_ns();
    ts->cpu_stop_ns = ck_thread_cpu_ns();
    ck_jiffies_live = 0;
    restore_signals();
}

void ck_sched_reset(void)
{
    free(tasks);
    tasks = NULL;
    ntasks = tasks_cap = 0;
    sources_active = 0;
    stop_requests = 0;
    hard_stop = 0;
    stop_hook = NULL;
    timers = NULL;
    memset(ck_thread_stats_table, 0, sizeof ck_thread_stats_table);
}
