/*
 * Profiling of routers built with `clickc --profile-generate` (docs/profiles.md).
 *
 * The generated code wraps every connection call (push into an element, pull from one) and
 * every task call in ck_prof_enter()/ck_prof_leave(). Only sampled task calls are measured:
 * one call in 2^CK_PROF_SAMPLE_SHIFT of each task has its whole call tree timed with
 * the time-stamp counter; the other calls cost one thread-local test per connection.
 * Each element's *exclusive* cycles (its own code, not the elements it calls) and the number
 * of packets measured accumulate in per-thread tables; at exit (and on SIGUSR1) the runtime
 * writes the profile JSON (format "clickc-profile", version 1; clickc.passes.profile reads it).
 */
#ifndef CLICKC_PROFILE_H
#define CLICKC_PROFILE_H

#include <stdint.h>

#include "clickc.h"

/* 1 call in 2^CK_PROF_SAMPLE_SHIFT of each task is measured. A counter read costs about
   11 ns on this project's machines (KVM guests), and a measured packet reads it twice per
   element: 1 in 256 keeps the profiled router within about 10% of the plain one
   (bench/bench_profile.py; docs/profiles.md). */
#define CK_PROF_SAMPLE_SHIFT 8

/* What the generated router tells the profiler. */
typedef struct ck_profile_def {
    const char *path;         /* where to write the profile (the program's PROFILE=FILE wins) */
    const char *fingerprint;  /* clickc.passes.profile.fingerprint of the configuration */
    const char *config_file;
} ck_profile_def;

/* Per-element measurements of one thread. */
typedef struct ck_prof_elem {
    uint64_t cycles;   /* exclusive cycles in measured calls */
    uint64_t packets;  /* packets measured (push/pull: 1 per call; task: packets it moved) */
    uint64_t calls;    /* measured calls */
    uint64_t task_calls, task_packets;  /* all task calls (not only sampled ones) */
    uint64_t task_cycles, task_sampled;  /* cycles of the sampled task calls, how many */
} ck_prof_elem;

typedef struct ck_prof_frame {
    uint64_t t0, saved_child;
} ck_prof_frame;

extern _Thread_local int ck_prof_on;            /* measuring the current task call */
extern _Thread_local uint64_t ck_prof_child;    /* cycles of finished calls in this frame */
extern ck_prof_elem *ck_prof_tables[CK_MAX_THREADS];
/* Cycles one measurement adds to the caller's time (two counter reads back to back, the
   smallest of many tries, measured by ck_profile_setup); charged to the callee's side so
   the caller's exclusive time does not grow with the number of elements it calls. */
extern uint64_t ck_prof_overhead;

/* The time-stamp counter (cycles); CLOCK_MONOTONIC nanoseconds where there is none. */
static inline uint64_t ck_prof_now(void)
{
#if defined(__x86_64__) || defined(__i386__)
    return __builtin_ia32_rdtsc();
#else
    return (uint64_t)ck_monotonic_ns();
#endif
}

static inline ck_prof_frame ck_prof_enter(void)
{
    ck_prof_frame f = {0, 0};
    if (ck_prof_on) {
        f.saved_child = ck_prof_child;
        ck_prof_child = 0;
        f.t0 = ck_prof_now();
    }
    return f;
}

/* Close a measured call of element `elem` that handled `packets` packets. */
static inline void ck_prof_leave(int elem, ck_prof_frame f, uint64_t packets)
{
    if (ck_prof_on) {
        uint64_t incl = ck_prof_now() - f.t0;
        uint64_t excl = incl > ck_prof_child ? incl - ck_prof_child : 0;
        ck_prof_elem *e = &ck_prof_tables[ck_thread_id][elem];
        e->cycles += excl;
        e->packets += packets;
        e->calls++;
        ck_prof_child = f.saved_child + incl + ck_prof_overhead;
    }
}

/* Sample every queue's occupancy (its `length` handler) and honour a SIGUSR1 snapshot
   request; called by ck_prof_task on thread 0 every 2^CK_PROF_QUEUE_SHIFT sampled calls. */
#define CK_PROF_QUEUE_SHIFT 6
void ck_prof_sample(void);

/* A task call of element `elem`: decides whether to sample it, times it when sampled. */
static inline int ck_prof_task(int elem, int (*run)(void))
{
    ck_prof_elem *e = &ck_prof_tables[ck_thread_id][elem];
    /* per task, so that round-robin task order cannot alias with the sampling period */
    ck_prof_on = ((e->task_calls & ((1u << CK_PROF_SAMPLE_SHIFT) - 1)) == 0);
    e->task_calls++;
    if (!ck_prof_on) {
        int n = run();
        e->task_packets += (uint64_t)(n > 0 ? n : 0);
        return n;
    }
    ck_prof_child = 0;
    uint64_t t0 = ck_prof_now();
    int n = run();
    uint64_t dt = ck_prof_now() - t0;
    {
        static _Thread_local uint32_t nsampled;
        e->cycles += dt > ck_prof_child ? dt - ck_prof_child : 0;
        e->packets += (uint64_t)(n > 0 ? n : 0);
        e->calls++;
        if ((++nsampled & ((1u << CK_PROF_QUEUE_SHIFT) - 1)) == 0)
            ck_prof_sample();
    }
    e->task_packets += (uint64_t)(n > 0 ? n : 0);
    e->task_cycles += dt;
    e->task_sampled++;
    ck_prof_on = 0;
    return n;
}

/* Set up profiling for `router` (before ck_main): allocates the tables, installs the
   exit hook and the SIGUSR1 snapshot. */
void ck_profile_setup(const ck_profile_def *def, int nelements);

/* Write the profile now (also called at exit, before element cleanup). Returns 0 or -1
   after printing why. */
int ck_profile_write(const ck_router_def *router);

#endif
