/*
 * Lookup benchmark of the shared longest-prefix-match structure (runtime/lpm.c, DIR-24-8), a
 * binary-trie baseline (one bit per level, the classic BSD radix trie without path compression)
 * and, when built with CK_BENCH_DPDK, DPDK's rte_lpm on the same table; driven by
 * bench/bench_lpm.py.
 *
 *   lpm_bench [--burst B] [--no-trie] ROUTES NOUTPUTS RUNS MINLOOKUPS NAME=ADDRFILE|NAME=random:N ...
 *
 * ROUTES: "PREFIX/LEN ASN" lines; each route goes to output ASN % NOUTPUTS.  For each address set
 * it prints
 *   set NAME addresses N routed R mismatches M [rte_mismatches M2]
 * after checking every address against the binary trie and, with DPDK, rte_lpm (and every bulk
 * variant below against one lookup per address), then one line per structure and mode
 *   result set NAME structure S mode M lookups L median_ns X median_cycles C runs t1 t2 ...
 * with the nanoseconds per lookup of each run (sorted) and the median in TSC cycles:
 *   - independent / dependent (dir-24-8 through ck_rt_lookup, and the binary trie; skipped by
 *     --no-trie): one lookup at a time, and each address depending on the previous result
 *     (latency rather than throughput);
 *   - burst modes, the set cut into bursts of B addresses (default 32, l3fwd's burst): dir-24-8
 *     "single" (ck_lpm_lookup per address), "bulk" (ck_lpm_lookup_bulk: the AVX-512 path where
 *     the CPU has it), "bulk-c" (its portable path), "rt-bulk" (ck_rt_lookup_bulk: ports and
 *     gateways, what a route-table element gets); rte_lpm "single" (rte_lpm_lookup), "bulk"
 *     (rte_lpm_lookup_bulk) and "x4" (rte_lpm_lookupx4, l3fwd's SSE path), on two copies of the
 *     table: "rte_lpm" in memory advised for transparent huge pages (an external malloc heap, as
 *     a DPDK application on hugepages would have; our first level is also on huge pages) and
 *     "rte_lpm-4k" in EAL's own --no-huge memory (4 KiB pages).
 * The burst modes are timed side by side: each run times every mode once, in turn, so a change
 * of machine load affects them alike.  Cycles come from the TSC, whose frequency is measured
 * against CLOCK_MONOTONIC ("tsc ghz F" line).
 */
#define _DEFAULT_SOURCE 1
#ifdef CK_BENCH_DPDK
#define _GNU_SOURCE 1 /* sched_getaffinity */
#endif
#include "ip/routetable.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#define HAVE_TSC 1
#endif

#ifdef CK_BENCH_DPDK
#include <dirent.h>
#include <rte_eal.h>
#include <rte_lpm.h>
#include <rte_malloc.h>
#include <rte_version.h>
#include <sched.h>
#include <sys/mman.h>
#include <unistd.h>
#endif

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static uint64_t tsc(void)
{
#ifdef HAVE_TSC
    return __rdtsc();
#else
    return 0;
#endif
}

/* TSC ticks per nanosecond, measured against CLOCK_MONOTONIC over `ms` milliseconds (0 when
 * there is no TSC). */
static double tsc_ghz(double ms)
{
    double t0 = now_ns();
    uint64_t c0 = tsc();
    while (now_ns() - t0 < ms * 1e6)
        ;
    double t1 = now_ns();
    uint64_t c1 = tsc();
    return (double)(c1 - c0) / (t1 - t0);
}

/* Kilobytes of transparent huge pages in the mapping that holds p (all of it, which may be
 * more than the table; -1 if unknown). */
static long huge_kb(const void *p)
{
    FILE *f = fopen("/proc/self/smaps", "r");
    char line[512];
    long kb = -1;
    int in = 0;
    if (!f)
        return -1;
    while (fgets(line, sizeof line, f)) {
        unsigned long lo, hi;
        char c;
        if (sscanf(line, "%lx-%lx %c", &lo, &hi, &c) == 3 && strchr(line, '-') < strchr(line, ' '))
            in = (uintptr_t)p >= lo && (uintptr_t)p < hi;
        else if (in && (sscanf(line, "AnonHugePages: %ld", &kb) == 1
                        || sscanf(line, "ShmemPmdMapped: %ld", &kb) == 1) && kb > 0)
            break;
    }
    fclose(f);
    return kb;
}

