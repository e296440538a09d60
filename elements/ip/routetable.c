/*
 * Click's IP route table classes' control plane on the DIR-24-8 structure: see
 * ip/routetable.h and docs/route-lookup.md.  Included once per router by
 * ip/iproutetable_body.h (the guard below), compiled on its own by tests/lpm and bench.
 */
#ifndef CLICKC_ROUTETABLE_C
#define CLICKC_ROUTETABLE_C
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE 1
#endif
#include "ip/routetable.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------------------------
 * Text buffers
 * ---------------------------------------------------------------------------------------- */
void ck_rtbuf_init(ck_rtbuf *b) { memset(b, 0, sizeof *b); }
void ck_rtbuf_free(ck_rtbuf *b)
{
    free(b->s);
    memset(b, 0, sizeof *b);
}
void ck_rtbuf_clear(ck_rtbuf *b)
{
    b->len = 0;
    if (b->s)
        b->s[0] = '\0';
}

void ck_rtbuf_append(ck_rtbuf *b, const char *s, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        size_t ncap = b->cap ? b->cap : 64;
        while (ncap < b->len + n + 1)
            ncap *= 2;
        char *ns = realloc(b->s, ncap);
        if (!ns)
            abort();
        b->s = ns;
        b->cap = ncap;
    }
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
}

static void rt_buf_puts(ck_rtbuf *b, const char *s) { ck_rtbuf_append(b, s, strlen(s)); }

const char *ck_rtbuf_str(ck_rtbuf *b)
{
    if (!b->s)
        ck_rtbuf_append(b, "", 0);
    return b->s;
}

static void rt_buf_ip(ck_rtbuf *b, uint32_t a)
{
    char tmp[16];
    int n = snprintf(tmp, sizeof tmp, "%u.%u.%u.%u", a >> 24, (a >> 16) & 255u, (a >> 8) & 255u,
                     a & 255u);
    ck_rtbuf_append(b, tmp, (size_t)n);
}

static void rt_buf_int(ck_rtbuf *b, long v)
{
    char tmp[24];
    int n = snprintf(tmp, sizeof tmp, "%ld", v);
    ck_rtbuf_append(b, tmp, (size_t)n);
}

void ck_rt_unparse_route(ck_rtbuf *out, const ck_route *r, int tabs)
{
    /* Click's IPRoute::unparse: "ADDR/MASK GW PORT", columns padded with a second tab */
    char sep = tabs ? '\t' : ' ';
    size_t l = out->len;
    rt_buf_ip(out, r->addr);
    ck_rtbuf_append(out, "/", 1);
    int plen = ck_lpm_mask_len(r->mask);
    if (plen >= 0)
        rt_buf_int(out, plen);
    else
        rt_buf_ip(out, r->mask);
    ck_rtbuf_append(out, &sep, 1);
    if (out->len < l + 17 && tabs)
        ck_rtbuf_append(out, "\t", 1);
    l = out->len;
    if (r->gw)
        rt_buf_ip(out, r->gw);
    else
        ck_rtbuf_append(out, "-", 1);
    ck_rtbuf_append(out, &sep, 1);
    if (out->len < l + 9 && tabs)
        ck_rtbuf_append(out, "\t", 1);
    if (r->port == INT32_MIN) /* a dead route (Click's IPRoute::real) */
        ck_rtbuf_append(out, "-1", 2);
    else
        rt_buf_int(out, r->port);
}

/* ------------------------------------------------------------------------------------------
 * Click's syntax: space-separated words (cp_shift_spacevec), addresses (IPAddressArg),
 * prefixes (IPPrefixArg), integers (IntArg)
 * ---------------------------------------------------------------------------------------- */
static const char *rt_skip_comment(const char *s, const char *end)
{ /* s points at "//" or "/ *" */
    if (s[1] == '/') {
        for (s += 2; s + 1 < end && *s != '\n' && *s != '\r'; s++)
            ;
        if (s + 1 < end && *s == '\r' && s[1] == '\n')
            s++;
        return s + 1;
    }
    for (s += 2; s + 2 < end && (*s != '*' || s[1] != '/'); s++)
        ;
    return s + 2;
}

static const char *rt_skip_comment_space(const char *s, const char *end)
{
    while (s < end) {
        if (isspace((unsigned char)*s))
            s++;
        else if (*s == '/' && s + 1 < end && (s[1] == '/' || s[1] == '*'))
            s = rt_skip_comment(s, end);
        else
            break;
    }
    return s < end ? s : end;
}

static const char *rt_skip_item(const char *s, const char *end)
{
    while (s < end) {
        char c = *s;
        if (c == '/' && s + 1 < end && (s[1] == '/' || s[1] == '*'))
            return s;
        if (c == '"') {
            for (s++; s < end && *s != '"'; s++)
                if (*s == '\\' && s + 1 < end)
                    s++;
            s = s < end ? s + 1 : end;
        } else if (c == '\'') {
            for (s++; s < end && *s != '\''; s++)
                ;
            s = s < end ? s + 1 : end;
        } else if (isspace((unsigned char)c))
            return s;
        else
            s++;
    }
    return end;
}

/* Shift the next word off [*s, end): returns its start, sets *wend. */
static const char *rt_shift_word(const char **s, const char *end, const char **wend)
{
    const char *w = rt_skip_comment_space(*s, end);
    const char *we = rt_skip_item(w, end);
    *wend = we;
    *s = rt_skip_comment_space(we, end);
    return w;
}

