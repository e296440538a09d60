/*
 * Test driver for runtime/lpm.c: reads commands on standard input, one per line, and prints
 * what each does.  Used by tests/lpm/test_lpm.py (random route sets against a Python reference,
 * the routeviews table, golden outputs recorded from Click).
 *
 *   class NAME NOUTPUTS     start a table: StaticIPLookup, LinearIPLookup, RadixIPLookup,
 *                           DirectIPLookup
 *   config TEXT             Click's configure (messages printed as "error: ..."/"warning: ...")
 *   add|set|remove|ctrl X   write handlers ("\n" in X stands for a newline)
 *   flush                   flush handler
 *   table                   table handler
 *   lookup ADDR             lookup handler
 *   lookups                 then addresses, one per line, until a line "end": one result each
 *   load PATH NOUTPUTS      add "PREFIX/LEN ASN" lines of PATH as routes to port ASN % NOUTPUTS
 *   check                   verify the DIR-24-8 tables against their prefix set
 *   stats                   prefix count and table memory
 *   initialized             mark the router initialized (StaticIPLookup refuses changes)
 *   bulkcheck NRANDOM SEED  then addresses, one per line, until "end": compare the bulk lookups
 *                           (ck_lpm_lookup_bulk, its portable and AVX-512 paths, and
 *                           ck_rt_lookup_bulk) with one lookup per address, over those
 *                           addresses, NRANDOM random ones and the first, last and a random
 *                           address of every stored prefix, in bursts of 0 to 70; prints
 *                           "bulk ok N PATHS" or the first difference
 *
 * Output: "@@ " and the command, then the command's output lines.
 */
#include "ip/routetable.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static ck_rt rt;
static int have_rt;

static void print_err(ck_rtbuf *err, int rc)
{
    if (rc < 0)
        printf("error: %s\n", err->len ? ck_rtbuf_str(err) : strerror(-rc));
}

static void unescape(char *s)
{
    char *w = s;
    for (char *r = s; *r; r++) {
        if (r[0] == '\\' && r[1] == 'n') {
            *w++ = '\n';
            r++;
        } else
            *w++ = *r;
    }
    *w = '\0';
}

static int kind_of(const char *name)
{
    if (strcmp(name, "StaticIPLookup") == 0)
        return CK_RT_STATIC;
    if (strcmp(name, "LinearIPLookup") == 0)
        return CK_RT_LINEAR;
    if (strcmp(name, "RadixIPLookup") == 0)
        return CK_RT_RADIX;
    if (strcmp(name, "DirectIPLookup") == 0)
        return CK_RT_DIRECT;
    return -1;
}

static uint64_t xorshift(uint64_t *x)
{
    *x ^= *x >> 12;
    *x ^= *x << 25;
    *x ^= *x >> 27;
    return *x * 0x2545f4914f6cdd1dULL;
}

typedef void bulk_fn(const ck_lpm *t, const uint32_t *addrs, uint16_t *nh, unsigned n);

