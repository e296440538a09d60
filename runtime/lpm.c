/*
 * clickc longest-prefix-match structure (DIR-24-8), the data plane every route lookup class
 * uses.  See lpm.h and docs/route-lookup.md; the route table classes' control plane on top of
 * it is element code, elements/ip/routetable.c.
 */
#define _DEFAULT_SOURCE 1
#include "lpm.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__unix__) || defined(__APPLE__)
#include <sys/mman.h>
#define CK_LPM_HAVE_MMAP 1
#endif

#define TBL24_ENTRIES (1u << 24)

/* ------------------------------------------------------------------------------------------
 * Large zeroed allocations: anonymous mappings are zero pages until touched, so a small table
 * costs little resident memory; the first-level table asks for huge pages (fewer TLB misses).
 * ---------------------------------------------------------------------------------------- */
static void *big_alloc(size_t n, int huge)
{
#ifdef CK_LPM_HAVE_MMAP
    void *p = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        return NULL;
#if defined(MADV_HUGEPAGE) && !defined(CK_LPM_NO_HUGEPAGES)
    if (huge)
        (void)madvise(p, n, MADV_HUGEPAGE);
#endif
    return p;
#else
    (void)huge;
    return calloc(1, n);
#endif
}

static void big_free(void *p, size_t n)
{
    if (!p)
        return;
#ifdef CK_LPM_HAVE_MMAP
    munmap(p, n);
#else
    (void)n;
    free(p);
#endif
}

/* ------------------------------------------------------------------------------------------
 * Auxiliary map (linear probing, backward-shift deletion)
 * ---------------------------------------------------------------------------------------- */
static uint64_t mix64(uint64_t x)
{ /* splitmix64 finalizer */
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    x ^= x >> 31;
    return x;
}

void ck_lpm_map_free(ck_lpm_map *m)
{
    free(m->e);
    m->e = NULL;
    m->cap = m->n = 0;
}

ck_lpm_map_entry *ck_lpm_map_get(const ck_lpm_map *m, uint64_t key)
{
    if (!m->cap)
        return NULL;
    uint64_t k = key + 1;
    uint32_t mask = m->cap - 1;
    for (uint32_t i = (uint32_t)mix64(k) & mask;; i = (i + 1) & mask) {
        if (m->e[i].key == k)
            return &m->e[i];
        if (!m->e[i].key)
            return NULL;
    }
}

static int map_grow(ck_lpm_map *m)
{
    uint32_t ncap = m->cap ? m->cap * 2 : 64;
    ck_lpm_map_entry *ne = calloc(ncap, sizeof *ne);
    if (!ne)
        return -ENOMEM;
    for (uint32_t j = 0; j < m->cap; j++)
        if (m->e[j].key) {
            uint32_t i = (uint32_t)mix64(m->e[j].key) & (ncap - 1);
            while (ne[i].key)
                i = (i + 1) & (ncap - 1);
            ne[i] = m->e[j];
        }
    free(m->e);
    m->e = ne;
    m->cap = ncap;
    return 0;
}

/* Insert key (which must be absent) with values a, b. */
ck_lpm_map_entry *ck_lpm_map_put(ck_lpm_map *m, uint64_t key, uint32_t a, uint32_t b)
{
    if ((m->n + 1) * 4 > m->cap * 3 && map_grow(m) < 0)
        return NULL;
    uint64_t k = key + 1;
    uint32_t mask = m->cap - 1, i = (uint32_t)mix64(k) & mask;
    while (m->e[i].key)
        i = (i + 1) & mask;
    m->e[i].key = k;
    m->e[i].a = a;
    m->e[i].b = b;
    m->n++;
    return &m->e[i];
}

void ck_lpm_map_del(ck_lpm_map *m, ck_lpm_map_entry *x)
{
    uint32_t mask = m->cap - 1, i = (uint32_t)(x - m->e), j = i;
    m->e[i].key = 0;
    m->n--;
    for (;;) {
        j = (j + 1) & mask;
        if (!m->e[j].key)
            return;
        uint32_t home = (uint32_t)mix64(m->e[j].key) & mask;
        /* move e[j] into the hole at i unless its home lies cyclically in (i, j] */
        int stays = (i <= j) ? (home > i && home <= j) : (home > i || home <= j);
        if (!stays) {
            m->e[i] = m->e[j];
            m->e[j].key = 0;
            i = j;
        }
    }
}