/* IPAddressArg::basic_parse: up to four dotted decimal parts. */
static const char *rt_ip_basic(const char *s, const char *end, uint32_t *val, int *nbytes)
{
    unsigned char v[4] = {0, 0, 0, 0};
    int d = 0;
    while (d < 4 && s != end && (d == 0 || *s == '.')) {
        const char *t = s + (d ? 1 : 0);
        if (t == end || !isdigit((unsigned char)*t))
            break;
        int part = *t - '0';
        for (++t; t != end && isdigit((unsigned char)*t) && part <= 255; ++t)
            part = part * 10 + (*t - '0');
        if (part > 255)
            break;
        s = t;
        v[d++] = (unsigned char)part;
    }
    *nbytes = d;
    *val = ((uint32_t)v[0] << 24) | ((uint32_t)v[1] << 16) | ((uint32_t)v[2] << 8) | v[3];
    return s;
}

static int rt_parse_ip(const char *s, const char *end, uint32_t *out)
{
    int nb;
    uint32_t v;
    if (s == end || rt_ip_basic(s, end, &v, &nb) != end || nb != 4)
        return 0; /* (AddressInfo names are resolved at compile time only) */
    *out = v;
    return 1;
}

/* IntArg(base).parse into int32_t (base 0: 0x, 0b and 0 prefixes; '_' between digits). */
static int rt_parse_int32(const char *s, const char *end, int base, int32_t *out)
{
    const char *p = s;
    int neg = 0;
    if (p != end && (*p == '-' || *p == '+')) {
        neg = (*p == '-');
        p++;
    }
    int b = base;
    if ((b == 0 || b == 16) && p + 2 < end && *p == '0' && (p[1] == 'x' || p[1] == 'X')) {
        p += 2;
        b = 16;
    } else if (b == 0 && p + 2 < end && *p == '0' && (p[1] == 'b' || p[1] == 'B')) {
        p += 2;
        b = 2;
    } else if (b == 0 && p != end && *p == '0')
        b = 8;
    else if (b == 0)
        b = 10;
    const char *first = p, *last = p - 1;
    uint64_t v = 0;
    int overflow = 0;
    for (; p != end; ++p) {
        int dg;
        if (*p == '_' && last == p)
            continue;
        if (*p >= '0' && *p <= '9')
            dg = *p - '0';
        else if (*p >= 'a' && *p <= 'z')
            dg = *p - 'a' + 10;
        else if (*p >= 'A' && *p <= 'Z')
            dg = *p - 'A' + 10;
        else
            break;
        if (dg >= b)
            break;
        v = v * (uint64_t)b + (uint64_t)dg;
        if (v > 0x100000000ULL)
            overflow = 1;
        last = p + 1;
    }
    const char *xend;
    if (p != first)
        xend = last;
    else if (first > s + 1) /* "0x" alone: the "0" */
        xend = first - 1, v = 0;
    else
        return 0;
    if (xend != end)
        return 0;
    if (overflow || (!neg && v > 0x7fffffffULL) || (neg && v > 0x80000000ULL))
        return 0;
    *out = neg ? (int32_t)(-(int64_t)v) : (int32_t)v;
    return 1;
}

/* IPPrefixArg(true).parse */
static int rt_parse_prefix(const char *s, const char *end, uint32_t *addr, uint32_t *mask)
{
    const char *slash = end;
    while (slash != s)
        if (*--slash == '/')
            break;
    if (slash != s && *slash == '/' && slash + 1 != end) {
        uint32_t a, m;
        int nb;
        if (rt_ip_basic(s, slash, &a, &nb) == slash) {
            int32_t l;
            int ok = 1;
            if (rt_parse_int32(slash + 1, end, 10, &l) && l >= 0 && l <= 32)
                m = ck_lpm_mask(l);
            else if (!rt_parse_ip(slash + 1, end, &m))
                ok = 0;
            if (ok && nb < 4 && (m & ck_lpm_mask(nb * 8)) != m)
                ok = 0;
            if (ok) {
                *addr = a;
                *mask = m;
                return 1;
            }
        }
    }
    if (rt_parse_ip(s, end, addr)) {
        *mask = 0xffffffffu;
        return 1;
    }
    return 0;
}

int ck_rt_parse_route(const char *str, size_t n, ck_route *r, int remove)
{
    const char *s = str, *end = str + n, *we;
    ck_route x = {0, 0, 0, -1};
    const char *w = rt_shift_word(&s, end, &we);
    if (!rt_parse_prefix(w, we, &x.addr, &x.mask))
        return 0;
    x.addr &= x.mask;
    w = rt_shift_word(&s, end, &we);
    if (we - w == 1 && *w == '-')
        ; /* no gateway */
    else if (w != we && rt_parse_ip(w, we, &x.gw))
        ;
    else
        goto port_word;
    w = rt_shift_word(&s, end, &we);
port_word:
    if (rt_parse_int32(w, we, 0, &x.port) || (w == we && remove)) {
        if (s == end) {
            *r = x;
            return 1;
        }
    }
    return 0;
}

/* ------------------------------------------------------------------------------------------
 * Layer 2: route tables
 * ---------------------------------------------------------------------------------------- */
#define RT_DHASH_SIZE 65536u
#define RT_VPORT_LIMIT 32768u

static int rt_route_match(const ck_route *req, const ck_route *r)
{ /* Click's IPRoute::match */
    return req->addr == r->addr && req->mask == r->mask
           && (req->port < 0 || (req->gw == r->gw && req->port == r->port));
}

static int rt_nh_reserve(ck_rt *rt, uint32_t n)
{
    if (n <= rt->nh_cap)
        return 0;
    uint32_t ncap = rt->nh_cap ? rt->nh_cap : 16;
    while (ncap < n)
        ncap *= 2;
    ck_rt_nh *nn = realloc(rt->nh, ncap * sizeof *nn);
    if (!nn)
        return -ENOMEM;
    rt->nh = nn;
    rt->nh_cap = ncap;
    return 0;
}

static uint64_t rt_nh_key(uint32_t gw, int32_t port) { return ((uint64_t)gw << 32) | (uint32_t)port; }

