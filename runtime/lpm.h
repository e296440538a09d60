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
 * 2. ck_rt: the control plane of Click's IPRouteTable classes (StaticIPLookup, LinearIPLookup,
 *    RadixIPLookup, DirectIPLookup): route storage in each class's order (the `table` handler),
 *    add/set/remove with each class's rules, Click's route syntax (`ADDR/MASK [GW] OUT`) and
 *    error messages, and the `lookup`, `ctrl` and `flush` handlers.  Every class answers
 *    lookups from the same ck_lpm.
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

/* ------------------------------------------------------------------------------------------
 * Layer 2: Click's IP route table classes
 * ---------------------------------------------------------------------------------------- */
enum { CK_RT_STATIC, CK_RT_LINEAR, CK_RT_RADIX, CK_RT_DIRECT };
enum { CK_RT_CMD_ADD, CK_RT_CMD_SET, CK_RT_CMD_REMOVE };

/* Click's IPRoute, host byte order; port -1 = none given (remove requests). */
typedef struct ck_route {
    uint32_t addr, mask, gw;
    int32_t port;
} ck_route;

typedef struct ck_rt_nh {
    uint32_t gw;
    int32_t port;
} ck_rt_nh;

/* A growable text buffer (handler values and error messages). */
typedef struct ck_rtbuf {
    char *s;
    size_t len, cap;
} ck_rtbuf;
void ck_rtbuf_init(ck_rtbuf *b);
void ck_rtbuf_free(ck_rtbuf *b);
void ck_rtbuf_clear(ck_rtbuf *b);
void ck_rtbuf_append(ck_rtbuf *b, const char *s, size_t n);
const char *ck_rtbuf_str(ck_rtbuf *b); /* NUL-terminated */

typedef struct ck_rt_dentry { /* DirectIPLookup's clear-text route entry */
    uint32_t prefix;
    int32_t ll_next, ll_prev;
    uint16_t vport;
    uint8_t plen;
} ck_rt_dentry;

typedef struct ck_rt {
    int kind, noutputs;
    int initialized; /* StaticIPLookup refuses changes once set */
    ck_lpm lpm;
    /* Next hops: lookups return nh[ck_lpm_lookup()].  Linear/Static/Radix: nh[0] = no route
     * {0, -1}, others deduplicated (gw, port) pairs.  Direct: nh[v] is virtual port v, nh[0]
     * the default route's (Click's _vport[0], port -1 = discard). */
    ck_rt_nh *nh;
    uint32_t nnh, nh_cap;
    ck_lpm_map nhmap; /* (gw, port) -> nh id (Direct: live virtual ports other than 0) */
    /* Linear/Static and Radix: routes in Click's vector order. */
    ck_route *slot;
    uint8_t *live;
    int32_t *link; /* Radix: free-slot stack links */
    uint32_t nslots, slot_cap;
    int64_t first_free; /* Linear: lowest dead slot, -1 if none */
    int64_t zero_route; /* Linear: slot of 0.0.0.0/32, -1 if none */
    int32_t vfree;      /* Radix: top of the free-slot stack, -1 if none */
    /* Direct: clear-text entries in hash chains; virtual-port reference counts. */
    ck_rt_dentry *de;
    uint32_t nde, de_cap;
    int32_t de_empty;
    int32_t *dhash; /* [65536] chain heads */
    int32_t *vp_ref, *vp_link;
    uint32_t vp_size;
    int32_t vp_empty;
} ck_rt;

/* Returns 0 or -ENOMEM. */
int ck_rt_init(ck_rt *rt, int kind, int noutputs);
void ck_rt_destroy(ck_rt *rt);

/* Packet path: the output port (negative = no route) and gateway for destination `addr`. */
static inline int32_t ck_rt_lookup(const ck_rt *rt, uint32_t addr, uint32_t *gw)
{
    const ck_rt_nh *h = &rt->nh[ck_lpm_lookup(&rt->lpm, addr)];
    *gw = h->gw;
    return h->port;
}

/* Click's add_route (set = allow replacing) and remove_route.  `old` (may be NULL) receives
 * the replaced or removed route; its port stays -1 when there was none.  Return 0, -EEXIST,
 * -ENOENT, -ENOMEM, or -EPERM (StaticIPLookup after initialization; message in err). */
int ck_rt_add(ck_rt *rt, const ck_route *r, int set, ck_route *old, ck_rtbuf *err);
int ck_rt_remove(ck_rt *rt, const ck_route *r, ck_route *old, ck_rtbuf *err);
/* The `flush` handler of RadixIPLookup and DirectIPLookup. */
void ck_rt_flush(ck_rt *rt);

/* Load routes packed by clickc.routes (16 bytes each: addr, mask, gw, port, big-endian) as
 * Click's configure adds them: in order, earlier routes win over later ones for the same
 * prefix.  Returns 0 or a negative errno with the message in err. */
int ck_rt_load_packed(ck_rt *rt, const unsigned char *packed, size_t nroutes, ck_rtbuf *err);
/* The same for routes compiled into the program as a constant array (clickc.routes). */
int ck_rt_load_routes(ck_rt *rt, const ck_route *routes, size_t nroutes, ck_rtbuf *err);
/* Click counts "no route" complaints per process and prints the first five: one counter for
 * LinearIPLookup::push (Linear and Static), one for IPRouteTable::push (Radix).  Returns 1 when
 * this complaint should be printed. */
int ck_rt_should_complain(int kind);
/* Configure from a configuration string at run time (Click's IPRouteTable::configure).
 * Messages (errors and the "replaced by later versions" warning) are appended to msgs, one per
 * line, warnings prefixed "warning: ".  Returns 0 or -EINVAL. */
int ck_rt_configure(ck_rt *rt, const char *conf, ck_rtbuf *msgs);

/* Click's cp_ip_route: parse "ADDR/MASK [GW] OUT" (OUT optional when `remove`).  Returns 1. */
int ck_rt_parse_route(const char *s, size_t n, ck_route *r, int remove);
/* Click's IPRoute::unparse. */
void ck_rt_unparse_route(ck_rtbuf *out, const ck_route *r, int tabs);

/* Handlers.  Each returns 0, or a negative errno with Click's message in err. */
int ck_rt_command(ck_rt *rt, int cmd, const char *value, ck_rtbuf *err); /* add/set/remove */
int ck_rt_ctrl(ck_rt *rt, const char *value, ck_rtbuf *err);
void ck_rt_table(ck_rt *rt, ck_rtbuf *out);
int ck_rt_lookup_handler(ck_rt *rt, const char *param, ck_rtbuf *out, ck_rtbuf *err);

#ifdef __cplusplus
}
#endif
#endif /* CLICKC_LPM_H */
