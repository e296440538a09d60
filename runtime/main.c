/*
 * The program's entry point: command line, initialization, the run, handlers, statistics.
 *
 * Command line (a drop-in for Click's `click` options where they apply, userlevel/click.cc):
 *   NAME=VALUE            set a run-time parameter (the generated set_param decides)
 *   -h, --handler E.H     print read handler E.H after the run (repeatable; Click's format)
 *   -x, --exit-handler E.H  use E.H's value as the exit status
 *   -q, --quit            initialize, do not run the driver
 *   -w, --no-warnings     do not print warnings
 *   -t, --time            print the user/system/elapsed time of the run
 *   --stats[=FILE]        write statistics as JSON to FILE (standard error without FILE;
 *                         "--stats FILE" also works when FILE has no '=' and no leading '-')
 *   --pin, --no-pin       pin every thread to its own CPU even with one thread / never
 *                         (default: pin when there are several threads; runtime/sched.c)
 *   --adapt[=EPOCH_MS,THRESHOLD], --no-adapt, --adapt-trace
 *                         runtime re-balancing of tasks between threads (routers compiled
 *                         with clickc --adapt only; docs/runtime.md); a line per epoch
 *   --help, -v/--version
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "clickc.h"
#include "cksched.h"
#include "hotswap.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/time.h>

int (*ck_before_cleanup_hook)(const ck_router_def *router);
int (*ck_hot_after_run)(const ck_router_def **router);
int ck_drop_reasons(int elem, const char **reasons, uint64_t *counts, int max);
void ck_drops_reset(void);
int ck_io_take_eal_args(int argc, char **argv); /* io_args.c: --dpdk EAL... -- */
uint64_t ck_hot_unkept_packets; /* hotswap.h: incremented by a -R host's swaps */

static void usage(const ck_router_def *r, const char *prog)
{
    printf("'%s' runs the Click router configuration %s, compiled by clickc %s.\n\n", prog,
           r->config_file ? r->config_file : "(unknown)",
           r->clickc_version ? r->clickc_version : "");
    printf("Usage: %s [OPTION]... [NAME=VALUE]...\n\n", prog);
    printf("Options:\n"
           "  -h, --handler ELEMENT.H       Call ELEMENT's read handler H after running\n"
           "                                driver and print result to standard output.\n"
           "  -x, --exit-handler ELEMENT.H  Use handler ELEMENT.H value for exit status.\n"
           "  -q, --quit                    Do not run driver.\n"
           "  -t, --time                    Print information on how long driver took.\n"
           "  -w, --no-warnings             Do not print warnings.\n"
           "      --stats[=FILE]            Write run statistics as JSON to FILE (default:\n"
           "                                standard error).\n"
           "      --pin, --no-pin           Pin each thread to a CPU even with one thread;\n"
           "                                never pin (default: pin with several threads).\n"
           "      --adapt[=MS,THRESHOLD]    Re-balance tasks between threads every MS ms when\n"
           "                                loads differ by more than THRESHOLD (clickc --adapt\n"
           "                                builds); --no-adapt turns it off;\n"
           "                                --adapt-trace prints one line per epoch.\n"
           "      --help                    Print this message and exit.\n"
           "  -v, --version                 Print version number and exit.\n"
           "      --dpdk EAL-ARGS... --     DPDK EAL arguments (FromDPDKDevice, ToDPDKDevice).\n"
           "      --simtime[=START]         Run in simulated time from second START (default\n"
           "                                1000000000); also --simulation-time.\n"
           "  -a, --affinity[=N], --cpu[=N] Pin threads to CPUs starting at the N-th allowed\n"
           "                                CPU (default 0); --no-affinity: never pin.\n"
           "  -j, --threads N               Accepted when N is the compiled thread count.\n"
           "Click's -f, -e, -o, -p, -u, --socket, -R and -C are refused with the reason:\n"
           "they change what is compiled (use clickc run; docs/cli.md).\n");
    if (r->params_help && *r->params_help)
        printf("\nParameters (NAME=VALUE):\n%s", r->params_help);
}

/* ---- statistics as JSON ---- */

void ck_json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; s && *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

void ck_json_counts(FILE *f, const uint64_t *v, int n)
{
    fputc('[', f);
    for (int i = 0; i < n; i++)
        fprintf(f, "%s%llu", i ? ", " : "", v ? (unsigned long long)v[i] : 0ULL);
    fputc(']', f);
}