static long rss_kb(void)
{
    FILE *f = fopen("/proc/self/statm", "r");
    long pages = 0, res = 0;
    if (f) {
        if (fscanf(f, "%ld %ld", &pages, &res) != 2)
            res = 0;
        fclose(f);
    }
    return res * 4;
}

/* ---- binary trie baseline ---- */
typedef struct trie_node {
    int32_t child[2]; /* node indexes, 0 = none */
    int32_t port;     /* -1 = no route ends here */
} trie_node;

static trie_node *trie;
static uint32_t trie_n, trie_cap;

static uint32_t trie_new(void)
{
    if (trie_n == trie_cap) {
        trie_cap = trie_cap ? trie_cap * 2 : 1024;
        trie = realloc(trie, trie_cap * sizeof *trie);
        if (!trie)
            abort();
    }
    trie[trie_n].child[0] = trie[trie_n].child[1] = 0;
    trie[trie_n].port = -1;
    return trie_n++;
}

static void trie_insert(uint32_t addr, int len, int32_t port)
{
    uint32_t n = 0;
    for (int i = 0; i < len; i++) {
        int b = (addr >> (31 - i)) & 1;
        if (!trie[n].child[b]) {
            uint32_t c = trie_new(); /* may move trie */
            trie[n].child[b] = (int32_t)c;
        }
        n = (uint32_t)trie[n].child[b];
    }
    if (trie[n].port < 0) /* the first route for a prefix wins, as in configure */
        trie[n].port = port;
}

static inline int32_t trie_lookup(uint32_t addr)
{
    const trie_node *t = trie;
    int32_t best = t[0].port;
    uint32_t n = 0;
    for (int i = 0; i < 32; i++) {
        int32_t c = t[n].child[(addr >> (31 - i)) & 1];
        if (!c)
            break;
        n = (uint32_t)c;
        if (t[n].port >= 0)
            best = t[n].port;
    }
    return best;
}

/* ---- address sets ---- */
static uint32_t *load_addrs(const char *spec, size_t *n)
{
    size_t cap = 1024, k = 0;
    uint32_t *a = malloc(cap * sizeof *a);
    if (strncmp(spec, "random:", 7) == 0) {
        size_t want = strtoul(spec + 7, NULL, 10);
        uint64_t x = 0x9e3779b97f4a7c15ULL;
        a = realloc(a, want * sizeof *a);
        for (k = 0; k < want; k++) { /* xorshift64* */
            x ^= x >> 12;
            x ^= x << 25;
            x ^= x >> 27;
            a[k] = (uint32_t)((x * 0x2545f4914f6cdd1dULL) >> 32);
        }
        *n = k;
        return a;
    }
    FILE *f = fopen(spec, "r");
    if (!f) {
        fprintf(stderr, "cannot open %s\n", spec);
        exit(1);
    }
    unsigned b0, b1, b2, b3;
    while (fscanf(f, "%u.%u.%u.%u", &b0, &b1, &b2, &b3) == 4) {
        if (k == cap)
            a = realloc(a, (cap *= 2) * sizeof *a);
        a[k++] = (b0 << 24) | (b1 << 16) | (b2 << 8) | b3;
    }
    fclose(f);
    *n = k;
    return a;
}

static int cmp_double(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

static volatile int64_t sink;

/* ---- DPDK's rte_lpm (only with CK_BENCH_DPDK) ---- */
#ifdef CK_BENCH_DPDK
#define RTE_HEAP_BYTES ((size_t)160 << 20) /* rte_lpm of the full table: about 80 MiB */
#define RTE_TBL8S 8192u                     /* the 2014 table needs about 2000 */

static struct rte_lpm *rte_thp, *rte_4k;

/* EAL without hugepages or devices (the main thread's CPU affinity is given back after
 * rte_eal_init pinned it), then an external malloc heap on anonymous memory advised for
 * transparent huge pages.  Returns that heap's socket id, or -1. */
static int rte_setup(void)
{
    char prefix[64];
    snprintf(prefix, sizeof prefix, "--file-prefix=lpmbench%ld", (long)getpid());
    char *av[] = {"lpm_bench", "--no-huge", "--no-pci", prefix, "-m", "256",
                  "--log-level=error", "--no-telemetry", NULL};
    cpu_set_t cpus;
    int have_cpus = sched_getaffinity(0, sizeof cpus, &cpus) == 0;
    if (rte_eal_init(8, av) < 0)
        return -1;
    if (have_cpus)
        (void)sched_setaffinity(0, sizeof cpus, &cpus);
    size_t huge = (size_t)2 << 20;
    char *raw = mmap(NULL, RTE_HEAP_BYTES + huge, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED)
        return -1;
    char *base = (char *)(((uintptr_t)raw + huge - 1) & ~(uintptr_t)(huge - 1));
    (void)madvise(base, RTE_HEAP_BYTES, MADV_HUGEPAGE);
    if (rte_malloc_heap_create("lpmbench") < 0
        || rte_malloc_heap_memory_add("lpmbench", base, RTE_HEAP_BYTES, NULL, 0, huge) < 0)
        return -1;
    return rte_malloc_heap_get_socket("lpmbench");
}

/* Remove the runtime directory EAL made for this process. */
static void rte_teardown(void)
{
    char dir[4096];
    snprintf(dir, sizeof dir, "%s", rte_eal_get_runtime_dir());
    rte_eal_cleanup();
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0) {
            char path[8192];
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            unlink(path);
        }
    closedir(d);
    rmdir(dir);
}