void ck_lpm_map_clear(ck_lpm_map *m)
{
    if (m->e)
        memset(m->e, 0, sizeof *m->e * m->cap);
    m->n = 0;
}

/* ------------------------------------------------------------------------------------------
 * Layer 1: DIR-24-8
 * ---------------------------------------------------------------------------------------- */
static uint64_t pfx_key(uint32_t addr, int len) { return ((uint64_t)addr << 6) | (uint64_t)len; }

int ck_lpm_mask_len(uint32_t mask)
{
    if (mask == 0)
        return 0;
    uint32_t inv = ~mask;
    if (inv & (inv + 1))
        return -1;
    int n = 0;
    while (mask & 0x80000000u) {
        n++;
        mask <<= 1;
    }
    return n;
}

int ck_lpm_init(ck_lpm *t)
{
    memset(t, 0, sizeof *t);
    t->tbl24 = big_alloc(TBL24_ENTRIES * sizeof(uint16_t), 1);
    t->len24 = big_alloc(TBL24_ENTRIES, 0);
    if (!t->tbl24 || !t->len24) {
        ck_lpm_destroy(t);
        return -ENOMEM;
    }
    return 0;
}

void ck_lpm_destroy(ck_lpm *t)
{
    big_free(t->tbl24, TBL24_ENTRIES * sizeof(uint16_t));
    big_free(t->len24, TBL24_ENTRIES);
    free(t->tbl8);
    free(t->len8);
    free(t->free_groups);
    ck_lpm_map_free(&t->prefixes);
    memset(t, 0, sizeof *t);
}

void ck_lpm_flush(ck_lpm *t)
{
    /* fresh zero pages rather than a 48 MB memset */
    big_free(t->tbl24, TBL24_ENTRIES * sizeof(uint16_t));
    big_free(t->len24, TBL24_ENTRIES);
    t->tbl24 = big_alloc(TBL24_ENTRIES * sizeof(uint16_t), 1);
    t->len24 = big_alloc(TBL24_ENTRIES, 0);
    if (!t->tbl24 || !t->len24)
        abort(); /* the same amount was just released */
    t->ngroups = t->nfree_groups = 0;
    t->dflt = 0;
    t->has_dflt = 0;
    ck_lpm_map_clear(&t->prefixes);
}

uint32_t ck_lpm_count(const ck_lpm *t) { return t->prefixes.n; }

int ck_lpm_reserve(ck_lpm *t, uint32_t n)
{
    ck_lpm_map *m = &t->prefixes;
    while ((uint64_t)(m->n + n) * 4 > (uint64_t)m->cap * 3)
        if (m->cap >= (1u << 30) || map_grow(m) < 0)
            return -ENOMEM;
    return 0;
}

void ck_lpm_prefetch(const ck_lpm *t, uint32_t addr, int len)
{
    if (len < 0 || len > 32)
        return;
    addr &= ck_lpm_mask(len);
    const ck_lpm_map *m = &t->prefixes;
    if (m->cap)
        __builtin_prefetch(&m->e[(uint32_t)mix64(pfx_key(addr, len) + 1) & (m->cap - 1)]);
    __builtin_prefetch(&t->tbl24[addr >> 8], 1);
    __builtin_prefetch(&t->len24[addr >> 8], 1);
}

ck_lpm_map_entry *ck_lpm_find(const ck_lpm *t, uint32_t addr, int len)
{
    if (len < 0 || len > 32)
        return NULL;
    return ck_lpm_map_get(&t->prefixes, pfx_key(addr & ck_lpm_mask(len), len));
}

static int group_available(const ck_lpm *t)
{
    return t->nfree_groups > 0 || t->ngroups < CK_LPM_MAX_GROUPS;
}