/* Linear/Radix: the id of next hop (gw, port), made on first use. */
static int rt_nh_id(ck_rt *rt, uint32_t gw, int32_t port)
{
    ck_lpm_map_entry *e = ck_lpm_map_get(&rt->nhmap, rt_nh_key(gw, port));
    if (e)
        return (int)e->a;
    if (rt->nnh > CK_LPM_MAX_NH || rt_nh_reserve(rt, rt->nnh + 1) < 0)
        return -ENOMEM;
    if (!ck_lpm_map_put(&rt->nhmap, rt_nh_key(gw, port), rt->nnh, 0))
        return -ENOMEM;
    rt->nh[rt->nnh].gw = gw;
    rt->nh[rt->nnh].port = port;
    return (int)rt->nnh++;
}

static int rt_slot_reserve(ck_rt *rt, uint32_t n)
{
    if (n <= rt->slot_cap)
        return 0;
    uint32_t ncap = rt->slot_cap ? rt->slot_cap * 2 : 64;
    while (ncap < n)
        ncap *= 2;
    ck_route *ns = realloc(rt->slot, ncap * sizeof *ns);
    if (!ns)
        return -ENOMEM;
    rt->slot = ns;
    uint8_t *nl = realloc(rt->live, ncap);
    if (!nl)
        return -ENOMEM;
    rt->live = nl;
    int32_t *nk = realloc(rt->link, ncap * sizeof *nk);
    if (!nk)
        return -ENOMEM;
    rt->link = nk;
    rt->slot_cap = ncap;
    return 0;
}

/* DirectIPLookup's bucket function for its prefix hash table: the `table` handler lists routes
 * bucket by bucket, so the same function gives the same order.  Shifts by 32 behave as the x86
 * shift instructions Click runs on (the count is taken modulo 32). */
static uint32_t rt_direct_hash(uint32_t prefix, uint32_t len)
{
    uint32_t h = prefix ^ (len << 5) ^ ((prefix >> ((len >> 2) & 31)) - len);
    h ^= (h >> 23) ^ ((h >> 15) * len) ^ ((prefix >> 17) * 53);
    h -= (prefix >> 3) ^ ((h >> (len & 31)) * 7) ^ ((h >> 11) * 103);
    return (h ^ (h >> 17)) & (RT_DHASH_SIZE - 1);
}

static void rt_direct_reset(ck_rt *rt)
{
    for (uint32_t i = 0; i < RT_DHASH_SIZE; i++)
        rt->dhash[i] = -1;
    /* entry 0 is the default route; virtual port 0 its next hop, "discard" while unset */
    rt->de[0].prefix = 0;
    rt->de[0].plen = 0;
    rt->de[0].vport = 0;
    rt->de[0].ll_prev = -1;
    rt->de[0].ll_next = -1;
    rt->dhash[rt_direct_hash(0, 0)] = 0;
    rt->nde = 1;
    rt->de_empty = -1;
    rt->nh[0].gw = 0;
    rt->nh[0].port = -1;
    rt->vp_ref[0] = 1;
    rt->vp_size = 1;
    rt->vp_empty = -1;
    rt->nnh = 1;
    ck_lpm_map_clear(&rt->nhmap);
}

int ck_rt_init(ck_rt *rt, int kind, int noutputs)
{
    memset(rt, 0, sizeof *rt);
    rt->kind = kind;
    rt->noutputs = noutputs;
    rt->first_free = -1;
    rt->zero_route = -1;
    rt->vfree = -1;
    rt->de_empty = -1;
    rt->vp_empty = -1;
    if (ck_lpm_init(&rt->lpm) < 0 || rt_nh_reserve(rt, 16) < 0)
        goto fail;
    rt->nh[0].gw = 0;
    rt->nh[0].port = -1;
    rt->nnh = 1;
    if (kind == CK_RT_DIRECT) {
        rt->dhash = malloc(RT_DHASH_SIZE * sizeof *rt->dhash);
        rt->de = malloc(64 * sizeof *rt->de);
        rt->de_cap = 64;
        rt->vp_ref = calloc(RT_VPORT_LIMIT, sizeof *rt->vp_ref);
        rt->vp_link = calloc(RT_VPORT_LIMIT, sizeof *rt->vp_link);
        if (!rt->dhash || !rt->de || !rt->vp_ref || !rt->vp_link
            || rt_nh_reserve(rt, RT_VPORT_LIMIT) < 0)
            goto fail;
        rt_direct_reset(rt);
    }
    return 0;
fail:
    ck_rt_destroy(rt);
    return -ENOMEM;
}

void ck_rt_destroy(ck_rt *rt)
{
    ck_lpm_destroy(&rt->lpm);
    ck_lpm_map_free(&rt->nhmap);
    free(rt->nh);
    free(rt->slot);
    free(rt->live);
    free(rt->link);
    free(rt->de);
    free(rt->dhash);
    free(rt->vp_ref);
    free(rt->vp_link);
    memset(rt, 0, sizeof *rt);
}

static int rt_check_prefix(const ck_route *r, ck_rtbuf *err)
{
    if (ck_lpm_mask_len(r->mask) >= 0)
        return 0;
    if (err) {
        rt_buf_puts(err, "non-prefix mask in route '");
        ck_rt_unparse_route(err, r, 0);
        rt_buf_puts(err, "' (clickc route tables need ADDR/LEN prefixes)");
    }
    return -EINVAL;
}

/* ---- LinearIPLookup / StaticIPLookup: a vector; new routes take the first dead slot ---- */
static void rt_linear_advance_first_free(ck_rt *rt, uint32_t from)
{
    for (uint32_t i = from; i < rt->nslots; i++)
        if (!rt->live[i]) {
            rt->first_free = i;
            return;
        }
    rt->first_free = -1;
}

static uint32_t rt_linear_place(ck_rt *rt, const ck_route *r)
{ /* callers reserved room */
    uint32_t found;
    if (rt->first_free >= 0) {
        found = (uint32_t)rt->first_free;
        rt_linear_advance_first_free(rt, found + 1);
    } else
        found = rt->nslots++;
    rt->slot[found] = *r;
    rt->live[found] = 1;
    if (r->addr == 0 && r->mask == 0xffffffffu)
        rt->zero_route = found;
    return found;
}