/* The table in rte_lpm: each prefix once, with the route that configure keeps (the first). */
static struct rte_lpm *rte_build(const ck_route *routes, size_t nr, int socket, size_t *nrules)
{
    struct rte_lpm_config c = {.max_rules = (uint32_t)nr + 16, .number_tbl8s = RTE_TBL8S,
                               .flags = 0};
    struct rte_lpm *l = rte_lpm_create("lpmbench", socket, &c);
    ck_lpm_map seen = {NULL, 0, 0};
    *nrules = 0;
    if (!l)
        return NULL;
    for (size_t i = 0; i < nr; i++) {
        int len = ck_lpm_mask_len(routes[i].mask);
        uint64_t key = ((uint64_t)routes[i].addr << 6) | (uint64_t)len;
        if (len < 1 || ck_lpm_map_get(&seen, key)) /* rte_lpm has no depth 0 */
            continue;
        if (!ck_lpm_map_put(&seen, key, 0, 0)
            || rte_lpm_add(l, routes[i].addr, (uint8_t)len, (uint32_t)routes[i].port) < 0) {
            rte_lpm_free(l);
            l = NULL;
            break;
        }
        ++*nrules;
    }
    ck_lpm_map_free(&seen);
    return l;
}

/* A copy of src's lookup tables (first level and second-level groups; not its rule list,
 * which lookups do not read) in EAL's own memory: --no-huge, so 4 KiB pages. */
static struct rte_lpm *rte_copy_4k(const struct rte_lpm *src, size_t nr)
{
    struct rte_lpm_config c = {.max_rules = (uint32_t)nr + 16, .number_tbl8s = RTE_TBL8S,
                               .flags = 0};
    struct rte_lpm *l = rte_lpm_create("lpmbench-4k", SOCKET_ID_ANY, &c);
    if (!l)
        return NULL;
    memcpy(l->tbl24, src->tbl24, sizeof l->tbl24);
    memcpy(l->tbl8, src->tbl8, (size_t)RTE_TBL8S * RTE_LPM_TBL8_GROUP_NUM_ENTRIES
                                   * sizeof *l->tbl8);
    return l;
}

static inline int32_t rte_port(uint32_t v)
{
    return (v & RTE_LPM_LOOKUP_SUCCESS) ? (int32_t)(v & 0x00ffffffu) : -1;
}
#endif

/* ---- burst modes ---- */
enum { M_SINGLE, M_BULK, M_BULK_C, M_RT_BULK, M_RTE_SINGLE, M_RTE_BULK, M_RTE_X4, M_RTE4K_BULK,
       M_RTE4K_X4, NMODES };
static const char *const mode_structure[NMODES] = {
    "dir-24-8", "dir-24-8", "dir-24-8", "dir-24-8", "rte_lpm", "rte_lpm", "rte_lpm",
    "rte_lpm-4k", "rte_lpm-4k"};
static const char *const mode_name[NMODES] = {"single", "bulk", "bulk-c", "rt-bulk", "single",
                                              "bulk", "x4", "bulk", "x4"};

/* Output of one burst mode over a set: next-hop ids (dir-24-8), ports (rt-bulk), or rte_lpm's
 * 32-bit entries. */
typedef struct burst_out {
    uint16_t *id;
    int32_t *port;
    uint32_t *gw, *rte;
} burst_out;

