/*
 * clickc longest-prefix-match structure and the IP route tables built on it.
 *
 * Two layers (docs/route-lookup.md):
 *
 * 1. ck_lpm: a DIR-24-8-BASIC table (P. Gupta, S. Lin, N. McKeown, "Routing Lookups in
 *    Hardware at Memory Access Speeds", IEEE Infocom 1998), the data plane shared by every route
 *    lookup class.  A lookup is one load from a 2^24-entry first-level table indexed by the top
 *    24 address bits and, for /24 blocks that hold longer prefixes, one more load from a 256-entry
 *    second-level group.  Entries are 16-bit next-hop ids (0 = no route; bit 15 marks a group
 *    index).  The default route (0/0) lives outside the tables, so small tables touch few pages.
 *    Incremental updates keep longest-prefix semantics with a prefix-length byte per entry and an
 *    auxiliary hash set of the stored prefixes (used to find the covering prefix on removal).
 *
 * 2. ck_rt: the control plane of Click's IPRouteTable classes on top of it is element code:
 *    elements/ip/routetable.h and routetable.c.
 *
 * Addresses are host byte order uint32_t throughout.  This file does not depend on clickc.h,
 * so the structure can be tested and benchmarked on its own.
 */
#ifndef CLICKC_LPM_H
#define CLICKC_LPM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------------------------
 * Layer 1: DIR-24-8
 * ---------------------------------------------------------------------------------------- */
#define CK_LPM_EXT 0x8000u        /* first-level entry refers to a second-level group */
#define CK_LPM_MAX_NH 0x7fffu     /* next-hop ids are 1..CK_LPM_MAX_NH; 0 means no route */
#define CK_LPM_MAX_GROUPS 0x8000u /* second-level groups (of 256 entries) */

/* An auxiliary map from a 64-bit key to two 32-bit values (open addressing). */
typedef struct ck_lpm_map_entry {
    uint64_t key; /* stored key + 1; 0 = empty */
    uint32_t a, b;
} ck_lpm_map_entry;

typedef struct ck_lpm_map {
    ck_lpm_map_entry *e;
    uint32_t cap; /* power of two, or 0 */
    uint32_t n;
} ck_lpm_map;

typedef struct ck_lpm {
    uint16_t *tbl24;  /* [1 << 24] next-hop id, or CK_LPM_EXT | group */
    uint8_t *len24;   /* [1 << 24] length of the prefix that wrote the entry */
    uint16_t *tbl8;   /* [cap_groups * 256] */
    uint8_t *len8;    /* [cap_groups * 256] */
    uint16_t *free_groups; /* stack of free group indexes */
    uint32_t ngroups;      /* groups ever handed out (high-water mark) */
    uint32_t nfree_groups;
    uint32_t cap_groups;
    uint16_t dflt;         /* next hop of 0/0 (0 = none) */
    uint8_t has_dflt;
    ck_lpm_map prefixes;   /* key (addr << 6 | len): a = next hop, b = caller's slot */
} ck_lpm;

/* Longest-prefix match of `addr`: the next-hop id, 0 when no route covers it. */
static inline uint16_t ck_lpm_lookup(const ck_lpm *t, uint32_t addr)
{
    uint16_t v = t->tbl24[addr >> 8];
    if (v & CK_LPM_EXT)
        v = t->tbl8[((uint32_t)(v & 0x7fffu) << 8) | (addr & 0xffu)];
    return v ? v : t->dflt;
}

/* Bulk longest-prefix match: nh[i] = ck_lpm_lookup(t, addrs[i]) for i in [0, n).
 *
 * Shapes and units: `addrs` holds n IPv4 addresses (host byte order), `nh` receives n next-hop
 * ids (1..CK_LPM_MAX_NH, or 0 for no route), in the same order; the arrays must not overlap;
 * n may be anything (0 does nothing), though bursts of 16 to 64 are what it is made for.  No
 * errors: the table is only read, so concurrent bulk and single lookups are fine (updates are
 * not, as for ck_lpm_lookup).
 *
 * Why: on a table far larger than the caches (a full Internet table's first level is 32 MiB)
 * each lookup is a DRAM access.  Looking up a burst together overlaps those misses instead of
 * waiting them out one address at a time: the first-level entries of many addresses are
 * loaded (or prefetched) before any is used, then the second-level groups for the addresses
 * that need them.  The structure is DIR-24-8-BASIC (P. Gupta, S. Lin, N. McKeown, "Routing Lookups in
 * Hardware at Memory Access Speeds", IEEE Infocom 1998).  What it shares with DPDK's
 * rte_lpm_lookup_bulk: the interface (a burst of addresses in, one answer each out, in order),
 * the same two-level layout with a group bit in first-level entries, and independent lookups
 * across the burst so that their misses overlap.  What differs: rte_lpm reads each address's
 * second-level entry right after its first-level one, this reads (or prefetches) the
 * first-level entries of 16 (AVX-512) or 32 (portable) addresses before any second-level
 * one; entries are 16-bit rather than 32-bit (a 32 MiB first
 * level instead of 64 MiB); the default route is kept outside the tables.
 *
 * Paths (docs/route-lookup.md, "Bulk lookup"): on x86-64 CPUs with AVX-512F, 16 addresses at a
 * time with two masked gathers (first level, then second level for the lanes that need it);
 * elsewhere a portable C11 loop that prefetches a chunk's first-level entries, reads them, then
 * reads the second-level entries.  The choice is made per call with __builtin_cpu_supports. */
