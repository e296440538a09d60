/*
 * The profiler of `clickc --profile-generate` routers: tables, queue sampling, the profile
 * file (docs/profiles.md; the format is read by clickc.passes.profile).
 */
#include "profile.h"

#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Thread_local int ck_prof_on;
_Thread_local uint64_t ck_prof_child;
ck_prof_elem *ck_prof_tables[CK_MAX_THREADS];
uint64_t ck_prof_overhead;

/* compiler-rt's instrumentation-PGO runtime, present only in --pgo builds */
extern void __llvm_profile_set_filename(const char *name) __attribute__((weak));

static const ck_profile_def *prof_def;
static int prof_nelements;
static int64_t prof_t0_ns;
static uint64_t prof_t0_tsc;
static volatile sig_atomic_t prof_snapshot_requested;

/* Queue occupancy: the `length` handler of every element that has one, sampled now and then
   from thread 0's task calls. */
typedef struct prof_queue {
    int elem;
    ck_read_fn length, drops, highwater;
    uint64_t sum, samples;
} prof_queue;
static prof_queue *prof_queues;
static int prof_nqueues;

static void on_sigusr1(int sig)
{
    (void)sig;
    prof_snapshot_requested = 1;
}

static int prof_exit_hook(const ck_router_def *r)
{
    return ck_profile_write(r);
}

void ck_profile_setup(const ck_profile_def *def, int nelements)
{
    prof_def = def;
    prof_nelements = nelements;
    for (int t = 0; t < CK_MAX_THREADS; t++) {
        ck_prof_tables[t] = calloc((size_t)(nelements > 0 ? nelements : 1), sizeof(ck_prof_elem));
        if (!ck_prof_tables[t]) {
            fprintf(stderr, "profile: out of memory\n");
            exit(1);
        }
    }
    if (__llvm_profile_set_filename) {
        const char *path = getenv("CLICKC_PROFILE_FILE");
        static char raw[4096];
        if (!path || !*path)
            path = def->path;
        if (snprintf(raw, sizeof raw, "%s.profraw", path) < (int)sizeof raw)
            __llvm_profile_set_filename(raw);
    }
    uint64_t best = UINT64_MAX;
    for (int i = 0; i < 1000; i++) {
        uint64_t a = ck_prof_now(), b = ck_prof_now();
        if (b - a < best)
            best = b - a;
    }
    ck_prof_overhead = best;
    prof_t0_ns = ck_monotonic_ns();
    prof_t0_tsc = ck_prof_now();
    ck_before_cleanup_hook = prof_exit_hook;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigusr1;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    sigaction(SIGUSR1, &sa, NULL);
}

static int64_t read_int_handler(ck_read_fn fn)
{
    if (!fn)
        return -1;
    ck_buf b;
    ck_buf_init(&b);
    int64_t v = -1;
    if (fn(&b) >= 0 && ck_parse_int64(ck_buf_str(&b), &v) != 0)
        v = -1;
    ck_buf_free(&b);
    return v;
}

static void find_queues(const ck_router_def *r)
{
    if (prof_queues || !r)
        return;
    prof_queues = calloc((size_t)(r->nhandlers > 0 ? r->nhandlers : 1), sizeof *prof_queues);
    if (!prof_queues)
        return;
    for (int i = 0; i < r->nhandlers; i++) {
        const ck_handler_def *h = &r->handlers[i];
        if (strcmp(h->name, "length") != 0 || !h->read)
            continue;
        int is_queue = 0; /* a Queue-like element: `length` with `capacity` */
        for (int j = 0; j < r->nhandlers; j++)
            if (strcmp(r->handlers[j].element, h->element) == 0 &&
                strcmp(r->handlers[j].name, "capacity") == 0)
                is_queue = 1;
        if (!is_queue)
            continue;
        prof_queue *q = &prof_queues[prof_nqueues++];
        q->elem = ck_element_find(h->element);
        q->length = h->read;
        for (int j = 0; j < r->nhandlers; j++) {
            const ck_handler_def *g = &r->handlers[j];
            if (strcmp(g->element, h->element) != 0 || !g->read)
                continue;
            if (strcmp(g->name, "drops") == 0)
                q->drops = g->read;
            else if (strcmp(g->name, "highwater_length") == 0)
                q->highwater = g->read;
        }
    }
}

void ck_prof_sample(void)
{
    if (ck_thread_id != 0)
        return;
    find_queues(ck_current_router);
    for (int i = 0; i < prof_nqueues; i++) {
        int64_t len = read_int_handler(prof_queues[i].length);
        if (len >= 0) {
            prof_queues[i].sum += (uint64_t)len;
            prof_queues[i].samples++;
        }
    }
    if (prof_snapshot_requested) {
        prof_snapshot_requested = 0;
        ck_profile_write(ck_current_router);
    }
}