static int mode_available(int m)
{
#ifdef CK_BENCH_DPDK
    if (m >= M_RTE_SINGLE)
        return m >= M_RTE4K_BULK ? rte_4k != NULL : rte_thp != NULL;
#else
    if (m >= M_RTE_SINGLE)
        return 0;
#endif
    return 1;
}

/* The port mode m's output gives for address i (-1 = no route). */
static int32_t burst_port(int m, const ck_rt *rt, const burst_out *o, size_t i)
{
    switch (m) {
    case M_SINGLE:
    case M_BULK:
    case M_BULK_C:
        return rt->nh[o->id[i]].port;
    case M_RT_BULK:
        return o->port[i];
#ifdef CK_BENCH_DPDK
    case M_RTE_BULK:
    case M_RTE4K_BULK:
        return rte_port(o->rte[i]);
#endif
    default:
        return o->rte[i] == UINT32_MAX ? -1 : (int32_t)o->rte[i];
    }
}

/* One pass of mode m over addrs[0, n) in bursts of `burst`: the answers for all n addresses
 * in o (keep), or each burst's answers over the previous one's at the start of o, as a router
 * would use one burst-sized array (timing: no stream of answers through the caches). */
static void burst_pass(int m, const ck_rt *rt, const uint32_t *addrs, size_t n, unsigned burst,
                       const burst_out *o, int keep)
{
    uint64_t acc = 0;
    for (size_t i0 = 0; i0 < n; i0 += burst) {
        size_t i = keep ? i0 : 0; /* where the burst's answers go */
        unsigned b = n - i0 < burst ? (unsigned)(n - i0) : burst;
        const uint32_t *a = addrs + i0;
        switch (m) {
        case M_SINGLE:
            for (unsigned j = 0; j < b; j++)
                o->id[i + j] = ck_lpm_lookup(&rt->lpm, a[j]);
            break;
        case M_BULK:
            ck_lpm_lookup_bulk(&rt->lpm, a, o->id + i, b);
            break;
        case M_BULK_C:
            ck_lpm_lookup_bulk_c(&rt->lpm, a, o->id + i, b);
            break;
        case M_RT_BULK:
            ck_rt_lookup_bulk(rt, a, o->port + i, o->gw + i, b);
            break;
#ifdef CK_BENCH_DPDK
        case M_RTE_SINGLE: /* rte_lpm's next hop, or UINT32_MAX for no route */
            for (unsigned j = 0; j < b; j++) {
                uint32_t nh;
                o->rte[i + j] = rte_lpm_lookup(rte_thp, a[j], &nh) == 0 ? nh : UINT32_MAX;
            }
            break;
        case M_RTE_BULK: /* entries with RTE_LPM_LOOKUP_SUCCESS when there is a route */
        case M_RTE4K_BULK:
            rte_lpm_lookup_bulk(m == M_RTE_BULK ? rte_thp : rte_4k, a, o->rte + i, b);
            break;
        case M_RTE_X4:
        case M_RTE4K_X4: { /* as l3fwd: four at a time, UINT32_MAX for no route */
            const struct rte_lpm *l = m == M_RTE_X4 ? rte_thp : rte_4k;
            unsigned j = 0;
            for (; j + 4 <= b; j += 4)
                rte_lpm_lookupx4(l, _mm_loadu_si128((const __m128i *)(const void *)(a + j)),
                                 o->rte + i + j, UINT32_MAX);
            for (; j < b; j++) {
                uint32_t nh;
                o->rte[i + j] = rte_lpm_lookup(l, a[j], &nh) == 0 ? nh : UINT32_MAX;
            }
            break;
        }
#endif
        default:
            break;
        }
        /* use an answer of every burst, so that no compiler drops the overwritten ones */
        acc += m == M_RT_BULK ? (uint64_t)o->port[i + b - 1]
               : m < M_RTE_SINGLE ? o->id[i + b - 1] : o->rte[i + b - 1];
    }
    sink = (int64_t)acc;
}

/* Addresses per timed segment of a burst-mode run: short enough (about a millisecond) that
 * most segments are not preempted on a shared machine, so the median over segments is the
 * speed of the code rather than of the scheduler. */
#define SEGMENT 16384u

static double median(double *v, size_t n)
{
    qsort(v, n, sizeof *v, cmp_double);
    return v[n / 2];
}

