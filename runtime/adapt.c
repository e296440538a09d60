/*
 * --adapt: the coordinator that re-measures the tasks every epoch and moves them between
 * threads (docs/runtime.md, "Adaptive re-balancing"; API and settings in adapt.h).
 *
 * Thread 0 calls ck_adapt_tick from its task loop (runtime/sched.c).  An epoch is closed in
 * steps, each a function of its own:
 *   handoff_landed()  a step's moves issued earlier have all landed;
 *   measure_epoch()   the epoch's per-task cycles and packets, per-thread loads, drops, busy
 *                     shares (epoch_meas);
 *   trace_epoch()     --adapt-trace's line;
 *   watch_kept_step() drops after a kept step re-open its judgement;
 *   judge_step()      after a step: keep it, or undo it (undo_step) and hold off;
 *   remember_rate()   the busy epochs' delivered rate a later step is judged against;
 *   decide_step()     imbalance -> adapt_plan() -> refuse (predicted gain too small) or
 *                     issue_step().
 *
 * Why a placement algorithm in C besides passes/placement.py greedy(): adapt_plan() re-plans
 * from what the compiler cannot know -- each task's cycles and packets measured during the
 * last epoch on this machine, under this traffic -- and must run inside the router, on thread
 * 0, between two task rounds, without the compiler or Python; so no table generated at compile
 * time can stand in for it.  What the two share is the algorithm and its constants: SMP Click's
 * cost-sorted greedy with affinity (section 4.1.1-4.1.2), the makespan-with-transfers criterion
 * and its ties, the transfer charge (passes/costmodel.py TRANSFER_CYCLES =
 * CK_ADAPT_TRANSFER_CYCLES, half to each side) and the affinity tolerance (placement's default
 * 0.10 = CK_ADAPT_AFFINITY_TOLERANCE).  What differs, because the inputs differ: costs are
 * cycles per epoch (not per packet); who hands packets to whom is estimated (crossing():
 * consumers from sources in proportion to what each source made), not read from the
 * configuration's Queues, so a task's strongest partner is the one it exchanged most packets
 * with (the pass counts shared Queues); pinned
 * tasks, tasks whose element owns a timer and tasks under 1% of the epoch stay where they are
 * (the compile-time pass places every task); and the result's threads are renamed so that as
 * few cycles as possible move (the pass starts from nothing, so it has nothing to keep).
 * docs/runtime.md, "Adaptive re-balancing" ("Why a second placement algorithm"), says the same;
 * a change to either algorithm must be made in both.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "adapt.h"
#include "sched_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

ck_adapt_config ck_adapt = {0, CK_ADAPT_EPOCH_MS_DEFAULT, CK_ADAPT_THRESHOLD_DEFAULT, 1, 0};
ck_adapt_stats ck_adapt_result;

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

struct ck_adapt_state {
    ck_sched_view v;     /* the scheduler's tasks and threads */
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
};
typedef ck_adapt_state adapt_state;

/* What one epoch measured (measure_epoch). */
typedef struct epoch_meas {
    int64_t span_ns;            /* the epoch's length */
    double cur[CK_MAX_THREADS]; /* task cycles per thread under the current assignment */
    double hi, lo;              /* the largest and smallest of cur */
    double delivered;           /* packets delivered (the consumers', or every task's) */
    double drops;               /* packets dropped by every element */
    double epoch_cycles;        /* cycles in the epoch (for percentages) */
    double umax;                /* the busiest thread's busy-rounds share */
    double rate;                /* M task packets per second, all threads (trace) */
} epoch_meas;

static const char *task_name(const ck_task *t)
{
    if (ck_current_router && t->elem >= 0 && t->elem < ck_current_router->nelements)
        return ck_current_router->elements[t->elem].name;
    return "?";
}