/* The bulkcheck command (see the top of this file); `given` are the addresses read. */
static void do_bulkcheck(const uint32_t *given, size_t ngiven, size_t nrandom, uint64_t seed)
{
    const ck_lpm_map *m = &rt.lpm.prefixes;
    size_t n = ngiven + nrandom + 3 * (size_t)m->n, k = 0;
    uint32_t *a = malloc((n + 1) * sizeof *a);
    uint16_t *want = malloc((n + 1) * sizeof *want), *got = malloc((n + 1) * sizeof *got);
    int32_t *ports = malloc((n + 1) * sizeof *ports);
    uint32_t *gws = malloc((n + 1) * sizeof *gws);
    if (!a || !want || !got || !ports || !gws) {
        printf("error: out of memory\n");
        exit(1);
    }
    uint64_t x = seed * 2 + 1;
    for (size_t i = 0; i < ngiven; i++)
        a[k++] = given[i];
    for (size_t i = 0; i < nrandom; i++)
        a[k++] = (uint32_t)(xorshift(&x) >> 32);
    for (uint32_t j = 0; j < m->cap; j++)
        if (m->e[j].key) {
            uint32_t p = (uint32_t)((m->e[j].key - 1) >> 6);
            uint32_t host = ~ck_lpm_mask((int)((m->e[j].key - 1) & 63));
            a[k++] = p;
            a[k++] = p | host;
            a[k++] = p | ((uint32_t)(xorshift(&x) >> 32) & host);
        }
    for (size_t i = 0; i < k; i++)
        want[i] = ck_lpm_lookup(&rt.lpm, a[i]);
    bulk_fn *fns[3] = {ck_lpm_lookup_bulk, ck_lpm_lookup_bulk_c, ck_lpm_lookup_bulk_avx512};
    const char *names[3] = {"dispatch", "c", "avx512"};
    int nfns = ck_lpm_bulk_avx512_usable() ? 3 : 2;
    /* f < nfns: one ck_lpm path; nfns: ck_rt_lookup_bulk with gateways; nfns + 1: without */
    for (int f = 0; f < nfns + 2; f++) {
        size_t i = 0;
        unsigned burst = 0;
        memset(got, 0xff, k * sizeof *got);
        memset(gws, 0xff, k * sizeof *gws);
        while (i < k || burst == 0) { /* bursts of 0, 1, ..., 70, 0, 1, ... */
            unsigned b = burst % 71u;
            if (b > k - i)
                b = (unsigned)(k - i);
            if (f < nfns)
                fns[f](&rt.lpm, a + i, got + i, b);
            else
                ck_rt_lookup_bulk(&rt, a + i, ports + i, f == nfns ? gws + i : NULL, b);
            i += b;
            burst++;
        }
        for (i = 0; i < k; i++) {
            uint32_t gw;
            int32_t port = ck_rt_lookup(&rt, a[i], &gw);
            int bad = f < nfns    ? got[i] != want[i]
                      : f == nfns ? ports[i] != port || gws[i] != gw
                                  : ports[i] != port || gws[i] != 0xffffffffu;
            if (bad) {
                printf("bulk mismatch %s %u.%u.%u.%u: %d, want %d\n",
                       f < nfns ? names[f] : "rt", a[i] >> 24, (a[i] >> 16) & 255u,
                       (a[i] >> 8) & 255u, a[i] & 255u, f < nfns ? got[i] : ports[i],
                       f < nfns ? want[i] : port);
                goto out;
            }
        }
    }
    printf("bulk ok %zu %s\n", k, nfns == 3 ? "c,avx512" : "c");
out:
    free(a);
    free(want);
    free(got);
    free(ports);
    free(gws);
}

static void do_load(const char *path, int nports)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        printf("error: cannot open %s\n", path);
        return;
    }
    char line[256];
    unsigned long n = 0, dup = 0;
    ck_rtbuf err;
    ck_rtbuf_init(&err);
    while (fgets(line, sizeof line, f)) {
        unsigned a, b, c, d, len;
        unsigned long asn;
        if (sscanf(line, "%u.%u.%u.%u/%u %lu", &a, &b, &c, &d, &len, &asn) != 6)
            continue;
        ck_route r;
        r.mask = ck_lpm_mask((int)len);
        r.addr = ((a << 24) | (b << 16) | (c << 8) | d) & r.mask;
        r.gw = 0;
        r.port = (int32_t)(asn % (unsigned long)nports);
        int rc = ck_rt_add(&rt, &r, 0, NULL, &err);
        if (rc == -EEXIST)
            dup++;
        else if (rc < 0) {
            print_err(&err, rc);
            break;
        }
        n++;
    }
    fclose(f);
    ck_rtbuf_free(&err);
    printf("loaded %lu duplicates %lu prefixes %u\n", n, dup, ck_lpm_count(&rt.lpm));
}