static void rt_linear_kill(ck_rt *rt, uint32_t i)
{
    rt->live[i] = 0;
    rt->slot[i].addr = 0;
    rt->slot[i].mask = 0xffffffffu;
    rt->slot[i].gw = 0;
    rt->slot[i].port = INT32_MIN;
    if (rt->first_free < 0 || i < rt->first_free)
        rt->first_free = i;
}

static int rt_linear_add(ck_rt *rt, const ck_route *r, int set, ck_route *old)
{
    int len = ck_lpm_mask_len(r->mask);
    ck_lpm_map_entry *e = ck_lpm_find(&rt->lpm, r->addr, len);
    if (e) {
        ck_route *cur = &rt->slot[e->b];
        if (old)
            *old = *cur;
        if (!set)
            return -EEXIST;
        int nh = rt_nh_id(rt, r->gw, r->port);
        if (nh < 0)
            return nh;
        cur->gw = r->gw;
        cur->port = r->port;
        return ck_lpm_insert(&rt->lpm, r->addr, len, (uint16_t)nh, e->b) < 0 ? -ENOMEM : 0;
    }
    int nh = rt_nh_id(rt, r->gw, r->port);
    if (nh < 0)
        return nh;
    if (rt_slot_reserve(rt, rt->nslots + 1) < 0 || ck_lpm_would_exhaust(&rt->lpm, r->addr, len))
        return -ENOMEM;
    uint32_t found = rt_linear_place(rt, r);
    if (ck_lpm_insert(&rt->lpm, r->addr, len, (uint16_t)nh, found) < 0) {
        rt_linear_kill(rt, found);
        return -ENOMEM;
    }
    return 0;
}

static int rt_linear_remove(ck_rt *rt, const ck_route *req, ck_route *old)
{
    int len = ck_lpm_mask_len(req->mask);
    ck_lpm_map_entry *e = ck_lpm_find(&rt->lpm, req->addr, len);
    if (!e || !rt_route_match(req, &rt->slot[e->b]))
        return -ENOENT;
    uint32_t i = e->b;
    if (old)
        *old = rt->slot[i];
    ck_lpm_delete(&rt->lpm, req->addr, len);
    rt_linear_kill(rt, i);
    /* Click keeps the 0.0.0.0/32 route ahead of dead slots (which also look like 0.0.0.0/32):
     * when an earlier slot dies, that route moves to the first dead slot */
    if ((int64_t)i == rt->zero_route)
        rt->zero_route = -1;
    else if ((int64_t)i < rt->zero_route) {
        uint32_t z = (uint32_t)rt->zero_route;
        ck_route zr = rt->slot[z];
        rt_linear_kill(rt, z);
        uint32_t nz = rt_linear_place(rt, &zr);
        ck_lpm_find(&rt->lpm, 0, 32)->b = nz;
    }
    return 0;
}

/* ---- SortedIPLookup: LinearIPLookup's vector, re-sorted after each change ---- */
/* Route a contains route b: b's prefix lies inside a's (IPRoute::contains). */
static int rt_contains(const ck_route *a, const ck_route *b)
{
    return (b->addr & a->mask) == a->addr && (b->mask & a->mask) == a->mask;
}

/* SortedIPLookup::sort_table: live routes ordered so that each route comes before every route
 * that contains it (a breadth-first topological order started from the first route nothing
 * depends on, scanning forwards), dead slots dropped; the DIR-24-8 entries follow their
 * routes to their new slots.  Returns 0 or -ENOMEM (the table is left as it was). */
static int rt_sort(ck_rt *rt)
{
    uint32_t n = rt->nslots, nlive = 0;
    if (n == 0)
        return 0;
    int64_t *dep = calloc(n, sizeof *dep);
    uint32_t *perm = malloc(n * sizeof *perm);
    ck_route *sorted = malloc(n * sizeof *sorted);
    if (!dep || !perm || !sorted) {
        free(dep);
        free(perm);
        free(sorted);
        return -ENOMEM;
    }
    for (uint32_t i = 0; i < n; i++) {
        if (!rt->live[i]) {
            dep[i] = 1; /* never chosen */
            continue;
        }
        nlive++;
        for (uint32_t j = 0; j < n; j++)
            if (j != i && rt->live[j] && rt_contains(&rt->slot[j], &rt->slot[i]))
                dep[j]++;
    }
    uint32_t np = 0, first = 0, q = 0;
    while (np < nlive) {
        while (first < n && dep[first] != 0)
            first++;
        if (first >= n)
            break; /* cannot happen: containment between distinct prefixes is acyclic */
        perm[np++] = first;
        for (; q < np; q++) {
            uint32_t w = perm[q];
            dep[w] = -1;
            for (uint32_t i = 0; i < n; i++)
                if (dep[i] > 0 && rt->live[i] && rt_contains(&rt->slot[i], &rt->slot[w])
                    && --dep[i] == 0)
                    perm[np++] = i;
        }
    }
    for (uint32_t k = 0; k < np; k++) {
        ck_route *r = &rt->slot[perm[k]];
        sorted[k] = *r;
        ck_lpm_find(&rt->lpm, r->addr, ck_lpm_mask_len(r->mask))->b = k;
    }
    memcpy(rt->slot, sorted, np * sizeof *sorted);
    for (uint32_t k = 0; k < n; k++)
        rt->live[k] = k < np;
    rt->nslots = np;
    rt->first_free = -1;
    rt->zero_route = -1;
    for (uint32_t k = 0; k < np; k++)
        if (rt->slot[k].addr == 0 && rt->slot[k].mask == 0xffffffffu)
            rt->zero_route = k;
    free(dep);
    free(perm);
    free(sorted);
    return 0;
}