ck_adapt_state *ck_adapt_open(const ck_sched_view *view)
{
    adapt_state *a = calloc(1, sizeof *a);
    if (!a)
        return NULL;
    a->v = *view;
    const int ntasks = a->v.ntasks;
    ck_task **tasks = a->v.tasks;
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
        ck_adapt_close(a);
        return NULL;
    }
    for (int i = 0; i < ntasks; i++)
        a->has_consumer |= tasks[i]->consumer;
    a->transfer = CK_ADAPT_TRANSFER_CYCLES;
    a->start_ns = a->epoch_start_ns = ck_monotonic_ns();
    a->next_epoch_ns = a->start_ns + (int64_t)ck_adapt.epoch_ms * 1000000;
    a->start_tsc = ck_tsc_now();
    if (ck_adapt.trace)
        for (int i = 0; i < ntasks; i++)
            fprintf(stderr, "adapt: task %s on thread %d%s\n", task_name(tasks[i]),
                    atomic_load_explicit(&tasks[i]->thread, memory_order_relaxed),
                    tasks[i]->pinned ? " (pinned)" : "");
    return a;
}

void ck_adapt_close(ck_adapt_state *a)
{
    if (!a)
        return;
    free(a->last_cost), free(a->delta), free(a->last_pk), free(a->pk);
    free(a->plan), free(a->cur), free(a->prev), free(a->stay), free(a);
}

/* ---- the model: loads with transfers (passes/placement.py greedy()) ---- */

/* Packets tasks i and j handed each other during the last epoch, as the transfer model counts
 * them.  The runtime does not know which Queue feeds which task, so a task with a pull input
 * (a consumer: Unqueue, ToDevice) is taken to have received its packets from the tasks without
 * one (the sources) in proportion to what each source made: exact with one busy source (each
 * phase of tests/smp/test_adapt.py), an average over the sources otherwise, which charges any
 * placement that separates consumers from sources.  Two sources or two consumers hand nothing
 * over (a consumer feeding another Queue is not seen). */
static double crossing(const adapt_state *a, int i, int j)
{
    ck_task **tasks = a->v.tasks;
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
    const int ntasks = a->v.ntasks, nthreads = a->v.nthreads;
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
    const int ntasks = a->v.ntasks, nthreads = a->v.nthreads;
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
    const int ntasks = a->v.ntasks;
    double x = 0;
    for (int i = 0; i < ntasks; i++)
        for (int j = i + 1; j < ntasks; j++)
            if (as[i] != as[j])
                x += crossing(a, i, j);
    return x;
}

/* The largest of v[0..n). */
static double vmax(const double *v, int n)
{
    double m = 0;
    for (int t = 0; t < n; t++)
        if (v[t] > m)
            m = v[t];
    return m;
}

/* ---- the plan: SMP Click's greedy on measured costs ---- */

/* The tasks the plan leaves where they are (pinned ones and those under 1% of the epoch's
 * cycles) go into a->plan on their current thread, and their loads into `bin`; the others are
 * listed in `order` ([*m]), largest first (ties by task order, so the plan is deterministic).
 * pinned_in[th] is set for every thread that keeps a task.  Returns the epoch's total cycles;
 * *largest is the largest task's. */
static uint64_t plan_fixed(adapt_state *a, double *bin, int *order, int order_cap, int *m,
                           int *pinned_in, uint64_t *largest)
{
    const int ntasks = a->v.ntasks;
    ck_task **tasks = a->v.tasks;
    unsigned char *placed = a->stay; /* reused: stay == placed before the free tasks */
    uint64_t total = 0;
    *largest = 0;
    for (int i = 0; i < ntasks; i++) {
        total += a->delta[i];
        if (a->delta[i] > *largest)
            *largest = a->delta[i];
    }
    *m = 0;
    for (int i = 0; i < ntasks; i++) {
        int th = a->cur[i];
        int keep = tasks[i]->pinned || a->delta[i] * 100 < total || *m >= order_cap;
        placed[i] = 0;
        if (keep) {
            a->plan[i] = th;
            loads_if(a, placed, bin, i, th, bin);
            placed[i] = 1;
            pinned_in[th] = 1;
        } else
            order[(*m)++] = i;
    }
    for (int i = 1; i < *m; i++)
        for (int j = i; j > 0 && a->delta[order[j]] > a->delta[order[j - 1]]; j--) {
            int x = order[j];
            order[j] = order[j - 1];
            order[j - 1] = x;
        }
    return total;
}

