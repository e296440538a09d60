/*
 * The scheduler's interface to ck_main (runtime/sched.c, runtime/main.c): CPU pinning policy,
 * the tasks --adapt must leave in place (docs/runtime.md, "Running"); --adapt itself is
 * runtime/adapt.h.
 */
#ifndef CLICKC_CKSCHED_H
#define CLICKC_CKSCHED_H

#include <stdint.h>

#include "clickc.h"

/* --adapt never moves task i (ck_main: the elements a StaticThreadSched names). */
void ck_task_pin(int i);
/* With --adapt: pin the registered tasks of router r that a StaticThreadSched names or the
 * compiler pinned (ck_router_def.pinned); ck_main and a hot swap call it after registering the
 * tasks.  No effect without --adapt. */
void ck_adapt_pin_tasks(const ck_router_def *r);
/* ck_main, around each element's initialization: the element being initialized (-1 after), so
 * that the scheduler knows which elements own timers (their tasks stay on their thread). */
void ck_sched_initializing(int elem);
/* CPU pinning: -1 (default) pins each thread to its own CPU when there are several; 1 pins a
 * single-threaded router too (fair -j 1 vs -j N comparisons), 0 never pins (--pin/--no-pin). */
extern int ck_pin_policy;
/* -a/--affinity[=N]: thread t is pinned to the (t + N)-th CPU of the allowed set. */
extern int ck_pin_offset;
/* How long the last stop drained queues between threads (ns; -1 when the run ended without a
 * drain: one thread, a signal, or never stopped). */
int64_t ck_sched_drain_ns(void);

/* --adapt's settings and results: adapt.h. */
#include "adapt.h"

#endif