/* A pool's counters as a JSON object (docs/runtime.md, "Statistics"). */
static void json_pool(FILE *f, const ck_pool_stats *p)
{
    fprintf(f, "{\"allocated\": %llu, \"freed\": %llu, \"malloced\": %llu, \"depot_puts\": %llu, "
               "\"depot_gets\": %llu, \"wrapped\": %llu, \"detached\": %llu}",
            (unsigned long long)p->allocated, (unsigned long long)p->freed,
            (unsigned long long)p->malloced, (unsigned long long)p->depot_puts,
            (unsigned long long)p->depot_gets, (unsigned long long)p->wrapped,
            (unsigned long long)p->detached);
}

static void write_stats(FILE *f, const ck_router_def *r)
{
    fprintf(f, "{\n  \"config\": ");
    ck_json_string(f, r->config_file);
    fprintf(f, ",\n  \"clickc_version\": ");
    ck_json_string(f, r->clickc_version);
    fprintf(f, ",\n  \"elements\": [");
    for (int i = 0; i < r->nelements; i++) {
        const ck_element_def *e = &r->elements[i];
        fprintf(f, "%s\n    {\"name\": ", i ? "," : "");
        ck_json_string(f, e->name);
        fprintf(f, ", \"class\": ");
        ck_json_string(f, e->class_name);
        fprintf(f, ", \"thread\": %d, \"in\": ", e->thread);
        ck_json_counts(f, e->in_packets, e->ninputs);
        fprintf(f, ", \"out\": ");
        ck_json_counts(f, e->out_packets, e->noutputs);
        const char *reasons[16];
        uint64_t counts[16];
        int nr = ck_drop_reasons(i, reasons, counts, 16);
        fprintf(f, ", \"drops\": %llu, \"drop_reasons\": {", (unsigned long long)ck_drops_of(i));
        for (int j = 0; j < nr; j++) {
            fprintf(f, "%s", j ? ", " : "");
            ck_json_string(f, reasons[j]);
            fprintf(f, ": %llu", (unsigned long long)counts[j]);
        }
        fprintf(f, "}}");
    }
    fprintf(f, "\n  ],\n  \"threads\": [");
    int nthreads = ck_nthreads();
    for (int t = 0; t < nthreads; t++) {
        const ck_thread_stats *ts = &ck_thread_stats_table[t];
        double elapsed = ts->stop_ns > ts->start_ns ? (double)(ts->stop_ns - ts->start_ns) / 1e9 : 0.0;
        double mpps = elapsed > 0 ? (double)ts->packets / elapsed / 1e6 : 0.0;
        double nspp = ts->packets ? elapsed * 1e9 / (double)ts->packets : 0.0;
        double cpu = ts->cpu_stop_ns > ts->cpu_start_ns ? (double)(ts->cpu_stop_ns - ts->cpu_start_ns) / 1e9 : 0.0;
        double cpu_nspp = ts->packets ? cpu * 1e9 / (double)ts->packets : 0.0;
        fprintf(f, "%s\n    {\"thread\": %d, \"elapsed_s\": %.9f, \"cpu_s\": %.9f, \"packets\": %llu, "
                   "\"mpps\": %.6f, \"ns_per_packet\": %.3f, \"cpu_ns_per_packet\": %.3f, "
                   "\"task_calls\": %llu, \"task_packets\": %llu, \"busy_rounds\": %llu, "
                   "\"idle_rounds\": %llu, \"sleeps\": %llu, \"cpu\": %d, ",
                t ? "," : "", t, elapsed, cpu, (unsigned long long)ts->packets, mpps, nspp, cpu_nspp,
                (unsigned long long)ts->task_calls, (unsigned long long)ts->task_packets,
                (unsigned long long)ts->busy_rounds, (unsigned long long)ts->idle_rounds,
                (unsigned long long)ts->sleeps, ts->cpu);
        ck_pool_stats tp;
        ck_pool_get_thread_stats(t, &tp);
        fprintf(f, "\"pool\": ");
        json_pool(f, &tp);
        fprintf(f, ", \"tasks\": [");
        int first = 1;
        for (int k = 0; k < ck_task_count(); k++) {
            int elem, thread;
            uint64_t calls, packets;
            ck_task_stats(k, &elem, &thread, &calls, &packets);
            if (thread != t)
                continue;
            fprintf(f, "%s{\"element\": ", first ? "" : ", ");
            ck_json_string(f, elem >= 0 && elem < r->nelements ? r->elements[elem].name : "");
            fprintf(f, ", \"calls\": %llu, \"packets\": %llu}", (unsigned long long)calls,
                    (unsigned long long)packets);
            first = 0;
        }
        fprintf(f, "]}");
    }
    if (ck_adapt.enabled) {
        const ck_adapt_stats *a = &ck_adapt_result;
        fprintf(f, "\n  ],\n  \"adapt\": {\"epoch_ms\": %d, \"threshold\": %g, \"epochs\": %llu, "
                   "\"steps\": %llu, \"moves\": %llu, \"first_step_ms\": %.3f, "
                   "\"last_step_ms\": %.3f, \"last_step_epoch\": %llu, \"last_handoff_us\": %.3f, "
                   "\"load_pct\": [",
                ck_adapt.epoch_ms, ck_adapt.threshold, (unsigned long long)a->epochs,
                (unsigned long long)a->steps, (unsigned long long)a->moves,
                (double)a->first_step_ns / 1e6, (double)a->last_step_ns / 1e6,
                (unsigned long long)a->last_step_epoch, (double)a->last_handoff_ns / 1e3);
        for (int t = 0; t < nthreads; t++)
            fprintf(f, "%s%.1f", t ? ", " : "", a->load_pct[t]);
        fprintf(f, "], \"busy_pct\": [");
        for (int t = 0; t < nthreads; t++)
            fprintf(f, "%s%.1f", t ? ", " : "", a->util_pct[t]);
        fprintf(f, "], \"refused\": %llu, \"reverts\": %llu, \"holdoff_until_ms\": %.3f, "
                   "\"transfer_cycles\": %.0f}",
                (unsigned long long)a->refused, (unsigned long long)a->reverts,
                (double)a->holdoff_until_ns / 1e6, a->transfer_cycles);
    } else
        fprintf(f, "\n  ]");
    ck_pool_stats ps;
    ck_pool_get_stats(&ps);
    if (ck_sched_drain_ns() >= 0)
        fprintf(f, ",\n  \"stop_drain_us\": %.3f", (double)ck_sched_drain_ns() / 1e3);
    if (ck_hot_unkept_packets)
        fprintf(f, ",\n  \"hotconfig_dropped\": %llu", (unsigned long long)ck_hot_unkept_packets);
    fprintf(f, ",\n  \"nthreads\": %d,\n  \"pool\": ", nthreads);
    json_pool(f, &ps);
    fprintf(f, "\n}\n");
}