int ck_lpm_would_exhaust(const ck_lpm *t, uint32_t addr, int len)
{
    if (len <= 24 || (t->tbl24[addr >> 8] & CK_LPM_EXT))
        return 0;
    return !group_available(t);
}

static int group_alloc(ck_lpm *t)
{
    if (t->nfree_groups)
        return t->free_groups[--t->nfree_groups];
    if (t->ngroups >= CK_LPM_MAX_GROUPS)
        return -ENOMEM;
    if (t->ngroups == t->cap_groups) {
        uint32_t ncap = t->cap_groups ? t->cap_groups * 2 : 64;
        if (ncap > CK_LPM_MAX_GROUPS)
            ncap = CK_LPM_MAX_GROUPS;
        uint16_t *n8 = realloc(t->tbl8, (size_t)ncap * 256 * sizeof(uint16_t));
        if (!n8)
            return -ENOMEM;
        t->tbl8 = n8;
        uint8_t *l8 = realloc(t->len8, (size_t)ncap * 256);
        if (!l8)
            return -ENOMEM;
        t->len8 = l8;
        uint16_t *fg = realloc(t->free_groups, ncap * sizeof(uint16_t));
        if (!fg)
            return -ENOMEM;
        t->free_groups = fg;
        t->cap_groups = ncap;
    }
    return (int)t->ngroups++;
}

/* Write nh/len over the entries of [lo, lo + n) of a group whose length is <= len. */
static void group_set(ck_lpm *t, uint32_t g, uint32_t lo, uint32_t n, uint16_t nh, int len)
{
    uint16_t *v = t->tbl8 + (g << 8);
    uint8_t *l = t->len8 + (g << 8);
    for (uint32_t j = lo; j < lo + n; j++) {
        if (l[j] <= len) {
            v[j] = nh;
            l[j] = (uint8_t)len;
        } else /* a longer prefix owns [j, end of it) */
            j |= (1u << (32 - l[j])) - 1;
    }
}

int ck_lpm_insert(ck_lpm *t, uint32_t addr, int len, uint16_t nh, uint32_t slot)
{
    if (len < 0 || len > 32 || nh > CK_LPM_MAX_NH)
        return -EINVAL;
    addr &= ck_lpm_mask(len);
    if (ck_lpm_would_exhaust(t, addr, len))
        return -ENOMEM;
    int existed = 0;
    ck_lpm_map_entry *e = ck_lpm_map_get(&t->prefixes, pfx_key(addr, len));
    if (e) {
        existed = 1;
        e->a = nh;
        e->b = slot;
    } else if (!ck_lpm_map_put(&t->prefixes, pfx_key(addr, len), nh, slot))
        return -ENOMEM;

    if (len == 0) {
        t->dflt = nh;
        t->has_dflt = 1;
        return existed;
    }
    if (len <= 24) {
        uint32_t start = addr >> 8, end = start + (1u << (24 - len));
        for (uint32_t i = start; i < end; i++) {
            uint16_t v = t->tbl24[i];
            if (v & CK_LPM_EXT)
                group_set(t, v & 0x7fffu, 0, 256, nh, len);
            else if (t->len24[i] <= len) {
                t->tbl24[i] = nh;
                t->len24[i] = (uint8_t)len;
            } else /* skip the more specific prefix that owns this block */
                i |= (1u << (24 - t->len24[i])) - 1;
        }
    } else {
        uint32_t i = addr >> 8;
        uint16_t v = t->tbl24[i];
        uint32_t g;
        if (v & CK_LPM_EXT)
            g = v & 0x7fffu;
        else {
            int gi = group_alloc(t);
            if (gi < 0) { /* cannot happen after ck_lpm_would_exhaust; undo the map */
                if (!existed)
                    ck_lpm_map_del(&t->prefixes, ck_lpm_map_get(&t->prefixes, pfx_key(addr, len)));
                return gi;
            }
            g = (uint32_t)gi;
            for (uint32_t j = 0; j < 256; j++) {
                t->tbl8[(g << 8) | j] = v;
                t->len8[(g << 8) | j] = t->len24[i];
            }
            t->tbl24[i] = (uint16_t)(CK_LPM_EXT | g);
        }
        group_set(t, g, addr & 0xffu, 1u << (32 - len), nh, len);
    }
    return existed;
}