int ck_profile_write(const ck_router_def *r)
{
    if (!prof_def || !r)
        return 0;
    const char *path = getenv("CLICKC_PROFILE_FILE");
    if (!path || !*path)
        path = prof_def->path;
    char tmp[4096];
    if (snprintf(tmp, sizeof tmp, "%s.tmp", path) >= (int)sizeof tmp) {
        fprintf(stderr, "profile: file name too long\n");
        return -1;
    }
    FILE *f = fopen(tmp, "w");
    if (!f) {
        fprintf(stderr, "profile: %s: %s\n", tmp, strerror(errno));
        return -1;
    }
    find_queues(r);
    int64_t dns = ck_monotonic_ns() - prof_t0_ns;
    uint64_t dtsc = ck_prof_now() - prof_t0_tsc;
    double cpn = dns > 0 ? (double)dtsc / (double)dns : 1.0;
    if (cpn <= 0)
        cpn = 1.0;
    fprintf(f, "{\"format\": \"clickc-profile\", \"version\": 1,\n \"config\": {\"file\": ");
    ck_json_string(f, prof_def->config_file);
    fprintf(f, ", \"fingerprint\": ");
    ck_json_string(f, prof_def->fingerprint);
    fprintf(f, "},\n \"duration_ns\": %lld, \"runs\": 1, \"cycles_per_ns\": %.6f,\n",
            (long long)(dns > 0 ? dns : 0), cpn);
    fprintf(f, " \"elements\": {");
    int first_task = 1;
    for (int i = 0; i < r->nelements && i < prof_nelements; i++) {
        const ck_element_def *e = &r->elements[i];
        ck_prof_elem sum = {0, 0, 0, 0, 0, 0, 0};
        for (int t = 0; t < CK_MAX_THREADS; t++) {
            const ck_prof_elem *x = &ck_prof_tables[t][i];
            sum.cycles += x->cycles;
            sum.packets += x->packets;
            sum.calls += x->calls;
        }
        fprintf(f, "%s\n  ", i ? "," : "");
        ck_json_string(f, e->name);
        fprintf(f, ": {\"class\": ");
        ck_json_string(f, e->class_name);
        fprintf(f, ", \"in_packets\": ");
        ck_json_counts(f, e->in_packets, e->ninputs);
        fprintf(f, ", \"out_packets\": ");
        ck_json_counts(f, e->out_packets, e->noutputs);
        fprintf(f, ", \"calls\": %llu, \"cycles\": %llu, \"sampled_packets\": %llu, "
                   "\"thread\": %d}",
                (unsigned long long)sum.calls, (unsigned long long)sum.cycles,
                (unsigned long long)sum.packets, e->thread);
    }
    fprintf(f, "},\n \"tasks\": {");
    for (int i = 0; i < r->nelements && i < prof_nelements; i++) {
        const ck_element_def *e = &r->elements[i];
        if (!e->run_task)
            continue;
        uint64_t calls = 0, packets = 0, sampled_cycles = 0, sampled = 0;
        for (int t = 0; t < CK_MAX_THREADS; t++) {
            calls += ck_prof_tables[t][i].task_calls;
            packets += ck_prof_tables[t][i].task_packets;
            sampled_cycles += ck_prof_tables[t][i].task_cycles;
            sampled += ck_prof_tables[t][i].task_sampled;
        }
        /* all calls' cycles, estimated from the sampled ones */
        uint64_t cycles = sampled ? (uint64_t)((double)sampled_cycles * (double)calls /
                                               (double)sampled) : 0;
        fprintf(f, "%s\n  ", first_task ? "" : ",");
        first_task = 0;
        ck_json_string(f, e->name);
        fprintf(f, ": {\"thread\": %d, \"calls\": %llu, \"packets\": %llu, \"cycles\": %llu}",
                e->thread, (unsigned long long)calls, (unsigned long long)packets,
                (unsigned long long)cycles);
    }
    fprintf(f, "},\n \"queues\": {");
    for (int i = 0; i < prof_nqueues; i++) {
        const prof_queue *q = &prof_queues[i];
        if (q->elem < 0)
            continue;
        fprintf(f, "%s\n  ", i ? "," : "");
        ck_json_string(f, r->elements[q->elem].name);
        int64_t drops = read_int_handler(q->drops), hw = read_int_handler(q->highwater);
        fprintf(f, ": {\"occupancy_sum\": %llu, \"occupancy_samples\": %llu",
                (unsigned long long)q->sum, (unsigned long long)q->samples);
        if (drops >= 0)
            fprintf(f, ", \"drops\": %lld", (long long)drops);
        if (hw >= 0)
            fprintf(f, ", \"highwater\": %lld", (long long)hw);
        fputc('}', f);
    }
    fprintf(f, "}}\n");
    if (fclose(f) != 0 || rename(tmp, path) != 0) {
        fprintf(stderr, "profile: %s: %s\n", path, strerror(errno));
        return -1;
    }
    return 0;
}
