/*
 * The control plane of Click's IP route table classes (StaticIPLookup, LinearIPLookup,
 * RadixIPLookup, DirectIPLookup; docs/route-lookup.md): route storage in each class's order
 * (the `table` handler), add/set/remove with each class's rules, Click's route syntax
 * (`ADDR/MASK [GW] OUT`) and error messages, and the `lookup`, `ctrl` and `flush` handlers.
 * Every class answers lookups from the runtime's DIR-24-8 structure (runtime/lpm.h, ck_lpm).
 *
 * Element code shared by the four classes: implemented in elements/ip/routetable.c, which
 * their body (ip/iproutetable_body.h) includes once per router.  Like lpm.h it does not
 * depend on clickc.h, so it is tested and benchmarked on its own (tests/lpm, bench/bench_lpm.py
 * compile runtime/lpm.c and this file's .c with -I runtime -I elements).
 */
#ifndef CLICKC_ROUTETABLE_H
#define CLICKC_ROUTETABLE_H

#include <stddef.h>
#include <stdint.h>

#include "lpm.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------------------------
 * Layer 2: Click's IP route table classes
 * ---------------------------------------------------------------------------------------- */
/* CK_RT_SORTED: LinearIPLookup's vector, topologically sorted after every change
 * (SortedIPLookup). */
enum { CK_RT_STATIC, CK_RT_LINEAR, CK_RT_RADIX, CK_RT_DIRECT, CK_RT_SORTED };
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
    /* Linear/Static/Sorted and Radix: routes in Click's vector order. */
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

/* Packet path for a burst: ports[i] and gws[i] are what ck_rt_lookup(rt, addrs[i], &gws[i])
 * returns, for i in [0, n), in order.  The DIR-24-8 lookups go through ck_lpm_lookup_bulk
 * (runtime/lpm.h), which overlaps the cache misses of the burst (for a vector pass; per-packet
 * code uses ck_rt_lookup).  gws may be NULL when the gateways are not wanted.  The arrays must
 * not overlap. */
void ck_rt_lookup_bulk(const ck_rt *rt, const uint32_t *addrs, int32_t *ports, uint32_t *gws,
                       unsigned n);

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
#endif /* CLICKC_ROUTETABLE_H */