/* ---- RadixIPLookup: a vector whose dead slots form a stack reused first ---- */
static int rt_radix_add(ck_rt *rt, const ck_route *r, int set, ck_route *old)
{
    int len = ck_lpm_mask_len(r->mask);
    ck_lpm_map_entry *e = ck_lpm_find(&rt->lpm, r->addr, len);
    int64_t last = e ? (int64_t)e->b : -1;
    if (last >= 0) {
        if (old)
            *old = rt->slot[last];
        if (!set)
            return -EEXIST;
    }
    int nh = rt_nh_id(rt, r->gw, r->port);
    if (nh < 0)
        return nh;
    if (rt_slot_reserve(rt, rt->nslots + 1) < 0
        || (last < 0 && ck_lpm_would_exhaust(&rt->lpm, r->addr, len)))
        return -ENOMEM;
    uint32_t found;
    if (rt->vfree >= 0) {
        found = (uint32_t)rt->vfree;
        rt->vfree = rt->link[found];
    } else
        found = rt->nslots++;
    rt->slot[found] = *r;
    rt->live[found] = 1;
    rt->link[found] = -1;
    if (last >= 0) {
        rt->live[last] = 0;
        rt->link[last] = rt->vfree;
        rt->vfree = (int32_t)last;
    }
    ck_lpm_insert(&rt->lpm, r->addr, len, (uint16_t)nh, found);
    return 0;
}

static int rt_radix_remove(ck_rt *rt, const ck_route *req, ck_route *old)
{
    int len = ck_lpm_mask_len(req->mask);
    ck_lpm_map_entry *e = ck_lpm_find(&rt->lpm, req->addr, len);
    if (!e)
        return -ENOENT;
    uint32_t k = e->b;
    if (old)
        *old = rt->slot[k];
    if (!rt_route_match(req, &rt->slot[k]))
        return -ENOENT;
    rt->live[k] = 0;
    rt->link[k] = rt->vfree;
    rt->vfree = (int32_t)k;
    ck_lpm_delete(&rt->lpm, req->addr, len);
    return 0;
}

/* ---- DirectIPLookup: clear-text entries in hash chains, shared virtual ports ---- */
static ck_route rt_direct_route(const ck_rt *rt, int32_t i)
{
    ck_route r;
    r.addr = rt->de[i].prefix;
    r.mask = ck_lpm_mask(rt->de[i].plen);
    r.gw = rt->nh[rt->de[i].vport].gw;
    r.port = rt->nh[rt->de[i].vport].port;
    return r;
}

static void rt_vport_unref(ck_rt *rt, uint32_t v)
{
    if (--rt->vp_ref[v] == 0) {
        ck_lpm_map_entry *e = ck_lpm_map_get(&rt->nhmap, rt_nh_key(rt->nh[v].gw, rt->nh[v].port));
        if (e && e->a == v)
            ck_lpm_map_del(&rt->nhmap, e);
        rt->vp_link[v] = rt->vp_empty;
        rt->vp_empty = (int32_t)v;
    }
}

/* The virtual port for (gw, port): a live one (ports other than 0 first, as Click's list puts
 * port 0 last), else a reserved free one (taken only when the route is stored). */
static int rt_vport_find(ck_rt *rt, uint32_t gw, int32_t port, int *is_new)
{
    ck_lpm_map_entry *e = ck_lpm_map_get(&rt->nhmap, rt_nh_key(gw, port));
    *is_new = 0;
    if (e)
        return (int)e->a;
    if (rt->nh[0].gw == gw && rt->nh[0].port == port)
        return 0;
    if (rt->vp_empty < 0) {
        if (rt->vp_size >= RT_VPORT_LIMIT)
            return -ENOMEM;
        rt->vp_link[rt->vp_size] = -1;
        rt->vp_empty = (int32_t)rt->vp_size++;
    }
    *is_new = 1;
    return rt->vp_empty;
}

static int32_t rt_direct_find(const ck_rt *rt, uint32_t prefix, int plen)
{
    if (plen == 0)
        return prefix == 0 ? 0 : -1;
    ck_lpm_map_entry *e = ck_lpm_find(&rt->lpm, prefix, plen);
    return e ? (int32_t)e->b : -1;
}

static int rt_direct_add(ck_rt *rt, const ck_route *r, int set, ck_route *old)
{
    uint32_t prefix = r->addr;
    int plen = ck_lpm_mask_len(r->mask);
    int32_t i = rt_direct_find(rt, prefix, plen);
    if (i >= 0) {
        if (old && (i != 0 || rt->nh[0].port != -1))
            *old = rt_direct_route(rt, i);
        if (i == 0) { /* the default route only changes virtual port 0 */
            if (rt->nh[0].port != -1 && !set)
                return -EEXIST;
            rt->nh[0].gw = r->gw;
            rt->nh[0].port = r->port;
            return 0;
        }
        if (!set)
            return -EEXIST;
        rt_vport_unref(rt, rt->de[i].vport);
    } else {
        if (rt->de_empty < 0 && rt->nde == rt->de_cap) {
            ck_rt_dentry *nd = realloc(rt->de, 2 * rt->de_cap * sizeof *nd);
            if (!nd)
                return -ENOMEM;
            rt->de = nd;
            rt->de_cap *= 2;
        }
        if (rt->de_empty < 0) {
            rt->de[rt->nde].ll_next = -1;
            rt->de_empty = (int32_t)rt->nde++;
        }
        i = rt->de_empty;
    }
    int is_new;
    int v = rt_vport_find(rt, r->gw, r->port, &is_new);
    if (v < 0)
        return v;
    if (ck_lpm_would_exhaust(&rt->lpm, prefix, plen))
        return -ENOMEM;
    if (i == rt->de_empty) { /* link a new entry at the head of its chain */
        rt->de_empty = rt->de[i].ll_next;
        rt->de[i].prefix = prefix;
        rt->de[i].plen = (uint8_t)plen;
        uint32_t h = rt_direct_hash(prefix, (uint32_t)plen);
        rt->de[i].ll_prev = -1;
        rt->de[i].ll_next = rt->dhash[h];
        if (rt->dhash[h] >= 0)
            rt->de[rt->dhash[h]].ll_prev = i;
        rt->dhash[h] = i;
    }
    if (is_new) {
        rt->vp_empty = rt->vp_link[v];
        rt->vp_ref[v] = 0;
        rt->nh[v].gw = r->gw;
        rt->nh[v].port = r->port;
        if (!ck_lpm_map_put(&rt->nhmap, rt_nh_key(r->gw, r->port), (uint32_t)v, 0))
            return -ENOMEM;
        if ((uint32_t)v >= rt->nnh)
            rt->nnh = (uint32_t)v + 1;
    }
    rt->vp_ref[v]++;
    rt->de[i].vport = (uint16_t)v;
    /* virtual port 0 is lookup id 0, what lookups outside every stored prefix also give:
     * routes sharing it follow the default route's changes, as in Click */
    int rc = ck_lpm_insert(&rt->lpm, prefix, plen, (uint16_t)v, (uint32_t)i);
    return rc < 0 ? rc : 0;
}