/* The thread for free task t given the placed tasks (a->stay) and their loads `bin`: where the
 * busiest thread's load ends up smallest (ties: the least loaded, then the lowest thread),
 * unless the thread of t's strongest placed partner (the most packets exchanged; ties: the
 * less loaded, then the lower thread) keeps the busiest load within `limit`. */
static int plan_choose(const adapt_state *a, int t, const double *bin, double limit)
{
    const int n = a->v.nthreads, ntasks = a->v.ntasks;
    const unsigned char *placed = a->stay;
    double opt[CK_MAX_THREADS], best_opt[CK_MAX_THREADS];
    int best = -1;
    double best_span = 0, partner[CK_MAX_THREADS] = {0};
    int has_partner = 0;
    for (int th = 0; th < n; th++) {
        loads_if(a, placed, bin, t, th, opt);
        double span = vmax(opt, n);
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
    if (!has_partner)
        return best;
    int aff = 0;
    for (int th = 1; th < n; th++)
        if (partner[th] > partner[aff] || (partner[th] == partner[aff] && bin[th] < bin[aff]))
            aff = th;
    if (aff != best) {
        loads_if(a, placed, bin, t, aff, opt);
        if (vmax(opt, n) <= limit)
            return aff;
    }
    return best;
}

/* Rename the plan's threads so that as few cycles as possible move: every permutation (Heap's
 * algorithm, up to 6 threads) that keeps the threads holding staying tasks (pinned_in) is
 * tried, the one keeping the most cycles (ties: the first found) is applied to a->plan.
 * Transfers do not change under a renaming. */
static void plan_rename(adapt_state *a, const int *pinned_in)
{
    const int n = a->v.nthreads, ntasks = a->v.ntasks;
    /* perm[b] = the real thread of bin b */
    int perm[CK_MAX_THREADS], best_perm[CK_MAX_THREADS];
    for (int t = 0; t < n; t++)
        perm[t] = best_perm[t] = t;
    if (n <= 6) {
        uint64_t best_kept = 0;
        int first = 1;
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
}

/* SMP Click's cost-sorted greedy with affinity (section 4.1.1 and 4.1.2), as
 * passes/placement.py greedy() does it at compile time, on the last epoch's measured cycles
 * (a->delta) and packets (a->pk, through crossing()); why both exist and how they differ: the
 * top of this file.  Pinned tasks and tasks that took under 1% of the cycles stay where they
 * are (plan_fixed); the others go, largest first, to the thread plan_choose picks, the partner
 * tolerance being (1 + CK_ADAPT_AFFINITY_TOLERANCE) times the lower bound max(total / N,
 * largest task); the threads are then renamed (plan_rename).  Fills a->plan and `load` (cycles
 * per epoch per thread, transfers included); returns the busiest thread's load. */
static double adapt_plan(adapt_state *a, double *load)
{
    int order[CK_MAX_THREADS * 4 + 64];
    int m = 0;
    int pinned_in[CK_MAX_THREADS] = {0};
    double bin[CK_MAX_THREADS] = {0};
    uint64_t largest;
    uint64_t total = plan_fixed(a, bin, order, (int)(sizeof order / sizeof order[0]), &m,
                                pinned_in, &largest);
    double bound = (double)total / a->v.nthreads;
    if ((double)largest > bound)
        bound = (double)largest;
    const double limit = (1.0 + CK_ADAPT_AFFINITY_TOLERANCE) * bound;
    for (int k = 0; k < m; k++) {
        int t = order[k];
        int choice = plan_choose(a, t, bin, limit);
        loads_if(a, a->stay, bin, t, choice, bin);
        a->plan[t] = choice;
        a->stay[t] = 1;
    }
    plan_rename(a, pinned_in);
    return model_loads(a, a->plan, load);
}

/* ---- measuring an epoch ---- */

static void print_loads(const char *label, const double *load, int n, double cycles)
{
    fprintf(stderr, "%s", label);
    for (int t = 0; t < n; t++)
        fprintf(stderr, "%s%.0f%%", t ? "/" : "", cycles > 0 ? 100.0 * load[t] / cycles : 0.0);
}

static void print_util(const ck_adapt_stats *r, int n)
{
    for (int t = 0; t < n; t++)
        fprintf(stderr, "%s%.0f%%", t ? "/" : " ", r->util_pct[t]);
}

/* Packets dropped so far by every element (all reasons, all threads). */
static uint64_t total_drops(void)
{
    uint64_t d = 0;
    for (int e = 0; e < ck_drop_nelements; e++)
        d += ck_drops_of(e);
    return d;
}

/* When the moves issued earlier have all landed (every task on its target), end the
 * hand-off: a step starts being judged, an undo is over. */
static void handoff_landed(adapt_state *a, int64_t now)
{
    ck_adapt_stats *r = &ck_adapt_result;
    ck_task **tasks = a->v.tasks;
    int landed = 1;
    for (int i = 0; i < a->v.ntasks && landed; i++)
        landed = atomic_load_explicit(&tasks[i]->thread, memory_order_acquire) ==
                 atomic_load_explicit(&tasks[i]->target, memory_order_relaxed);
    if (!landed)
        return;
    a->pending = 0;
    atomic_store_explicit(a->v.moving, 0, memory_order_relaxed);
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

/* Close the epoch that ends at `now`: read every task's cycles and packets since the last
 * epoch (a->delta, a->pk, a->cur, a->psum), the drops, the threads' busy shares, and fill
 * *m; updates ck_adapt_result's per-thread loads and shares. */
static void measure_epoch(adapt_state *a, int64_t now, epoch_meas *m)
{
    ck_adapt_stats *r = &ck_adapt_result;
    ck_task **tasks = a->v.tasks;
    const int ntasks = a->v.ntasks, nthreads = a->v.nthreads;
    memset(m, 0, sizeof *m);
    m->span_ns = now - a->epoch_start_ns;
    a->epoch_start_ns = now;
    a->next_epoch_ns = now + (int64_t)ck_adapt.epoch_ms * 1000000;
    a->epoch++;
    r->epochs = (uint64_t)a->epoch;
    a->psum = 0;
    for (int i = 0; i < ntasks; i++) {
        uint64_t c = atomic_load_explicit(&tasks[i]->cost, memory_order_relaxed);
        uint64_t p = atomic_load_explicit(&tasks[i]->spkts, memory_order_relaxed);
        a->delta[i] = c - a->last_cost[i];
        a->last_cost[i] = c;
        a->pk[i] = p - a->last_pk[i];
        a->last_pk[i] = p;
        a->cur[i] = atomic_load_explicit(&tasks[i]->thread, memory_order_relaxed);
        m->cur[a->cur[i]] += (double)a->delta[i];
        if (!tasks[i]->consumer)
            a->psum += (double)a->pk[i];
        if (tasks[i]->consumer || !a->has_consumer)
            m->delivered += (double)a->pk[i];
    }
    uint64_t drops_now = total_drops();
    m->drops = (double)(drops_now - a->last_drops);
    a->last_drops = drops_now;
    /* cycles per nanosecond from the run so far, for utilizations */
    int64_t el = now - a->start_ns;
    double hz = el > 0 ? (double)(ck_tsc_now() - a->start_tsc) / (double)el : 1.0;
    m->epoch_cycles = hz * (double)m->span_ns;
    m->hi = 0;
    m->lo = -1;
    for (int t = 0; t < nthreads; t++) {
        if (m->cur[t] > m->hi)
            m->hi = m->cur[t];
        if (m->lo < 0 || m->cur[t] < m->lo)
            m->lo = m->cur[t];
    }
    for (int t = 0; t < nthreads && t < CK_MAX_THREADS; t++)
        r->load_pct[t] = m->epoch_cycles > 0 ? 100.0 * m->cur[t] / m->epoch_cycles : 0.0;
    uint64_t work = a->v.total_work();
    m->rate = m->span_ns > 0 ? (double)(work - a->last_work) * 1e3 / (double)m->span_ns : 0.0;
    a->last_work = work;
    /* A router whose threads are all mostly idle is not limited by its placement.  A thread's
     * utilization is the share of its rounds' cycles spent in rounds that moved packets, so a
     * thread that has no idle round counts as fully busy even when other processes take part
     * of its CPU. */
    m->umax = 0;
    for (int t = 0; t < nthreads; t++) {
        uint64_t b = atomic_load_explicit(&a->v.thr[t].busy_tsc, memory_order_relaxed);
        uint64_t i = atomic_load_explicit(&a->v.thr[t].idle_tsc, memory_order_relaxed);
        uint64_t db = b - a->last_busy[t], di = i - a->last_idle[t];
        a->last_busy[t] = b;
        a->last_idle[t] = i;
        double u = db + di ? (double)db / (double)(db + di) : 0.0;
        r->util_pct[t] = 100.0 * u;
        if (u > m->umax)
            m->umax = u;
    }
}

/* --adapt-trace: one line per epoch, what the threads moved and their loads. */
static void trace_epoch(const adapt_state *a, const epoch_meas *m, int64_t now)
{
    fprintf(stderr, "adapt: epoch %d at %.1f ms: %.3f M task packets/s, loads", a->epoch,
            (double)(now - a->start_ns) / 1e6, m->rate);
    print_loads(" ", m->cur, a->v.nthreads, m->epoch_cycles);
    fprintf(stderr, " (busy rounds");
    print_util(&ck_adapt_result, a->v.nthreads);
    fprintf(stderr, "), %.0f dropped\n", m->drops);
}

/* ---- judging a step ---- */

/* The drop share of the epoch: dropped / (delivered + dropped). */
static double drop_share(double delivered, double drops)
{
    return delivered + drops > 0 ? drops / (delivered + drops) : 0.0;
}

/* Start the judgement's sums over. */
static void verify_reset(adapt_state *a)
{
    a->after_pk = a->after_drops = a->after_cycles = a->after_cross = 0;
    memset(a->after_work, 0, sizeof a->after_work);
    a->after_ns = 0;
    a->after_busy = 0;
}

/* A kept step stays watched: a queue that starts overflowing later undoes it too (the
 * judgement re-opens for one epoch). */
static void watch_kept_step(adapt_state *a, const epoch_meas *m)
{
    if (!a->watch || a->verify)
        return;
    if (drop_share(m->delivered, m->drops) > a->before_drop + CK_ADAPT_DROP_MARGIN) {
        verify_reset(a);
        a->verify = 1;
        a->verify_skip = 0;
    }
}

/* Undo the last step: every task it moved goes back to its thread (the same hand-off).
 * Returns the number of moves. */
static int undo_step(adapt_state *a)
{
    ck_task **tasks = a->v.tasks;
    int moves = 0;
    for (int i = 0; i < a->v.ntasks; i++) {
        int from = atomic_load_explicit(&tasks[i]->thread, memory_order_relaxed);
        if (from == a->prev[i])
            continue;
        if (ck_adapt.log)
            fprintf(stderr, "adapt: epoch %d moved %s back from thread %d to %d\n", a->epoch,
                    task_name(tasks[i]), from, a->prev[i]);
        atomic_store_explicit(&tasks[i]->target, a->prev[i], memory_order_release);
        atomic_store_explicit(&a->v.thr[from].mail, 1, memory_order_release);
        moves++;
    }
    return moves;
}

/* The step made things worse (after rate ra, drop share da, busiest cycles per packet wa):
 * hold re-balancing off (doubling), raise the transfer cost to what the step measured, and
 * issue the undo. */
static void revert_step(adapt_state *a, int64_t now, double ra, double da, double wa)
{
    ck_adapt_stats *r = &ck_adapt_result;
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
    int moves = undo_step(a);
    a->nhist = 0;
    r->reverts++;
    if (moves) {
        a->pending = a->undoing = 1;
        atomic_store_explicit(a->v.moving, 1, memory_order_relaxed);
        a->issued_ns = now;
    }
}

/* While a step is being judged: add the epoch to the judgement's sums; after
 * CK_ADAPT_VERIFY_EPOCHS epochs (the hand-off's own skipped), or at once when the epoch
 * dropped too much, keep the step or revert it.  Returns 1 while the epoch belongs to a
 * judgement (nothing else is decided then), 0 when no step is being judged. */
static int judge_step(adapt_state *a, const epoch_meas *m, int64_t now)
{
    const int nthreads = a->v.nthreads;
    if (!a->verify)
        return 0;
    a->watch = 0;
    /* judging the last step: delivered packets per ns, the drop share and the busiest
     * thread's cycles per delivered packet, after vs before; drops end the judgement at
     * once, even in the epoch in which the hand-off landed (each epoch of a queue that
     * overflows loses packets) */
    a->after_pk += m->delivered;
    a->after_drops += m->drops;
    for (int t = 0; t < nthreads; t++)
        a->after_work[t] += m->cur[t];
    a->after_ns += m->span_ns;
    a->after_busy |= m->umax >= CK_ADAPT_MIN_BUSY;
    for (int t = 0; t < nthreads; t++)
        a->after_cycles += m->cur[t];
    a->after_cross += cross_total(a, a->cur);
    int flood = drop_share(m->delivered, m->drops) > a->before_drop + CK_ADAPT_DROP_MARGIN;
    if (!flood) {
        if (a->verify_skip) {
            a->verify_skip = 0;
            verify_reset(a);
            return 1;
        }
        if (--a->verify > 0)
            return 1;
    }
    a->verify = a->verify_skip = 0;
    double ra = a->after_ns > 0 ? a->after_pk / (double)a->after_ns : 0.0;
    double da = drop_share(a->after_pk, a->after_drops);
    double wa = a->after_pk > 0 ? vmax(a->after_work, nthreads) / a->after_pk : 0.0;
    /* traffic that ended (no busy thread, nothing delivered) says nothing about the step */
    int worse = flood || da > a->before_drop + CK_ADAPT_DROP_MARGIN ||
                (a->after_busy && a->before_rate > 0 && a->after_pk > 0 &&
                 (wa >= a->before_work || ra < a->before_rate * (1.0 - ck_adapt.threshold)));
    if (worse) {
        revert_step(a, now, ra, da, wa);
        return 1;
    }
    if (ck_adapt.log)
        fprintf(stderr, "adapt: epoch %d: kept the step of epoch %d (busiest thread "
                "%.0f -> %.0f cycles per delivered packet, delivered %.2f -> %.2f Mpps, "
                "dropped %.1f%% -> %.1f%%)\n", a->epoch, a->step_epoch, a->before_work,
                wa, a->before_rate * 1e3, ra * 1e3, 100 * a->before_drop, 100 * da);
    a->holdoff_len_ns = 0;
    a->watch = 1;
    a->nhist = 0;
    return 1;
}

/* ---- deciding a step ---- */

/* A busy epoch's delivered rate joins the history a later step is judged against. */
static void remember_rate(adapt_state *a, const epoch_meas *m)
{
    if (m->umax >= CK_ADAPT_MIN_BUSY && m->span_ns > 0) {
        int k = a->nhist % CK_ADAPT_VERIFY_EPOCHS;
        a->hist_pk[k] = m->delivered;
        a->hist_ns[k] = (double)m->span_ns;
        a->nhist++;
    }
}

/* Issue the step a->plan: set each moving task's target and raise its thread's mail flag
 * (the thread hands it over at its loop boundary: sched.c sync_tasks()), and record what the
 * step will be judged against. */
static void issue_step(adapt_state *a, const epoch_meas *m, const double *load,
                       const double *now_load, int64_t now)
{
    ck_adapt_stats *r = &ck_adapt_result;
    ck_task **tasks = a->v.tasks;
    const int ntasks = a->v.ntasks, nthreads = a->v.nthreads;
    int moves = 0;
    for (int i = 0; i < ntasks; i++) {
        int from = a->cur[i];
        a->prev[i] = from;
        if (a->plan[i] == from)
            continue;
        if (ck_adapt.log) {
            fprintf(stderr, "adapt: epoch %d moved %s from thread %d to %d, loads ", a->epoch,
                    task_name(tasks[i]), from, a->plan[i]);
            print_loads("", now_load, nthreads, m->epoch_cycles);
            print_loads(" -> ", load, nthreads, m->epoch_cycles);
            fprintf(stderr, " with transfers (busy rounds");
            print_util(r, nthreads);
            fprintf(stderr, "), at %.1f ms\n", (double)(now - a->start_ns) / 1e6);
        }
        atomic_store_explicit(&tasks[i]->target, a->plan[i], memory_order_release);
        atomic_store_explicit(&a->v.thr[from].mail, 1, memory_order_release);
        moves++;
    }
    if (!moves)
        return;
    a->pending = 1;
    a->undoing = 0;
    a->step_epoch = a->epoch;
    double hp = 0, hn = 0;
    for (int k = 0; k < a->nhist && k < CK_ADAPT_VERIFY_EPOCHS; k++)
        hp += a->hist_pk[k], hn += a->hist_ns[k];
    a->before_rate = hn > 0 ? hp / hn : m->span_ns > 0 ? m->delivered / (double)m->span_ns : 0.0;
    a->nhist = 0;
    a->watch = 0;
    a->before_drop = drop_share(m->delivered, m->drops);
    a->before_work = m->delivered > 0 ? m->hi / m->delivered : 0.0;
    double all = 0;
    for (int t = 0; t < nthreads; t++)
        all += m->cur[t];
    a->before_cpp = m->delivered > 0 ? all / m->delivered : 0.0;
    atomic_store_explicit(a->v.moving, 1, memory_order_relaxed);
    a->issued_ns = now;
    r->steps++;
    r->moves += (uint64_t)moves;
    if (!r->first_step_ns)
        r->first_step_ns = now - a->start_ns;
    r->last_step_ns = now - a->start_ns;
    r->last_step_epoch = (uint64_t)a->epoch;
}

/* When the threads are busy, not held off, and their loads differ by more than the
 * threshold ((max - min) / max): plan, and take the step only when the busiest thread,
 * transfers included, gets lighter by more than the threshold (a split that the transfers eat
 * up is not worth its risk); otherwise count (and log once) the refusal. */
static void decide_step(adapt_state *a, const epoch_meas *m, int64_t now)
{
    if (now < a->holdoff_until_ns || m->hi == 0 || m->umax < CK_ADAPT_MIN_BUSY)
        return;
    double imbalance = (m->hi - m->lo) / m->hi;
    if (imbalance <= ck_adapt.threshold) {
        a->refused_said = 0;
        return;
    }
    double load[CK_MAX_THREADS], now_load[CK_MAX_THREADS];
    double now_worst = model_loads(a, a->cur, now_load);
    double worst = adapt_plan(a, load);
    if (worst >= now_worst * (1.0 - ck_adapt.threshold)) {
        int differs = 0;
        for (int i = 0; i < a->v.ntasks; i++)
            differs |= a->plan[i] != a->cur[i];
        ck_adapt_result.refused++;
        if (ck_adapt.log && !a->refused_said) {
            fprintf(stderr, "adapt: epoch %d: not moving, predicted loads ", a->epoch);
            print_loads("", now_load, a->v.nthreads, m->epoch_cycles);
            if (differs) {
                print_loads(" -> ", load, a->v.nthreads, m->epoch_cycles);
                fprintf(stderr, " with transfers: the busiest thread gains under %.0f%%\n",
                        100 * ck_adapt.threshold);
            } else {
                /* e.g. once an undone step raised the transfer cost */
                fprintf(stderr, ": no other placement is lighter with transfers at %.0f "
                        "cycles per packet\n", a->transfer);
            }
        }
        a->refused_said = 1;
        return;
    }
    a->refused_said = 0;
    issue_step(a, m, load, now_load, now);
}

/* Thread 0, every few rounds (adapt.h).  One step is the whole new assignment at once (Wu
 * and Wolf's one-step re-allocation).  A move is a hand-off: the coordinator sets the task's
 * target and tells its thread; that thread drops the task at its next loop boundary (the task
 * is not running then) and publishes the new owner with a release store; the new thread picks
 * it up with an acquire load.  So a task never runs on two threads, and what it wrote before
 * the move (its element's state, its side of a ring) is visible after it. */
void ck_adapt_tick(ck_adapt_state *a, int64_t now)
{
    if (a->pending)
        handoff_landed(a, now);
    if (now < a->next_epoch_ns)
        return;
    epoch_meas m;
    measure_epoch(a, now, &m);
    if (ck_adapt.trace)
        trace_epoch(a, &m, now);
    if (!ck_adapt.enabled || a->pending)
        return;
    watch_kept_step(a, &m);
    if (judge_step(a, &m, now))
        return;
    remember_rate(a, &m);
    decide_step(a, &m, now);
}
