/*
 * --adapt: re-measure the tasks while the router runs and move them between threads when the
 * threads' loads drift apart (docs/runtime.md, "Adaptive re-balancing").  Implemented in
 * runtime/adapt.c; driven by runtime/sched.c (thread 0 calls ck_adapt_tick from its task loop,
 * every thread samples its task calls and hands tasks over at its loop boundaries) and
 * configured by runtime/main.c (--adapt[=EPOCH_MS,THRESHOLD], --adapt-trace, --stats).
 *
 * Every epoch_ms thread 0 compares the threads' measured task cycles and, when
 * (max - min) / max exceeds threshold and the re-placement (transfers between threads
 * included) lowers the busiest thread's predicted load by more than threshold, moves tasks in
 * one step; a step that lowered the delivered rate or raised the drops is undone.
 */
#ifndef CLICKC_ADAPT_H
#define CLICKC_ADAPT_H

#include <stdint.h>

#include "clickc.h"

#ifndef CK_ADAPT_EPOCH_MS_DEFAULT
#define CK_ADAPT_EPOCH_MS_DEFAULT 10
#endif
#ifndef CK_ADAPT_THRESHOLD_DEFAULT
#define CK_ADAPT_THRESHOLD_DEFAULT 0.25
#endif
/* The task loop times one task call in CK_ADAPT_SAMPLE_MASK + 1 (a counter read is about 11 ns
 * on a KVM guest; a busy call moves a burst of packets) and adds (CK_ADAPT_SAMPLE_MASK + 1)
 * times the cycles and packets of a sampled call that moved packets to the task's cost and
 * spkts. */
#define CK_ADAPT_SAMPLE_MASK 3
/* A sampled task call longer than this many cycles was interrupted (the thread lost its CPU):
 * it is left out of the task's cost and packets (a burst takes tens of microseconds). */
#define CK_ADAPT_MAX_SAMPLE_CYCLES (1u << 20)

typedef struct ck_adapt_config {
    int enabled;
    int epoch_ms;
    double threshold;
    int log;   /* print each re-balance on standard error */
    int trace; /* also one line per epoch (--adapt-trace) */
} ck_adapt_config;
/* The settings (main.c fills them from the command line before ck_run). */
extern ck_adapt_config ck_adapt;
/* Parse "EPOCH_MS,THRESHOLD" (either part may be empty; EPOCH_MS in 1..60000, THRESHOLD in
 * (0, 1)) into ck_adapt; 0, or -1 when malformed (ck_adapt unchanged then). */
int ck_adapt_parse(const char *spec);

typedef struct ck_adapt_stats {
    uint64_t epochs, steps, moves;       /* epochs measured, re-balancing steps, tasks moved */
    int64_t first_step_ns, last_step_ns; /* since the run started */
    uint64_t last_step_epoch;
    int64_t last_handoff_ns;             /* from a step's decision to its last task landing */
    double load_pct[CK_MAX_THREADS];     /* last epoch: task cycles / epoch cycles, per thread */
    double util_pct[CK_MAX_THREADS];     /* last epoch: share of the thread's round cycles in
                                            rounds that moved packets */
    uint64_t refused;                    /* imbalanced epochs with no step: the transfers a
                                            re-placement adds eat the gain, or no other
                                            placement is lighter (predicted) */
    uint64_t reverts;                    /* steps undone: delivered rate fell or drops rose */
    int64_t holdoff_until_ns;            /* no re-balancing before this (since the run
                                            started; 0: none) */
    double transfer_cycles;              /* the transfer cost an undone step measured, when
                                            above the model's (0: none) */
} ck_adapt_stats;
/* What the last run's coordinator did (--stats; cleared by ck_sched_reset). */
extern ck_adapt_stats ck_adapt_result;

/* The coordinator's state (private to adapt.c). */
typedef struct ck_adapt_state ck_adapt_state;
struct ck_sched_view; /* runtime/sched_impl.h */

/* Thread 0, when its task loop starts: take the scheduler's view (copied; its arrays must
 * outlive the state), start the first epoch and, with --adapt-trace, print where each task
 * starts.  NULL when out of memory (the router then runs without re-balancing). */
ck_adapt_state *ck_adapt_open(const struct ck_sched_view *view);
/* Thread 0, every few rounds (and every idle round) while not draining: `now` is
 * ck_monotonic_ns().  Notices a step's hand-off landing, and when the epoch is due measures it,
 * judges the last step (undoing it when it made things worse) or decides a new one. */
void ck_adapt_tick(ck_adapt_state *a, int64_t now);
/* Free the state (NULL is fine). */
void ck_adapt_close(ck_adapt_state *a);

#endif