/* `reps` passes of mode m over addrs, each pass cut into segments of SEGMENT addresses (a
 * multiple of the burst: (SEGMENT / burst) * burst, the last one shorter), each segment timed:
 * nanoseconds and TSC cycles per lookup in seg_ns and seg_cy, one per segment. */
static void time_mode(int m, const ck_rt *rt, const uint32_t *addrs, size_t n, unsigned burst,
                      const burst_out *o, size_t reps, double *seg_ns, double *seg_cy)
{
    size_t seg = (SEGMENT / burst) * burst, k = 0; /* burst <= 1024 */
    for (size_t rep = 0; rep < reps; rep++)
        for (size_t i = 0; i < n; i += seg) {
            size_t len = n - i < seg ? n - i : seg;
            double a0 = now_ns();
            uint64_t c0 = tsc();
            burst_pass(m, rt, addrs + i, len, burst, o, 0);
            uint64_t c1 = tsc();
            double a1 = now_ns();
            seg_ns[k] = (a1 - a0) / (double)len;
            seg_cy[k++] = (double)(c1 - c0) / (double)len;
        }
}

int main(int argc, char **argv)
{
    unsigned burst = 32;
    int with_trie = 1;
    while (argc > 1 && strncmp(argv[1], "--", 2) == 0) {
        if (strcmp(argv[1], "--burst") == 0 && argc > 2) {
            burst = (unsigned)atoi(argv[2]);
            argv++, argc--;
        } else if (strcmp(argv[1], "--no-trie") == 0)
            with_trie = 0;
        else
            argc = 0; /* usage */
        argv++, argc--;
    }
    if (argc < 6 || burst < 1 || burst > 1024) {
        fprintf(stderr, "usage: lpm_bench [--burst B] [--no-trie] ROUTES NOUTPUTS RUNS "
                        "MINLOOKUPS NAME=ADDRS...\n");
        return 2;
    }
    int nports = atoi(argv[2]), runs = atoi(argv[3]);
    double minlookups = atof(argv[4]);
    double ghz = tsc_ghz(200);

    /* load the routes into both structures */
    FILE *f = fopen(argv[1], "r");
    if (!f) {
        fprintf(stderr, "cannot open %s\n", argv[1]);
        return 1;
    }
    ck_route *routes = NULL;
    size_t nr = 0, cap = 0;
    char line[256];
    while (fgets(line, sizeof line, f)) {
        unsigned b0, b1, b2, b3, len;
        unsigned long asn;
        if (sscanf(line, "%u.%u.%u.%u/%u %lu", &b0, &b1, &b2, &b3, &len, &asn) != 6 || len > 32)
            continue;
        if (nr == cap)
            routes = realloc(routes, (cap = cap ? cap * 2 : 1 << 16) * sizeof *routes);
        ck_route *r = &routes[nr++];
        r->mask = ck_lpm_mask((int)len);
        r->addr = ((b0 << 24) | (b1 << 16) | (b2 << 8) | b3) & r->mask;
        r->gw = 0;
        r->port = (int32_t)(asn % (unsigned long)nports);
    }
    fclose(f);

    long rss0 = rss_kb();
    ck_rt rt;
    ck_rtbuf err;
    ck_rtbuf_init(&err);
    double t0 = now_ns();
    if (ck_rt_init(&rt, CK_RT_RADIX, nports) < 0
        || ck_rt_load_routes(&rt, routes, nr, &err) < 0) {
        fprintf(stderr, "load failed: %s\n", ck_rtbuf_str(&err));
        return 1;
    }
    double t1 = now_ns();
    long rss1 = rss_kb();
    printf("structure dir-24-8 routes %zu prefixes %u build_ms %.1f lookup_bytes %zu "
           "total_bytes %zu rss_kb %ld groups %u\n",
           nr, ck_lpm_count(&rt.lpm), (t1 - t0) / 1e6, ck_lpm_memory(&rt.lpm, 1),
           ck_lpm_memory(&rt.lpm, 0), rss1 - rss0,
           rt.lpm.ngroups - rt.lpm.nfree_groups);
    printf("bulk dir-24-8 path %s burst %u first_level_huge_kb %ld\n",
           ck_lpm_bulk_avx512_usable() ? "avx512" : "c", burst, huge_kb(rt.lpm.tbl24));

#ifdef CK_BENCH_DPDK
    {
        int socket = rte_setup();
        size_t nrules = 0;
        t0 = now_ns();
        rte_thp = socket < 0 ? NULL : rte_build(routes, nr, socket, &nrules);
        t1 = now_ns();
        rte_4k = rte_thp ? rte_copy_4k(rte_thp, nr) : NULL;
        if (!rte_thp || !rte_4k)
            printf("dpdk unavailable: %s\n", socket < 0 ? "EAL or heap setup failed"
                                                        : "rte_lpm_create or add failed");
        else
            printf("structure rte_lpm routes %zu prefixes %zu build_ms %.1f lookup_bytes %zu "
                   "tbl8s %u first_level_huge_kb %ld copy_4k_huge_kb %ld dpdk %s\n",
                   nr, nrules, (t1 - t0) / 1e6,
                   sizeof rte_thp->tbl24
                       + (size_t)RTE_TBL8S * RTE_LPM_TBL8_GROUP_NUM_ENTRIES * sizeof(uint32_t),
                   RTE_TBL8S, huge_kb(rte_thp->tbl24), huge_kb(rte_4k->tbl24),
                   rte_version() + (strncmp(rte_version(), "DPDK ", 5) == 0 ? 5 : 0));
    }
#else
    printf("dpdk unavailable: built without CK_BENCH_DPDK (pkg-config found no libdpdk)\n");
#endif
    printf("tsc ghz %.4f\n", ghz);

    t0 = now_ns();
    trie_new();
    for (size_t i = 0; i < nr; i++)
        trie_insert(routes[i].addr, ck_lpm_mask_len(routes[i].mask), routes[i].port);
    t1 = now_ns();
    printf("structure binary-trie routes %zu nodes %u build_ms %.1f lookup_bytes %zu "
           "total_bytes %zu\n",
           nr, trie_n, (t1 - t0) / 1e6, (size_t)trie_n * sizeof(trie_node),
           (size_t)trie_cap * sizeof(trie_node));

    /* incremental updates: remove then re-add a sample of the table's routes (each remove
     * recomputes the entries from the covering prefix) */
    {
        size_t nupd = nr < 20000 ? nr : 20000;
        uint64_t x = 12345;
        size_t *pick = malloc(nupd * sizeof *pick);
        for (size_t i = 0; i < nupd; i++) {
            x = x * 6364136223846793005ULL + 1442695040888963407ULL;
            pick[i] = (size_t)((x >> 33) % nr);
        }
        size_t removed = 0;
        double u0 = now_ns();
        for (size_t i = 0; i < nupd; i++)
            removed += ck_rt_remove(&rt, &routes[pick[i]], NULL, NULL) == 0;
        double u1 = now_ns();
        for (size_t i = nupd; i-- > 0;)
            (void)ck_rt_add(&rt, &routes[pick[i]], 0, NULL, NULL);
        double u2 = now_ns();
        long bad = ck_lpm_check(&rt.lpm);
        printf("updates dir-24-8 removes %zu remove_us %.3f adds %zu add_us %.3f consistent %s "
               "prefixes %u\n",
               removed, (u1 - u0) / 1e3 / (double)nupd, nupd, (u2 - u1) / 1e3 / (double)nupd,
               bad ? "no" : "yes", ck_lpm_count(&rt.lpm));
        free(pick);
    }

    double *samples = malloc((size_t)runs * sizeof *samples);
    for (int ai = 5; ai < argc; ai++) {
        char *eq = strchr(argv[ai], '=');
        if (!eq)
            continue;
        *eq = '\0';
        size_t n;
        uint32_t *addrs = load_addrs(eq + 1, &n);
        if (!n)
            continue;
        size_t mismatches = 0, routed = 0, rte_mismatches = 0;
        for (size_t i = 0; i < n; i++) {
            uint32_t gw;
            int32_t p = ck_rt_lookup(&rt, addrs[i], &gw);
            if (with_trie)
                mismatches += p != trie_lookup(addrs[i]);
            routed += p >= 0;
        }
        /* every burst mode's answers against one ck_rt_lookup per address */
        burst_out o;
        o.id = malloc(n * sizeof *o.id);
        o.port = malloc(n * sizeof *o.port);
        o.gw = malloc(n * sizeof *o.gw);
        o.rte = malloc(n * sizeof *o.rte);
        if (!o.id || !o.port || !o.gw || !o.rte)
            abort();
        for (int m = 0; m < NMODES; m++) {
            if (!mode_available(m))
                continue;
            burst_pass(m, &rt, addrs, n, burst, &o, 1);
            size_t bad = 0;
            for (size_t i = 0; i < n; i++) {
                uint32_t gw;
                bad += burst_port(m, &rt, &o, i) != ck_rt_lookup(&rt, addrs[i], &gw)
                       || (m == M_RT_BULK && o.gw[i] != gw);
            }
            if (m >= M_RTE_SINGLE)
                rte_mismatches += bad;
            else
                mismatches += bad;
        }
        printf("set %s addresses %zu routed %zu mismatches %zu", argv[ai], n, routed,
               mismatches);
        if (mode_available(M_RTE_BULK))
            printf(" rte_mismatches %zu", rte_mismatches);
        printf("\n");
        size_t reps = (size_t)(minlookups / (double)n) + 1;
        for (int s = 0; s < 4 && with_trie; s++) { /* dir-24-8, trie; independent, dependent */
            int dep = s >= 2, use_trie = s & 1;
            for (int r = 0; r < runs; r++) {
                int64_t acc = 0;
                uint32_t prev = 0;
                double a0 = now_ns();
                for (size_t k = 0; k < reps; k++)
                    for (size_t i = 0; i < n; i++) {
                        uint32_t addr = dep ? addrs[i] ^ (prev & 1u) : addrs[i];
                        int32_t p;
                        if (use_trie)
                            p = trie_lookup(addr);
                        else {
                            uint32_t gw;
                            p = ck_rt_lookup(&rt, addr, &gw);
                        }
                        prev = (uint32_t)p;
                        acc += p;
                    }
                double a1 = now_ns();
                sink = acc;
                samples[r] = (a1 - a0) / ((double)reps * (double)n);
            }
            qsort(samples, (size_t)runs, sizeof *samples, cmp_double);
            printf("result set %s structure %s mode %s lookups %zu median_ns %.3f "
                   "median_cycles %.2f runs",
                   argv[ai], use_trie ? "binary-trie" : "dir-24-8",
                   dep ? "dependent" : "independent", reps * n, samples[runs / 2],
                   samples[runs / 2] * ghz);
            for (int r = 0; r < runs; r++)
                printf(" %.3f", samples[r]);
            printf("\n");
            fflush(stdout);
        }
        /* burst modes, side by side: each run times every mode once, in turn */
        double *bs = malloc((size_t)runs * NMODES * sizeof *bs);
        double *bc = malloc((size_t)runs * NMODES * sizeof *bc);
        size_t segl = (SEGMENT / burst) * burst, nseg = ((n + segl - 1) / segl) * reps;
        double *seg_ns = malloc(nseg * sizeof *seg_ns), *seg_cy = malloc(nseg * sizeof *seg_cy);
        if (!bs || !bc || !seg_ns || !seg_cy)
            abort();
        for (int r = 0; r < runs; r++)
            for (int m = 0; m < NMODES; m++) {
                if (!mode_available(m))
                    continue;
                time_mode(m, &rt, addrs, n, burst, &o, reps, seg_ns, seg_cy);
                bs[m * runs + r] = median(seg_ns, nseg);
                bc[m * runs + r] = median(seg_cy, nseg);
            }
        free(seg_ns);
        free(seg_cy);
        for (int m = 0; m < NMODES; m++) {
            if (!mode_available(m))
                continue;
            qsort(bs + m * runs, (size_t)runs, sizeof *bs, cmp_double);
            qsort(bc + m * runs, (size_t)runs, sizeof *bc, cmp_double);
            printf("result set %s structure %s mode %s burst %u lookups %zu median_ns %.3f "
                   "median_cycles %.2f runs",
                   argv[ai], mode_structure[m], mode_name[m], burst, reps * n,
                   bs[m * runs + runs / 2], bc[m * runs + runs / 2]);
            for (int r = 0; r < runs; r++)
                printf(" %.3f", bs[m * runs + r]);
            printf("\n");
        }
        fflush(stdout);
        free(bs);
        free(bc);
        free(o.id);
        free(o.port);
        free(o.gw);
        free(o.rte);
        free(addrs);
    }
    free(samples);
    free(routes);
    free(trie);
    ck_rt_destroy(&rt);
    ck_rtbuf_free(&err);
#ifdef CK_BENCH_DPDK
    if (rte_4k)
        rte_lpm_free(rte_4k);
    if (rte_thp)
        rte_lpm_free(rte_thp);
    rte_teardown();
#endif
    return 0;
}