/* ---- main ---- */

/* Click driver options a compiled router cannot apply, with the reason (docs/cli.md, "Click's
 * driver options"); `arg` 1 when the option takes a value. */
static const struct { const char *shortopt, *longopt; int arg; const char *why; } refused[] = {
    {"-f", "--file", 1, "the configuration is compiled into this program (clickc run -f FILE)"},
    {"-e", "--expression", 1, "the configuration is compiled into this program (clickc run -e EXPR)"},
    {"-o", "--output", 1, "the flat configuration is written by clickc run -o FILE"},
    {"-p", "--port", 1, "a ControlSocket is compiled in: clickc run -p PORT, or ControlSocket(TCP, PORT) in the configuration"},
    {"-u", "--unix-socket", 1, "a ControlSocket is compiled in: clickc run -u FILE, or ControlSocket(UNIX, FILE) in the configuration"},
    {"", "--socket", 1, "a ControlSocket on a file descriptor is not supported by clickc"},
    {"-C", "--clickpath", 1, "require(library ...) files are read when compiling (clickc run -C PATH)"},
    {"-R", "--allow-reconfigure", 0, "a router that can be reconfigured is built by clickc run -R (docs/reconfiguration.md)"},
};

/* The index in `refused` of the option `a` (alone, "--long=V" or "-sV"), or -1. */
static int refused_index(const char *a)
{
    for (int k = 0; k < (int)(sizeof refused / sizeof refused[0]); k++) {
        size_t ll = strlen(refused[k].longopt), ls = strlen(refused[k].shortopt);
        if (strcmp(a, refused[k].longopt) == 0 || (ls && strcmp(a, refused[k].shortopt) == 0))
            return k;
        if (refused[k].arg && ((strncmp(a, refused[k].longopt, ll) == 0 && a[ll] == '=') ||
                               (ls && strncmp(a, refused[k].shortopt, ls) == 0 && a[ls])))
            return k;
    }
    return -1;
}

