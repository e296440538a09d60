/*
 * The scheduler's interface to ck_main (runtime/sched.c, runtime/main.c): CPU pinning policy,
 * the tasks --adapt must leave in place, and --adapt's settings and results
 * (docs/runtime.md, "Adaptive re-balancing").
 */
#ifndef CLICKC_CKSCHED_H
#define CLICKC_CKSCHED_H

#include <stdint.h>

#include "clickc.h"

/* --adapt never moves task i (ck_main: the elements a StaticThreadSched names). */
void ck_task_pin(int i);
/* ck_main, around each element's initialization: the element being initialized (-1 after), so
 * that the scheduler knows which elements own timers (their tasks stay on their thread). */
void ck_sched_initializing(int elem);
/* CPU pinning: -1 (default) pins each thread to its own CPU when there are several; 1 pins a
 * single-threaded router too (fair -j 1 vs -j N comparisons), 0 never pins (--pin/--no-pin). */
extern int ck_pin_policy;
/* How long the last stop drained queues between threads (ns; -1 when the run ended without a
 * drain: one thread, a signal, or never stopped). */
int64_t ck_sched_drain_ns(void);

/* --adapt: every epoch_ms thread 0 compares the threads' measured task cycles and, when
 * (max - min) / max exceeds threshold and the re-placement (transfers between threads
 * included) lowers the busiest thread's predicted load by more than threshold, moves tasks in
 * one step; a step that lowered the delivered rate or raised the drops is undone. */
#ifndef CK_ADAPT_EPOCH_MS_DEFAULT
#define CK_ADAPT_EPOCH_MS_DEFAULT 10
#endif
#ifndef CK_ADAPT_THRESHOLD_DEFAULT
#define CK_ADAPT_THRESHOLD_DEFAULT 0.25
#endif
typedef struct ck_adapt_config {
    int enabled;
    int epoch_ms;
    double threshold;
    int log;   /* print each re-balance on standard error */
    int trace; /* also one line per epoch (--adapt-trace) */
} ck_adapt_config;
extern ck_adapt_config ck_adapt;
/* Parse "EPOCH_MS,THRESHOLD" (either part may be empty) into ck_adapt; 0, or -1 when
 * malformed (ck_adapt unchanged then). */
int ck_adapt_parse(const char *spec);

typedef struct ck_adapt_stats {
    uint64_t epochs, steps, moves;       /* epochs measured, re-balancing steps, tasks moved */
    int64_t first_step_ns, last_step_ns; /* since the run started */
    uint64_t last_step_epoch;
    int64_t last_handoff_ns;             /* from a step's decision to its last task landing */
    double load_pct[CK_MAX_THREADS];     /* last epoch: task cycles / epoch cycles, per thread */
    double util_pct[CK_MAX_THREADS];     /* last epoch: share of the thread's round cycles in
                                            rounds that moved packets */
    uint64_t refused;                    /* re-placements not taken: the transfers they add
                                            eat the gain (predicted) */
    uint64_t reverts;                    /* steps undone: delivered rate fell or drops rose */
    int64_t holdoff_until_ns;            /* no re-balancing before this (since the run
                                            started; 0: none) */
    double transfer_cycles;              /* the transfer cost an undone step measured, when
                                            above the model's (0: none) */
} ck_adapt_stats;
extern ck_adapt_stats ck_adapt_result;

#endif