/* Replace entries of [lo, lo + n) written by a prefix of length len with (nh, nlen). */
static void group_unset(ck_lpm *t, uint32_t g, uint32_t lo, uint32_t n, int len, uint16_t nh,
                        int nlen)
{
    uint16_t *v = t->tbl8 + (g << 8);
    uint8_t *l = t->len8 + (g << 8);
    for (uint32_t j = lo; j < lo + n; j++) {
        if (l[j] == len) {
            v[j] = nh;
            l[j] = (uint8_t)nlen;
        } else if (l[j] > len)
            j |= (1u << (32 - l[j])) - 1;
    }
}

/* Fold group of first-level entry i back when all its entries came from one prefix of length
 * <= 24. */
static void group_maybe_collapse(ck_lpm *t, uint32_t i)
{
    uint32_t g = t->tbl24[i] & 0x7fffu;
    const uint8_t *l = t->len8 + (g << 8);
    const uint16_t *v = t->tbl8 + (g << 8);
    if (l[0] > 24)
        return;
    for (uint32_t j = 1; j < 256; j++)
        if (l[j] != l[0] || v[j] != v[0])
            return;
    t->tbl24[i] = v[0];
    t->len24[i] = l[0];
    t->free_groups[t->nfree_groups++] = (uint16_t)g;
}

int ck_lpm_delete(ck_lpm *t, uint32_t addr, int len)
{
    if (len < 0 || len > 32)
        return -ENOENT;
    addr &= ck_lpm_mask(len);
    ck_lpm_map_entry *e = ck_lpm_map_get(&t->prefixes, pfx_key(addr, len));
    if (!e)
        return -ENOENT;
    ck_lpm_map_del(&t->prefixes, e);
    if (len == 0) {
        t->dflt = 0;
        t->has_dflt = 0;
        return 0;
    }
    /* the longest stored prefix that covers addr/len takes its place (0/0 is outside) */
    uint16_t nnh = 0;
    int nlen = 0;
    for (int l = len - 1; l > 0; l--) {
        ck_lpm_map_entry *c = ck_lpm_map_get(&t->prefixes, pfx_key(addr & ck_lpm_mask(l), l));
        if (c) {
            nnh = (uint16_t)c->a;
            nlen = l;
            break;
        }
    }
    if (len <= 24) {
        uint32_t start = addr >> 8, end = start + (1u << (24 - len));
        for (uint32_t i = start; i < end; i++) {
            uint16_t v = t->tbl24[i];
            if (v & CK_LPM_EXT) {
                group_unset(t, v & 0x7fffu, 0, 256, len, nnh, nlen);
                group_maybe_collapse(t, i);
            } else if (t->len24[i] == len) {
                t->tbl24[i] = nnh;
                t->len24[i] = (uint8_t)nlen;
            } else if (t->len24[i] > len)
                i |= (1u << (24 - t->len24[i])) - 1;
        }
    } else {
        uint32_t i = addr >> 8;
        uint16_t v = t->tbl24[i];
        if (v & CK_LPM_EXT) { /* always, since a prefix longer than 24 is stored */
            group_unset(t, v & 0x7fffu, addr & 0xffu, 1u << (32 - len), len, nnh, nlen);
            group_maybe_collapse(t, i);
        }
    }
    return 0;
}

/* ------------------------------------------------------------------------------------------
 * Bulk lookup (lpm.h, ck_lpm_lookup_bulk)
 * ---------------------------------------------------------------------------------------- */
#define BULK_CHUNK 32u /* addresses whose first-level entries are in flight together */

#if defined(__GNUC__) || defined(__clang__)
#define LPM_PREFETCH(p) __builtin_prefetch((p), 0, 3)
#else
#define LPM_PREFETCH(p) ((void)(p))
#endif