/* "--simtime[=START]": the start in nanoseconds since the epoch (Click's default second
 * 1000000000); -1 for a malformed START. */
static int64_t simtime_start(const char *a)
{
    const char *eq = strchr(a, '=');
    if (!eq)
        return (int64_t)1000000000 * 1000000000;
    char *end;
    errno = 0;
    double sec = strtod(eq + 1, &end);
    if (!eq[1] || *end || errno || !(sec >= 0) || sec > 9.2e9)
        return -1;
    return (int64_t)(sec * 1e9 + 0.5);
}

/* "-a", "-aN", "--affinity[=N]", "--cpu[=N]": the first CPU's index (0 by default); -1 when
 * `a` is not such an option, -2 when N is malformed. */
static int affinity_offset(const char *a)
{
    const char *v;
    if (strcmp(a, "-a") == 0 || strcmp(a, "--affinity") == 0 || strcmp(a, "--cpu") == 0)
        return 0;
    if (strncmp(a, "--affinity=", 11) == 0)
        v = a + 11;
    else if (strncmp(a, "--cpu=", 6) == 0)
        v = a + 6;
    else if (strncmp(a, "-a", 2) == 0 && a[2])
        v = a + 2;
    else
        return -1;
    int64_t n;
    return ck_parse_int64(v, &n) == 0 && n >= 0 && n < 4096 ? (int)n : -2;
}

static int option_value(int argc, char **argv, int *i, const char *shortopt, const char *longopt,
                        const char **value)
{
    const char *a = argv[*i];
    size_t ls = strlen(shortopt), ll = strlen(longopt);
    if (strcmp(a, shortopt) == 0 || strcmp(a, longopt) == 0) {
        if (*i + 1 >= argc) {
            fprintf(stderr, "%s: option '%s' requires an argument\n", argv[0], a);
            return -1;
        }
        *value = argv[++*i];
        return 1;
    }
    if (strncmp(a, longopt, ll) == 0 && a[ll] == '=') {
        *value = a + ll + 1;
        return 1;
    }
    if (strncmp(a, shortopt, ls) == 0 && a[ls]) {
        *value = a + ls;
        return 1;
    }
    return 0;
}

void (*ck_init_element_hook)(int elem);

int ck_init_elements(const ck_router_def *r, int *ninitialized)
{
    char context[1024];
    for (int i = 0; i < r->nelements; i++) {
        const ck_element_def *e = &r->elements[i];
        *ninitialized = i;
        if (!e->init)
            continue;
        snprintf(context, sizeof context, "While initializing '%s :: %s':", e->name, e->class_name);
        ck_errh errh;
        ck_errh_init(&errh, e->landmark, context);
        /* The element initializes as its thread: its timers run there, its first packets come
         * from that thread's pool. */
        ck_thread_id = e->thread >= 0 && e->thread < ck_nthreads() ? e->thread : 0;
        ck_sched_initializing(i);
        if (ck_init_element_hook)
            ck_init_element_hook(i);
        int rc = e->init(&errh);
        if (ck_init_element_hook)
            ck_init_element_hook(-1);
        ck_sched_initializing(-1);
        ck_thread_id = 0;
        if (rc < 0) {
            /* Click's Router::initialize reports nothing for its Error element */
            if (errh.nerrors == 0 && strcmp(e->class_name, "Error") != 0 &&
                strcmp(e->class_name, "ErrorElement") != 0) /* its synonym */
                ck_error(&errh, "initialization failed");
            return -1;
        }
    }
    *ninitialized = r->nelements;
    return 0;
}

/* --adapt: the tasks the compiler pinned (ck_router_def.pinned) stay on their thread. */
static void pin_compiled_tasks(const ck_router_def *r)
{
    for (const int *p = r->pinned; p && *p >= 0; p++) {
        for (int k = 0; k < ck_task_count(); k++) {
            int elem, th;
            uint64_t c, pk;
            ck_task_stats(k, &elem, &th, &c, &pk);
            if (elem == *p)
                ck_task_pin(k);
        }
    }
}

