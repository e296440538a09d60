/*
 * Lookup benchmark of the shared longest-prefix-match structure (runtime/lpm.c, DIR-24-8) and a
 * binary-trie baseline (one bit per level, the classic BSD radix trie without path compression),
 * driven by bench/bench_lpm.py.
 *
 *   lpm_bench ROUTES NOUTPUTS RUNS MINLOOKUPS NAME=ADDRFILE|NAME=random:N ...
 *
 * ROUTES: "PREFIX/LEN ASN" lines; each route goes to output ASN % NOUTPUTS.  For each address set
 * and structure it prints one line
 *   set NAME structure S addresses N lookups L ns [t1 t2 ...]
 * with the nanoseconds per lookup of each run (independent lookups over the set, repeated until
 * MINLOOKUPS), and also a "dependent" variant where each address depends on the previous result
 * (latency rather than throughput).  Before timing, every address is checked to give the same
 * answer from both structures.
 */
#define _DEFAULT_SOURCE 1
#include "ip/routetable.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
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

int main(int argc, char **argv)
{
    if (argc < 6) {
        fprintf(stderr, "usage: lpm_bench ROUTES NOUTPUTS RUNS MINLOOKUPS NAME=ADDRS...\n");
        return 2;
    }
    int nports = atoi(argv[2]), runs = atoi(argv[3]);
    double minlookups = atof(argv[4]);

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
        size_t mismatches = 0, routed = 0;
        for (size_t i = 0; i < n; i++) {
            uint32_t gw;
            int32_t p = ck_rt_lookup(&rt, addrs[i], &gw);
            mismatches += p != trie_lookup(addrs[i]);
            routed += p >= 0;
        }
        printf("set %s addresses %zu routed %zu mismatches %zu\n", argv[ai], n, routed,
               mismatches);
        size_t reps = (size_t)(minlookups / (double)n) + 1;
        for (int s = 0; s < 4; s++) { /* dir-24-8, trie; independent, dependent */
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
            printf("result set %s structure %s mode %s lookups %zu median_ns %.3f runs", argv[ai],
                   use_trie ? "binary-trie" : "dir-24-8", dep ? "dependent" : "independent",
                   reps * n, samples[runs / 2]);
            for (int r = 0; r < runs; r++)
                printf(" %.3f", samples[r]);
            printf("\n");
            fflush(stdout);
        }
        free(addrs);
    }
    free(samples);
    free(routes);
    free(trie);
    ck_rt_destroy(&rt);
    ck_rtbuf_free(&err);
    return 0;
}