static int rt_direct_remove(ck_rt *rt, const ck_route *req, ck_route *old)
{
    uint32_t prefix = req->addr;
    int plen = ck_lpm_mask_len(req->mask);
    int32_t i = rt_direct_find(rt, prefix, plen);
    if (i < 0 || (i == 0 && rt->nh[0].port == -1))
        return -ENOENT;
    ck_route found = rt_direct_route(rt, i);
    if (!rt_route_match(req, &found))
        return -ENOENT;
    if (old)
        *old = found;
    if (plen == 0) { /* the default route stays in place, pointing at "discard" */
        rt->nh[0].port = -1;
        return 0;
    }
    rt_vport_unref(rt, rt->de[i].vport);
    int32_t prev = rt->de[i].ll_prev, next = rt->de[i].ll_next;
    if (prev >= 0)
        rt->de[prev].ll_next = next;
    else
        rt->dhash[rt_direct_hash(prefix, (uint32_t)plen)] = next;
    if (next >= 0)
        rt->de[next].ll_prev = prev;
    rt->de[i].ll_next = rt->de_empty;
    rt->de_empty = i;
    ck_lpm_delete(&rt->lpm, prefix, plen);
    return 0;
}

/* ---- dispatch ---- */
int ck_rt_add(ck_rt *rt, const ck_route *r, int set, ck_route *old, ck_rtbuf *err)
{
    if (rt->kind == CK_RT_STATIC && rt->initialized) {
        if (err)
            rt_buf_puts(err, "can't add routes dynamically");
        return -EPERM;
    }
    if (rt_check_prefix(r, err) < 0)
        return -EINVAL;
    switch (rt->kind) {
    case CK_RT_RADIX:
        return rt_radix_add(rt, r, set, old);
    case CK_RT_DIRECT:
        return rt_direct_add(rt, r, set, old);
    case CK_RT_SORTED: {
        int rc = rt_linear_add(rt, r, set, old);
        return rc < 0 ? rc : rt_sort(rt);
    }
    default:
        return rt_linear_add(rt, r, set, old);
    }
}

int ck_rt_remove(ck_rt *rt, const ck_route *r, ck_route *old, ck_rtbuf *err)
{
    if (rt->kind == CK_RT_STATIC && rt->initialized) {
        if (err)
            rt_buf_puts(err, "can't remove routes dynamically");
        return -EPERM;
    }
    if (ck_lpm_mask_len(r->mask) < 0)
        return -ENOENT;
    switch (rt->kind) {
    case CK_RT_RADIX:
        return rt_radix_remove(rt, r, old);
    case CK_RT_DIRECT:
        return rt_direct_remove(rt, r, old);
    case CK_RT_SORTED: {
        int rc = rt_linear_remove(rt, r, old);
        return rc < 0 ? rc : rt_sort(rt);
    }
    default:
        return rt_linear_remove(rt, r, old);
    }
}

void ck_rt_flush(ck_rt *rt)
{
    ck_lpm_flush(&rt->lpm);
    rt->nslots = 0;
    rt->first_free = -1;
    rt->zero_route = -1;
    rt->vfree = -1;
    if (rt->kind == CK_RT_DIRECT)
        rt_direct_reset(rt);
}

void ck_rt_table(ck_rt *rt, ck_rtbuf *out)
{
    ck_rtbuf_str(out);
    if (rt->kind == CK_RT_DIRECT) {
        for (uint32_t h = 0; h < RT_DHASH_SIZE; h++)
            for (int32_t i = rt->dhash[h]; i >= 0; i = rt->de[i].ll_next) {
                ck_route r = rt_direct_route(rt, i);
                if (r.port != -1) {
                    ck_rt_unparse_route(out, &r, 1);
                    ck_rtbuf_append(out, "\n", 1);
                }
            }
        return;
    }
    for (uint32_t i = 0; i < rt->nslots; i++)
        if (rt->live[i]) {
            ck_rt_unparse_route(out, &rt->slot[i], 1);
            ck_rtbuf_append(out, "\n", 1);
        }
}

static uint32_t rt_be32(const unsigned char *p)
{
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}

static void rt_report(ck_rtbuf *err, const char *what, const ck_route *r)
{
    if (!err)
        return;
    rt_buf_puts(err, what);
    rt_buf_puts(err, " '");
    ck_rt_unparse_route(err, r, 0);
    rt_buf_puts(err, "'");
}

/* How many routes ahead a bulk load prefetches (ck_lpm_prefetch): enough to overlap the
 * cache misses of a route's prefix-set probe and first-level entries with the work of the
 * routes between. */
#define RT_PREFETCH_AHEAD 8