void ck_lpm_lookup_bulk_c(const ck_lpm *t, const uint32_t *addrs, uint16_t *nh, unsigned n)
{
    const uint16_t *t24 = t->tbl24, *t8 = t->tbl8;
    const uint16_t dflt = t->dflt;
    for (unsigned base = 0; base < n; base += BULK_CHUNK) {
        unsigned m = n - base < BULK_CHUNK ? n - base : BULK_CHUNK;
        const uint32_t *a = addrs + base;
        uint16_t *o = nh + base;
        uint8_t ext[BULK_CHUNK]; /* positions whose entry refers to a second-level group */
        unsigned next = 0;
        for (unsigned i = 0; i < m; i++) /* every first-level miss of the chunk in flight */
            LPM_PREFETCH(&t24[a[i] >> 8]);
        for (unsigned i = 0; i < m; i++) {
            uint16_t v = t24[a[i] >> 8];
            if (v & CK_LPM_EXT) {
                const uint16_t *g = &t8[((uint32_t)(v & 0x7fffu) << 8) | (a[i] & 0xffu)];
                LPM_PREFETCH(g);
                ext[next++] = (uint8_t)i;
                o[i] = v;
            } else
                o[i] = v ? v : dflt;
        }
        for (unsigned k = 0; k < next; k++) {
            unsigned i = ext[k];
            uint16_t v = t8[((uint32_t)(o[i] & 0x7fffu) << 8) | (a[i] & 0xffu)];
            o[i] = v ? v : dflt;
        }
    }
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

/* 16 lanes at a time.  A gather reads 32-bit elements, the tables hold 16-bit entries: each
 * lane reads the aligned 32-bit word that holds its entry (index >> 1, always inside the
 * table) and shifts the wanted half down (index & 1). */
__attribute__((target("avx512f"))) void
ck_lpm_lookup_bulk_avx512(const ck_lpm *t, const uint32_t *addrs, uint16_t *nh, unsigned n)
{
    const __m512i one = _mm512_set1_epi32(1), lo8 = _mm512_set1_epi32(0xff);
    const __m512i lo15 = _mm512_set1_epi32(0x7fff), lo16 = _mm512_set1_epi32(0xffff);
    const __m512i ext = _mm512_set1_epi32(CK_LPM_EXT), dflt = _mm512_set1_epi32(t->dflt);
    const void *t24 = t->tbl24, *t8 = t->tbl8;
    for (unsigned i = 0; i < n; i += 16) {
        __mmask16 k = n - i >= 16 ? (__mmask16)0xffff : (__mmask16)((1u << (n - i)) - 1u);
        __m512i a = _mm512_maskz_loadu_epi32(k, addrs + i);
        __m512i x = _mm512_srli_epi32(a, 8);
        __m512i w = _mm512_mask_i32gather_epi32(_mm512_setzero_si512(), k,
                                                _mm512_srli_epi32(x, 1), t24, 4);
        __m512i v = _mm512_and_si512(
            _mm512_srlv_epi32(w, _mm512_slli_epi32(_mm512_and_si512(x, one), 4)), lo16);
        __mmask16 e = _mm512_mask_test_epi32_mask(k, v, ext);
        if (e) {
            __m512i y = _mm512_or_si512(_mm512_slli_epi32(_mm512_and_si512(v, lo15), 8),
                                        _mm512_and_si512(a, lo8));
            __m512i w8 = _mm512_mask_i32gather_epi32(v, e, _mm512_srli_epi32(y, 1), t8, 4);
            w8 = _mm512_and_si512(
                _mm512_srlv_epi32(w8, _mm512_slli_epi32(_mm512_and_si512(y, one), 4)), lo16);
            v = _mm512_mask_mov_epi32(v, e, w8);
        }
        v = _mm512_mask_mov_epi32(v, _mm512_testn_epi32_mask(v, v), dflt);
        _mm512_mask_cvtepi32_storeu_epi16(nh + i, k, v);
    }
}

int ck_lpm_bulk_avx512_usable(void)
{
#ifdef __AVX512F__
    return 1; /* the whole program is built for AVX-512 */
#else
    return __builtin_cpu_supports("avx512f") ? 1 : 0;
#endif
}
#else
void ck_lpm_lookup_bulk_avx512(const ck_lpm *t, const uint32_t *addrs, uint16_t *nh, unsigned n)
{
    ck_lpm_lookup_bulk_c(t, addrs, nh, n);
}

int ck_lpm_bulk_avx512_usable(void) { return 0; }
#endif

void ck_lpm_lookup_bulk(const ck_lpm *t, const uint32_t *addrs, uint16_t *nh, unsigned n)
{
    if (ck_lpm_bulk_avx512_usable())
        ck_lpm_lookup_bulk_avx512(t, addrs, nh, n);
    else
        ck_lpm_lookup_bulk_c(t, addrs, nh, n);
}

size_t ck_lpm_memory(const ck_lpm *t, int lookup_only)
{
    size_t live = (size_t)(t->ngroups - t->nfree_groups) * 256;
    if (lookup_only)
        return TBL24_ENTRIES * sizeof(uint16_t) + live * sizeof(uint16_t);
    return TBL24_ENTRIES * (sizeof(uint16_t) + 1) + (size_t)t->cap_groups * 256 * 3
           + (size_t)t->cap_groups * sizeof(uint16_t)
           + (size_t)t->prefixes.cap * sizeof(ck_lpm_map_entry);
}

long ck_lpm_check(const ck_lpm *t)
{
    /* Repaint the expected tables from the prefix set, shortest prefixes first, and compare. */
    uint16_t *exp = calloc(TBL24_ENTRIES, sizeof *exp);
    uint8_t *elen = calloc(TBL24_ENTRIES, 1);
    long bad = 0;
    if (!exp || !elen) {
        bad = -1;
        goto out;
    }
    for (int l = 1; l <= 24; l++)
        for (uint32_t k = 0; k < t->prefixes.cap; k++) {
            const ck_lpm_map_entry *e = &t->prefixes.e[k];
            if (!e->key || (int)((e->key - 1) & 63) != l)
                continue;
            uint32_t start = (uint32_t)((e->key - 1) >> 6) >> 8;
            for (uint32_t i = start; i < start + (1u << (24 - l)); i++) {
                exp[i] = (uint16_t)e->a;
                elen[i] = (uint8_t)l;
            }
        }
    /* first-level entries that must be extended: those holding a prefix longer than 24 */
    for (uint32_t k = 0; k < t->prefixes.cap; k++) {
        const ck_lpm_map_entry *e = &t->prefixes.e[k];
        if (e->key && ((e->key - 1) & 63) > 24) {
            uint32_t i = (uint32_t)((e->key - 1) >> 6) >> 8;
            if (!(t->tbl24[i] & CK_LPM_EXT)) {
                bad = (long)i + 1;
                goto out;
            }
        }
    }
    for (uint32_t i = 0; i < TBL24_ENTRIES && !bad; i++) {
        uint16_t v = t->tbl24[i];
        if (!(v & CK_LPM_EXT)) {
            if (v != exp[i] || t->len24[i] != elen[i])
                bad = (long)i + 1;
            continue;
        }
        uint32_t g = (uint32_t)(v & 0x7fffu) << 8;
        for (uint32_t j = 0; j < 256 && !bad; j++) {
            uint32_t a = (i << 8) | j;
            uint16_t enh = exp[i];
            int el = elen[i];
            for (int l = 32; l > 24; l--) {
                ck_lpm_map_entry *c = ck_lpm_map_get(&t->prefixes, pfx_key(a & ck_lpm_mask(l), l));
                if (c) {
                    enh = (uint16_t)c->a;
                    el = l;
                    break;
                }
            }
            if (t->tbl8[g | j] != enh || t->len8[g | j] != el)
                bad = (long)i + 1;
        }
    }
    if (!bad) {
        ck_lpm_map_entry *d = ck_lpm_map_get(&t->prefixes, pfx_key(0, 0));
        if ((d ? d->a : 0) != t->dflt)
            bad = (long)TBL24_ENTRIES + 1;
    }
out:
    free(exp);
    free(elen);
    return bad;
}