int main(void)
{
    static char line[1 << 20];
    ck_rtbuf out, err;
    ck_rtbuf_init(&out);
    ck_rtbuf_init(&err);
    while (fgets(line, sizeof line, stdin)) {
        size_t n = strlen(line);
        while (n && (line[n - 1] == '\n' || line[n - 1] == '\r'))
            line[--n] = '\0';
        if (!n)
            continue;
        printf("@@ %s\n", line);
        char *arg = strchr(line, ' ');
        if (arg)
            *arg++ = '\0';
        else
            arg = line + n;
        ck_rtbuf_clear(&out);
        ck_rtbuf_clear(&err);
        if (strcmp(line, "class") == 0) {
            char name[64];
            int nout;
            if (sscanf(arg, "%63s %d", name, &nout) != 2 || kind_of(name) < 0) {
                printf("error: bad class\n");
                continue;
            }
            if (have_rt)
                ck_rt_destroy(&rt);
            if (ck_rt_init(&rt, kind_of(name), nout) < 0) {
                printf("error: out of memory\n");
                return 1;
            }
            have_rt = 1;
            continue;
        }
        if (!have_rt) {
            printf("error: no class\n");
            continue;
        }
        int rc = 0;
        if (strcmp(line, "config") == 0) {
            rc = ck_rt_configure(&rt, arg, &out);
            const char *s = ck_rtbuf_str(&out);
            while (*s) {
                const char *nl = strchr(s, '\n');
                int len = nl ? (int)(nl - s) : (int)strlen(s);
                if (strncmp(s, "warning: ", 9) == 0)
                    printf("%.*s\n", len, s);
                else
                    printf("error: %.*s\n", len, s);
                s += len + (nl ? 1 : 0);
            }
        } else if (strcmp(line, "add") == 0 || strcmp(line, "set") == 0
                   || strcmp(line, "remove") == 0) {
            int cmd = line[0] == 'a' ? CK_RT_CMD_ADD
                      : line[0] == 's' ? CK_RT_CMD_SET : CK_RT_CMD_REMOVE;
            unescape(arg);
            print_err(&err, ck_rt_command(&rt, cmd, arg, &err));
        } else if (strcmp(line, "ctrl") == 0) {
            unescape(arg);
            print_err(&err, ck_rt_ctrl(&rt, arg, &err));
        } else if (strcmp(line, "flush") == 0)
            ck_rt_flush(&rt);
        else if (strcmp(line, "table") == 0) {
            ck_rt_table(&rt, &out);
            fputs(ck_rtbuf_str(&out), stdout);
        } else if (strcmp(line, "lookup") == 0) {
            rc = ck_rt_lookup_handler(&rt, arg, &out, &err);
            if (rc < 0)
                print_err(&err, rc);
            else
                printf("%s\n", ck_rtbuf_str(&out));
        } else if (strcmp(line, "lookups") == 0) {
            while (fgets(line, sizeof line, stdin) && strncmp(line, "end", 3) != 0) {
                unsigned a, b, c, d;
                if (sscanf(line, "%u.%u.%u.%u", &a, &b, &c, &d) != 4) {
                    printf("?\n");
                    continue;
                }
                uint32_t gw, addr = (a << 24) | (b << 16) | (c << 8) | d;
                int32_t port = ck_rt_lookup(&rt, addr, &gw);
                printf("%d %u.%u.%u.%u\n", (int)port, gw >> 24, (gw >> 16) & 255u,
                       (gw >> 8) & 255u, gw & 255u);
            }
        } else if (strcmp(line, "load") == 0) {
            char path[4096];
            int nports;
            if (sscanf(arg, "%4095s %d", path, &nports) == 2 && nports > 0)
                do_load(path, nports);
            else
                printf("error: load PATH NOUTPUTS\n");
        } else if (strcmp(line, "check") == 0) {
            long bad = ck_lpm_check(&rt.lpm);
            if (bad)
                printf("error: inconsistent at first-level entry %ld\n", bad - 1);
            else
                printf("ok\n");
        } else if (strcmp(line, "stats") == 0)
            printf("prefixes %u memory %zu lookup-memory %zu\n", ck_lpm_count(&rt.lpm),
                   ck_lpm_memory(&rt.lpm, 0), ck_lpm_memory(&rt.lpm, 1));
        else if (strcmp(line, "bulkcheck") == 0) {
            unsigned long nrandom = 0, seed = 0;
            size_t ng = 0, gcap = 1024;
            uint32_t *given = malloc(gcap * sizeof *given);
            if (!given || sscanf(arg, "%lu %lu", &nrandom, &seed) != 2) {
                printf("error: bulkcheck NRANDOM SEED\n");
                free(given);
                continue;
            }
            while (fgets(line, sizeof line, stdin) && strncmp(line, "end", 3) != 0) {
                unsigned a, b, c, d;
                if (sscanf(line, "%u.%u.%u.%u", &a, &b, &c, &d) != 4)
                    continue;
                if (ng == gcap) {
                    uint32_t *g2 = realloc(given, (gcap *= 2) * sizeof *given);
                    if (!g2)
                        abort();
                    given = g2;
                }
                given[ng++] = (a << 24) | (b << 16) | (c << 8) | d;
            }
            do_bulkcheck(given, ng, nrandom, seed);
            free(given);
        } else if (strcmp(line, "initialized") == 0)
            rt.initialized = 1;
        else
            printf("error: unknown command\n");
        fflush(stdout);
    }
    if (have_rt)
        ck_rt_destroy(&rt);
    ck_rtbuf_free(&out);
    ck_rtbuf_free(&err);
    return 0;
}