int ck_rt_load_packed(ck_rt *rt, const unsigned char *packed, size_t nroutes, ck_rtbuf *err)
{
    int lpm = rt->kind == CK_RT_RADIX;
    if (lpm && nroutes <= UINT32_MAX)
        (void)ck_lpm_reserve(&rt->lpm, (uint32_t)nroutes); /* else it grows as it goes */
    for (size_t i = 0; i < nroutes; i++) {
        const unsigned char *p = packed + 16 * i;
        if (lpm && i + RT_PREFETCH_AHEAD < nroutes) {
            const unsigned char *q = p + 16 * RT_PREFETCH_AHEAD;
            ck_lpm_prefetch(&rt->lpm, rt_be32(q), ck_lpm_mask_len(rt_be32(q + 4)));
        }
        ck_route r = {rt_be32(p), rt_be32(p + 4), rt_be32(p + 8), (int32_t)rt_be32(p + 12)};
        int rc = ck_rt_add(rt, &r, 0, NULL, err);
        if (rc == -ENOMEM) {
            rt_report(err, "no memory to store route", &r);
            return rc;
        }
        if (rc < 0 && rc != -EEXIST)
            return rc;
    }
    return 0;
}

int ck_rt_load_routes(ck_rt *rt, const ck_route *routes, size_t nroutes, ck_rtbuf *err)
{
    for (size_t i = 0; i < nroutes; i++) {
        int rc = ck_rt_add(rt, &routes[i], 0, NULL, err);
        if (rc == -ENOMEM) {
            rt_report(err, "no memory to store route", &routes[i]);
            return rc;
        }
        if (rc < 0 && rc != -EEXIST)
            return rc;
    }
    return 0;
}

int ck_rt_should_complain(int kind)
{
    static int linear_complained, table_complained;
    if (kind == CK_RT_DIRECT)
        return 0;
    int *c = (kind == CK_RT_RADIX) ? &table_complained : &linear_complained;
    return ++*c <= 5;
}

/* Split a configuration string into arguments as Click's cp_argvec does: commas outside
 * quotes and comments separate arguments; comments become one space; leading and trailing
 * space is dropped; an empty last argument is dropped.  Calls fn(st, text, length, number). */
static int rt_for_each_arg(const char *conf, int (*fn)(void *, const char *, size_t, int), void *st)
{
    const char *begin = conf, *end = conf + strlen(conf);
    int argno = 0, rc = 0;
    ck_rtbuf a;
    ck_rtbuf_init(&a);
    for (const char *pos = begin; pos < end; pos++) {
        const char *s = rt_skip_comment_space(pos, end);
        const char *left = s, *right = s;
        int closed = 0;
        ck_rtbuf_clear(&a);
        ck_rtbuf_str(&a);
        while (s < end) {
            if (isspace((unsigned char)*s))
                s++;
            else if (*s == '/' && s + 1 < end && (s[1] == '/' || s[1] == '*')) {
                s = rt_skip_comment(s, end);
                closed = 1;
            } else if (*s == ',')
                break;
            else {
                if (closed) {
                    ck_rtbuf_append(&a, left, (size_t)(right - left));
                    ck_rtbuf_append(&a, " ", 1);
                    left = s;
                    closed = 0;
                }
                if (*s == '\'' || *s == '"') {
                    char q = *s;
                    for (s++; s < end && *s != q; s++)
                        if (q == '"' && *s == '\\' && s + 1 < end)
                            s++;
                    s = s < end ? s + 1 : end;
                } else
                    s++;
                right = s;
            }
        }
        ck_rtbuf_append(&a, left, (size_t)(right - left));
        pos = s;
        argno++;
        if (a.len || pos < end) {
            int r = fn(st, a.s, a.len, argno);
            if (r < 0)
                rc = r;
        }
    }
    ck_rtbuf_free(&a);
    return rc;
}

struct conf_state {
    ck_rt *rt;
    ck_rtbuf *msgs;
    int eexist;
};

static int rt_conf_one(void *vst, const char *s, size_t n, int argno)
{
    struct conf_state *st = vst;
    ck_route r;
    char tmp[96];
    if (!ck_rt_parse_route(s, n, &r, 0)) {
        snprintf(tmp, sizeof tmp, "argument %d should be 'ADDR/MASK [GATEWAY] OUTPUT'\n", argno);
        rt_buf_puts(st->msgs, tmp);
        return -EINVAL;
    }
    if (r.port < 0 || r.port >= st->rt->noutputs) {
        snprintf(tmp, sizeof tmp, "argument %d bad OUTPUT\n", argno);
        rt_buf_puts(st->msgs, tmp);
        return -EINVAL;
    }
    if (ck_lpm_mask_len(r.mask) < 0) {
        snprintf(tmp, sizeof tmp, "argument %d: ", argno);
        rt_buf_puts(st->msgs, tmp);
        rt_check_prefix(&r, st->msgs);
        rt_buf_puts(st->msgs, "\n");
        return -EINVAL;
    }
    ck_rtbuf e;
    ck_rtbuf_init(&e);
    int rc = ck_rt_add(st->rt, &r, 0, NULL, &e);
    if (rc == -EEXIST)
        st->eexist++;
    else if (rc < 0) {
        if (!e.len)
            rt_report(&e, "no memory to store route", &r);
        ck_rtbuf_append(st->msgs, e.s, e.len);
        rt_buf_puts(st->msgs, "\n");
    }
    ck_rtbuf_free(&e);
    return rc == -EEXIST ? 0 : rc;
}

int ck_rt_configure(ck_rt *rt, const char *conf, ck_rtbuf *msgs)
{
    struct conf_state st = {rt, msgs, 0};
    int rc = rt_for_each_arg(conf, rt_conf_one, &st);
    if (st.eexist) {
        char tmp[80];
        snprintf(tmp, sizeof tmp, "warning: %d %s replaced by later versions\n", st.eexist,
                 st.eexist > 1 ? "routes" : "route");
        rt_buf_puts(msgs, tmp);
    }
    return rc < 0 ? -EINVAL : 0;
}