/* --adapt: the tasks a StaticThreadSched names stay on their thread.  ELEMENT is looked up as
 * the placement pass does (Click's elements/threads/staticthreadsched.cc): from the
 * StaticThreadSched's compound context outwards, and as a compound prefix. */
static void pin_static_tasks(const ck_router_def *r)
{
    for (int s = 0; s < r->nelements; s++) {
        const ck_element_def *e = &r->elements[s];
        if (!e->class_name || strcmp(e->class_name, "StaticThreadSched") != 0 || !e->config)
            continue;
        const char *p = e->config;
        while (*p) {
            while (*p == ' ' || *p == '\t' || *p == '\n' || *p == ',')
                p++;
            char name[256];
            size_t n = 0;
            while (*p && *p != ' ' && *p != '\t' && *p != '\n' && *p != ',') {
                if (n + 1 < sizeof name)
                    name[n++] = *p;
                p++;
            }
            name[n] = '\0';
            while (*p && *p != ',')
                p++; /* the THREAD */
            if (!n)
                continue;
            /* candidate contexts: the StaticThreadSched's prefixes, longest first, then none */
            char want[600];
            size_t ctx = 0;
            const char *slash = strrchr(e->name, '/');
            ctx = slash ? (size_t)(slash - e->name) : 0;
            for (;;) {
                if (ctx)
                    snprintf(want, sizeof want, "%.*s/%s", (int)ctx, e->name, name);
                else
                    snprintf(want, sizeof want, "%s", name);
                size_t wl = strlen(want);
                int found = 0;
                for (int k = 0; k < ck_task_count(); k++) {
                    int elem, th;
                    uint64_t c, pk;
                    ck_task_stats(k, &elem, &th, &c, &pk);
                    const char *tn = r->elements[elem].name;
                    if (strcmp(tn, want) == 0 || (strncmp(tn, want, wl) == 0 && tn[wl] == '/')) {
                        ck_task_pin(k);
                        found = 1;
                    }
                }
                if (found || !ctx)
                    break;
                while (ctx > 0 && e->name[ctx - 1] != '/')
                    ctx--;
                if (ctx)
                    ctx--;
            }
        }
    }
}

void ck_adapt_pin_tasks(const ck_router_def *r)
{
    if (!ck_adapt.enabled)
        return;
    pin_static_tasks(r);
    pin_compiled_tasks(r);
}