void ck_lpm_lookup_bulk(const ck_lpm *t, const uint32_t *addrs, uint16_t *nh, unsigned n);
/* The portable path of ck_lpm_lookup_bulk (tests and benchmark run it on any CPU). */
void ck_lpm_lookup_bulk_c(const ck_lpm *t, const uint32_t *addrs, uint16_t *nh, unsigned n);
/* The AVX-512 path: only call it when ck_lpm_bulk_avx512_usable() returns 1. */
void ck_lpm_lookup_bulk_avx512(const ck_lpm *t, const uint32_t *addrs, uint16_t *nh,
                               unsigned n);
/* 1 when this build has the AVX-512 path and the CPU runs it, else 0. */
int ck_lpm_bulk_avx512_usable(void);

/* Returns 0, or -ENOMEM. */
int ck_lpm_init(ck_lpm *t);
void ck_lpm_destroy(ck_lpm *t);
/* Remove every prefix. */
void ck_lpm_flush(ck_lpm *t);
/* Add prefix addr/len (len 0..32, addr's host bits ignored) with next hop nh (1..CK_LPM_MAX_NH),
 * or change the next hop of an existing one.  `slot` is stored for the caller.  Returns 1 when
 * the prefix existed, 0 when new, -ENOMEM when no second-level group is left (nothing changed),
 * -EINVAL for a bad length or next hop. */
int ck_lpm_insert(ck_lpm *t, uint32_t addr, int len, uint16_t nh, uint32_t slot);
/* Whether inserting addr/len needs a new second-level group that cannot be had (1) or not (0). */
int ck_lpm_would_exhaust(const ck_lpm *t, uint32_t addr, int len);
/* Remove prefix addr/len. Returns 0, or -ENOENT. */
int ck_lpm_delete(ck_lpm *t, uint32_t addr, int len);
/* The stored prefix addr/len (its next hop in ->a, the caller's slot in ->b), or NULL. */
ck_lpm_map_entry *ck_lpm_find(const ck_lpm *t, uint32_t addr, int len);
/* Number of stored prefixes (the default route included). */
uint32_t ck_lpm_count(const ck_lpm *t);
/* Make room for `n` more prefixes in the auxiliary prefix set (a bulk load then never rehashes
 * it).  Returns 0, or -ENOMEM (nothing changed). */
int ck_lpm_reserve(ck_lpm *t, uint32_t n);
/* Prefetch what ck_lpm_find and ck_lpm_insert of addr/len touch first: the prefix set's slot
 * and the first-level entries of the prefix's first /24 block.  A bulk load issues it a few
 * prefixes ahead, so that its cache misses (the set and the tables are tens of megabytes for
 * a full Internet table, each prefix at a random place) overlap. */
void ck_lpm_prefetch(const ck_lpm *t, uint32_t addr, int len);
/* Bytes of the lookup tables (first level, groups in use) when `lookup_only`, else everything
 * allocated (prefix-length bytes and the auxiliary prefix set included). */
size_t ck_lpm_memory(const ck_lpm *t, int lookup_only);
/* Check the invariants against a recomputation from the prefix set (tests; slow).  Returns 0
 * when consistent, else the first bad first-level index + 1. */
long ck_lpm_check(const ck_lpm *t);

/* Prefix mask helpers. */
static inline uint32_t ck_lpm_mask(int len) { return len <= 0 ? 0 : 0xffffffffu << (32 - len); }
/* Prefix length of a contiguous mask, or -1 (Click's IPAddress::mask_to_prefix_len). */
int ck_lpm_mask_len(uint32_t mask);

/* The auxiliary map's operations (also used by the route tables, elements/ip/routetable.c). */
void ck_lpm_map_free(ck_lpm_map *m);
ck_lpm_map_entry *ck_lpm_map_get(const ck_lpm_map *m, uint64_t key);
/* Insert key (which must be absent) with values a, b; NULL when out of memory. */
ck_lpm_map_entry *ck_lpm_map_put(ck_lpm_map *m, uint64_t key, uint32_t a, uint32_t b);
void ck_lpm_map_del(ck_lpm_map *m, ck_lpm_map_entry *x);
void ck_lpm_map_clear(ck_lpm_map *m);

#ifdef __cplusplus
}
#endif
#endif /* CLICKC_LPM_H */