/* ---- handlers ---- */
typedef struct rt_undo_entry {
    ck_route r;
    int cmd;
} rt_undo_entry;

typedef struct rt_undo_log {
    rt_undo_entry *e;
    size_t n, cap;
} rt_undo_log;

static int rt_run_command(ck_rt *rt, int cmd, const char *s, size_t n, rt_undo_log *undo, ck_rtbuf *err)
{
    ck_route r, old = {0, 0, 0, -1};
    if (!ck_rt_parse_route(s, n, &r, cmd == CK_RT_CMD_REMOVE)) {
        rt_buf_puts(err, cmd == CK_RT_CMD_REMOVE ? "expected 'ADDR/MASK [GATEWAY OUTPUT]'"
                                              : "expected 'ADDR/MASK [GATEWAY] OUTPUT'");
        return -EINVAL;
    }
    if (r.port < (cmd == CK_RT_CMD_REMOVE ? -1 : 0) || r.port >= rt->noutputs) {
        rt_buf_puts(err, "bad OUTPUT");
        return -EINVAL;
    }
    size_t before = err->len;
    int rc;
    if (cmd == CK_RT_CMD_REMOVE)
        rc = ck_rt_remove(rt, &r, &old, err);
    else
        rc = ck_rt_add(rt, &r, cmd == CK_RT_CMD_SET, &old, err);
    if (rc >= 0 && undo) {
        if (undo->n == undo->cap) {
            size_t nc = undo->cap ? undo->cap * 2 : 8;
            rt_undo_entry *ne = realloc(undo->e, nc * sizeof *ne);
            if (!ne)
                abort();
            undo->e = ne;
            undo->cap = nc;
        }
        rt_undo_entry *u = &undo->e[undo->n++];
        if (old.port < 0) {
            u->r = r;
            u->cmd = CK_RT_CMD_ADD;
        } else {
            u->r = old;
            u->cmd = cmd;
        }
    }
    if (err->len == before) {
        if (rc == -EEXIST)
            rt_report(err, "conflict with existing route", &old);
        else if (rc == -ENOENT)
            rt_report(err, "route", &r), rt_buf_puts(err, " not found");
        else if (rc == -ENOMEM)
            rt_report(err, "no memory to store route", &r);
    }
    return rc < 0 ? rc : 0;
}

int ck_rt_command(ck_rt *rt, int cmd, const char *value, ck_rtbuf *err)
{
    return rt_run_command(rt, cmd, value, strlen(value), NULL, err);
}

int ck_rt_ctrl(ck_rt *rt, const char *value, ck_rtbuf *err)
{
    const char *s = value, *end = value + strlen(value);
    rt_undo_log undo = {NULL, 0, 0};
    int rc = 0;
    while (s < end) {
        const char *nl = memchr(s, '\n', (size_t)(end - s));
        if (!nl)
            nl = end;
        const char *p = s, *we;
        const char *w = rt_shift_word(&p, nl, &we);
        size_t wl = (size_t)(we - w);
        int cmd;
        if (wl == 3 && memcmp(w, "add", 3) == 0)
            cmd = CK_RT_CMD_ADD;
        else if (wl == 6 && memcmp(w, "remove", 6) == 0)
            cmd = CK_RT_CMD_REMOVE;
        else if (wl == 3 && memcmp(w, "set", 3) == 0)
            cmd = CK_RT_CMD_SET;
        else if (wl == 0) {
            s = nl + 1;
            continue;
        } else {
            rt_buf_puts(err, "bad command '");
            ck_rtbuf_append(err, w, wl);
            rt_buf_puts(err, "'");
            rc = -EINVAL;
            goto rollback;
        }
        if ((rc = rt_run_command(rt, cmd, p, (size_t)(nl - p), &undo, err)) < 0)
            goto rollback;
        s = nl + 1;
    }
    free(undo.e);
    return 0;
rollback:
    while (undo.n) {
        rt_undo_entry *u = &undo.e[--undo.n];
        if (u->cmd == CK_RT_CMD_REMOVE)
            ck_rt_add(rt, &u->r, 0, NULL, NULL);
        else if (u->cmd == CK_RT_CMD_ADD)
            ck_rt_remove(rt, &u->r, NULL, NULL);
        else
            ck_rt_add(rt, &u->r, 1, NULL, NULL);
    }
    free(undo.e);
    return rc;
}

int ck_rt_lookup_handler(ck_rt *rt, const char *param, ck_rtbuf *out, ck_rtbuf *err)
{
    uint32_t a, gw;
    if (!rt_parse_ip(param, param + strlen(param), &a)) {
        rt_buf_puts(err, "expected IP address");
        return -EINVAL;
    }
    int32_t port = ck_rt_lookup(rt, a, &gw);
    rt_buf_int(out, port);
    if (gw) {
        ck_rtbuf_append(out, " ", 1);
        rt_buf_ip(out, gw);
    }
    return 0;
}

/* A burst of lookups (routetable.h). */
void ck_rt_lookup_bulk(const ck_rt *rt, const uint32_t *addrs, int32_t *ports, uint32_t *gws,
                       unsigned n)
{
    enum { CHUNK = 64 };
    uint16_t ids[CHUNK];
    for (unsigned base = 0; base < n; base += CHUNK) {
        unsigned m = n - base < CHUNK ? n - base : CHUNK;
        ck_lpm_lookup_bulk(&rt->lpm, addrs + base, ids, m);
        for (unsigned i = 0; i < m; i++) {
            const ck_rt_nh *h = &rt->nh[ids[i]];
            ports[base + i] = h->port;
            if (gws)
                gws[base + i] = h->gw;
        }
    }
}

#endif /* CLICKC_ROUTETABLE_C */