int ck_main(const ck_router_def *r, int argc, char **argv)
{
    argc = ck_io_take_eal_args(argc, argv);
    const char *prog = argc > 0 ? argv[0] : "router";
    const char **handlers = calloc((size_t)argc + 1, sizeof(char *));
    int nhandlers = 0, quit = 0, report_time = 0, want_stats = 0;
    const char *stats_file = NULL, *exit_handler = NULL;
    int exit_value = 0;
    ck_errh errh;
    ck_errh_init(&errh, NULL, NULL);
    ck_router_attach(r);
    ck_set_nthreads(r->nthreads);
#ifdef CK_ADAPT_SPEC
    /* clickc --adapt[=EPOCH_MS,THRESHOLD] */
    const int adapt_built = 1;
    ck_adapt.enabled = 1;
    if (ck_adapt_parse(CK_ADAPT_SPEC) < 0)
        fprintf(stderr, "%s: ignoring malformed built-in --adapt=%s\n", prog, CK_ADAPT_SPEC);
#else
    const int adapt_built = 0;
    ck_adapt.enabled = 0;
#endif

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        int k;
        if ((k = option_value(argc, argv, &i, "-h", "--handler", &v)) != 0) {
            if (k < 0)
                goto fail;
            handlers[nhandlers++] = v;
        } else if ((k = option_value(argc, argv, &i, "-x", "--exit-handler", &v)) != 0) {
            if (k < 0)
                goto fail;
            exit_handler = v;
        } else if (strcmp(a, "-q") == 0 || strcmp(a, "--quit") == 0)
            quit = 1;
        else if (strcmp(a, "-w") == 0 || strcmp(a, "--no-warnings") == 0)
            ck_warnings_enabled = 0;
        else if (strcmp(a, "-t") == 0 || strcmp(a, "--time") == 0)
            report_time = 1;
        else if (strcmp(a, "--stats") == 0) {
            want_stats = 1;
            if (i + 1 < argc && argv[i + 1][0] != '-' && !strchr(argv[i + 1], '='))
                stats_file = argv[++i];
        } else if (strncmp(a, "--stats=", 8) == 0) {
            want_stats = 1;
            stats_file = a + 8;
        } else if (strcmp(a, "--warnings") == 0)
            ck_warnings_enabled = 1;
        else if (strcmp(a, "--simtime") == 0 || strncmp(a, "--simtime=", 10) == 0 ||
                 strcmp(a, "--simulation-time") == 0 || strncmp(a, "--simulation-time=", 18) == 0) {
            int64_t start = simtime_start(a);
            if (start < 0) {
                fprintf(stderr, "%s: '%s': expected a start time in seconds\n", prog, a);
                goto fail;
            }
            ck_simtime_enable(start);
        } else if ((k = affinity_offset(a)) != -1) {
            if (k < 0) {
                fprintf(stderr, "%s: '%s': expected a CPU number\n", prog, a);
                goto fail;
            }
            ck_pin_policy = 1;
            ck_pin_offset = k;
        } else if (strcmp(a, "--no-affinity") == 0 || strcmp(a, "--no-cpu") == 0)
            ck_pin_policy = 0;
        else if ((k = option_value(argc, argv, &i, "-j", "--threads", &v)) != 0) {
            int64_t n;
            if (k < 0)
                goto fail;
            if (ck_parse_int64(v, &n) < 0 || (n < 1 ? 1 : n) != r->nthreads) {
                fprintf(stderr, "%s: -j %s: this router was compiled for %d thread%s; recompile "
                                "with clickc -j N (or use clickc run -j N)\n",
                        prog, v, r->nthreads, r->nthreads == 1 ? "" : "s");
                goto fail;
            }
        } else if (strcmp(a, "--pin") == 0)
            ck_pin_policy = 1;
        else if (strcmp(a, "--no-pin") == 0)
            ck_pin_policy = 0;
        else if (strcmp(a, "--adapt") == 0 || strncmp(a, "--adapt=", 8) == 0) {
            if (!adapt_built) {
                fprintf(stderr, "%s: --adapt needs a router compiled with clickc --adapt (its queues "
                                "between tasks must be safe for any thread)\n", prog);
                goto fail;
            }
            if (a[7] == '=' && ck_adapt_parse(a + 8) < 0) {
                fprintf(stderr, "%s: --adapt=%s: expected EPOCH_MS,THRESHOLD (milliseconds from 1, "
                                "a threshold between 0 and 1)\n", prog, a + 8);
                goto fail;
            }
            ck_adapt.enabled = 1;
        } else if (strcmp(a, "--no-adapt") == 0)
            ck_adapt.enabled = 0;
        else if (strcmp(a, "--adapt-trace") == 0)
            ck_adapt.trace = 1;
        else if (strcmp(a, "--help") == 0) {
            usage(r, prog);
            exit_value = 0;
            goto done;
        } else if (strcmp(a, "-v") == 0 || strcmp(a, "--version") == 0) {
            printf("clickc %s\n", r->clickc_version ? r->clickc_version : "");
            exit_value = 0;
            goto done;
        } else if (a[0] == '-' && (k = refused_index(a)) >= 0) {
            fprintf(stderr, "%s: option '%s' cannot apply to a compiled router: %s\n", prog, a,
                    refused[k].why);
            goto fail;
        } else if (a[0] != '-' && strchr(a, '=') && a[0] != '=') {
            const char *eq = strchr(a, '=');
            char name[256];
            size_t n = (size_t)(eq - a);
            if (n >= sizeof name)
                n = sizeof name - 1;
            memcpy(name, a, n);
            name[n] = '\0';
            if (!r->set_param || r->set_param(name, eq + 1, &errh) < 0) {
                if (!r->set_param)
                    ck_error(&errh, "this router has no parameter %s", name);
                goto fail;
            }
        } else {
            fprintf(stderr, "%s: unrecognized option '%s'\nTry '%s --help' for more information.\n",
                    prog, a, prog);
            goto fail;
        }
    }

    struct rusage before, after;
    getrusage(RUSAGE_SELF, &before);
    int64_t t0 = ck_real_monotonic_ns(); /* -t measures the host's time, as Click's now_unwarped */

    /* Sleeping tasks' flags (ck_task_wake); a Queue's push may wake one during init too. */
    free(ck_task_asleep);
    ck_task_asleep = calloc((size_t)r->nelements + 1, 1);
    if (!ck_task_asleep) {
        fprintf(stderr, "out of memory\n");
        goto fail;
    }
    int ninit = 0;
    if (ck_init_elements(r, &ninit) < 0) {
        fprintf(stderr, "Router could not be initialized!\n");
        for (int i = 0; i < ninit; i++)
            if (r->elements[i].cleanup)
                r->elements[i].cleanup();
        goto fail;
    }
    for (int i = 0; i < r->nelements; i++)
        if (r->elements[i].run_task)
            ck_task_register(r->elements[i].run_task, i, r->elements[i].thread);
    ck_adapt_pin_tasks(r);

    if (!quit) {
        ck_run();
        /* clickc run -R: a hotconfig swap stopped the threads; run the router it chose */
        while (ck_hot_after_run && ck_hot_after_run(&r))
            ck_run();
    }

    if (report_time) {
        getrusage(RUSAGE_SELF, &after);
        int64_t el = ck_real_monotonic_ns() - t0;
        long um = (long)((after.ru_utime.tv_sec - before.ru_utime.tv_sec) * 1000 +
                         (after.ru_utime.tv_usec - before.ru_utime.tv_usec) / 1000);
        long sm = (long)((after.ru_stime.tv_sec - before.ru_stime.tv_sec) * 1000 +
                         (after.ru_stime.tv_usec - before.ru_stime.tv_usec) / 1000);
        long cs = (long)(el / 10000000);
        printf("%ld.%03ldu %ld.%03lds %ld:%02ld.%02ld\n", um / 1000, um % 1000, sm / 1000, sm % 1000,
               cs / 6000, (cs / 100) % 60, cs % 100);
    }

    if (nhandlers && ck_print_handlers(handlers, nhandlers) < 0)
        exit_value = 1;

    if (exit_handler) {
        ck_buf out;
        ck_buf_init(&out);
        ck_errh xerrh;
        ck_errh_init(&xerrh, NULL, NULL);
        if (ck_handler_read(exit_handler, &out, &xerrh) < 0)
            exit_value = -1;
        else {
            int64_t v;
            int b;
            if (ck_parse_int64(ck_buf_str(&out), &v) == 0)
                exit_value = (int)v;
            else if (ck_parse_bool(ck_buf_str(&out), &b) == 0)
                exit_value = b ? 0 : 1;
            else {
                ck_error(&xerrh, "exit handler value should be integer");
                exit_value = -1;
            }
        }
        ck_buf_free(&out);
    }

    if (want_stats) {
        FILE *f = stderr;
        if (stats_file && strcmp(stats_file, "-") == 0)
            f = stdout;
        else if (stats_file && !(f = fopen(stats_file, "w"))) {
            fprintf(stderr, "%s: %s\n", stats_file, strerror(errno));
            exit_value = exit_value ? exit_value : 1;
        }
        if (f) {
            write_stats(f, r);
            if (f != stderr && f != stdout)
                fclose(f);
            else
                fflush(f);
        }
    }

    if (ck_before_cleanup_hook && ck_before_cleanup_hook(r) < 0)
        exit_value = exit_value ? exit_value : 1;

    for (int i = 0; i < r->nelements; i++)
        if (r->elements[i].cleanup)
            r->elements[i].cleanup();

    /* Every packet allocated on any thread was freed, by its path or by the cleanup of the
     * queue that held it at the end (the per-thread counts are exact: the threads have
     * stopped). */
    int64_t leaked = ck_pool_outstanding();
    if (leaked != 0) {
        fprintf(stderr, "error: %lld packets were not freed at exit (leaked)\n", (long long)leaked);
        if (exit_value == 0)
            exit_value = 1;
    }

    goto done;
fail:
    exit_value = 1;
done:
    free(handlers);
    ck_pool_cleanup();
    ck_sched_reset();
    ck_drops_reset();
    free(ck_task_asleep);
    ck_task_asleep = NULL;
    ck_router_attach(NULL); /* frees the handlers added at run time */
    return exit_value;  /* as click: -1 (a failing -x handler) exits 255, -3 exits 253 */
}
