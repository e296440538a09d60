/* LookupIP6Route(DST/MASK [GW] OUTPUT, ...): IPv6 route lookup on the destination IPv6
 * annotation (Click's elements/ip6/lookupip6route.cc over lib/ip6table.cc).
 *
 * The table is Click's IP6Table: a vector of entries (network = DST & MASK, mask, gateway,
 * output, valid); a lookup scans it for the valid entry with the most specific matching mask
 * (the later of equal ones).  The routes of the configuration are compiled by the custom
 * parser (clickc.elements.parsers:ip6_route_table) into ELEM(conf_routes), emitted before
 * this file.  A route whose gateway is not :: sets the annotation to the gateway; the packet
 * leaves on the route's output; a packet without a route is dropped ("no route").
 *
 * Like Click, the element remembers the last address looked up (not ::) and its result, and
 * answers the same address from it without a lookup -- also after add/remove handlers changed
 * the table, as Click's does.
 *
 * Handlers (Click's IP6RouteTable): add "PREFIX [GATEWAY] PORT", remove "PREFIX",
 * ctrl "add ..." / "remove ...", table (Click's IP6Table::dump: "# Active routes" then
 * "NET/LEN<TAB>GW<TAB>PORT" lines).
 *
 * Concurrency (docs/concurrency.md): with ELEMENT_NTHREADS > 1 the table and the last-address
 * cache are shared state: lookups and handlers run under one per-instance lock, released
 * before the packet is pushed on. */
#include "ip6/ckip6.h"
#include "standard/ckstat.h"

typedef struct ELEM(route) {
    unsigned char dst[16], mask[16], gw[16];
    int port, len, valid;
} ELEM(route);

static ELEM(route) *ELEM(v);
static int ELEM(n), ELEM(cap);
static unsigned char ELEM(last_addr)[16], ELEM(last_gw)[16];
static int ELEM(last_output);
static CK_UNUSED ck_elem_lock ELEM(lock);

/* IP6Table::del */
static void ELEM(del)(const unsigned char *dst, const unsigned char *mask)
{
    unsigned char net[16];
    for (int i = 0; i < 16; i++)
        net[i] = dst[i] & mask[i];
    for (int i = 0; i < ELEM(n); i++)
        if (ELEM(v)[i].valid && memcmp(ELEM(v)[i].dst, net, 16) == 0
            && memcmp(ELEM(v)[i].mask, mask, 16) == 0)
            ELEM(v)[i].valid = 0;
}

/* IP6Table::add: replaces a route to the same network, fills the first invalid slot */
static int ELEM(add)(const unsigned char *dst, const unsigned char *mask,
                     const unsigned char *gw, int port)
{
    ELEM(route) e;
    for (int i = 0; i < 16; i++)
        e.dst[i] = dst[i] & mask[i];
    memcpy(e.mask, mask, 16);
    memcpy(e.gw, gw, 16);
    e.port = port;
    e.len = ck_ip6_mask_len(mask);
    e.valid = 1;
    ELEM(del)(dst, mask);
    for (int i = 0; i < ELEM(n); i++)
        if (!ELEM(v)[i].valid) {
            ELEM(v)[i] = e;
            return 0;
        }
    if (ELEM(n) == ELEM(cap)) {
        int ncap = ELEM(cap) ? 2 * ELEM(cap) : 16;
        ELEM(route) *nv = realloc(ELEM(v), (size_t)ncap * sizeof *nv);
        if (!nv)
            return -1;
        ELEM(v) = nv;
        ELEM(cap) = ncap;
    }
    ELEM(v)[ELEM(n)++] = e;
    return 0;
}

/* IP6Table::lookup: index of the best route for a, or -1 */
static int ELEM(lookup)(const unsigned char *a)
{
    int best = -1;
    for (int i = 0; i < ELEM(n); i++) {
        const ELEM(route) *e = &ELEM(v)[i];
        if (e->valid && ck_ip6_matches(a, e->dst, e->mask)
            && (best < 0 || e->len >= ELEM(v)[best].len))
            best = i;
    }
    return best;
}

static int
ELEM(init)(ck_errh *errh)
{
    for (int i = 0; i < ELEM(conf_routes_n); i++)
        if (ELEM(add)(ELEM(conf_routes)[i].addr, ELEM(conf_routes)[i].mask,
                      ELEM(conf_routes)[i].gw, ELEM(conf_routes)[i].port) < 0)
            return ck_error(errh, "out of memory");
    memset(ELEM(last_addr), 0, 16);
    return 0;
}

static void
ELEM(cleanup)(void)
{
    free(ELEM(v));
    ELEM(v) = NULL;
    ELEM(n) = ELEM(cap) = 0;
}

static void
ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    unsigned char a[16];
    int out;
    memcpy(a, ck_dst_ip6_anno(p), 16);
    CK_ELEMENT_LOCK(ELEM(lock));
    if (!ck_ip6_is_zero(a) && memcmp(a, ELEM(last_addr), 16) == 0) {
        if (!ck_ip6_is_zero(ELEM(last_gw)))
            ck_set_dst_ip6_anno(p, ELEM(last_gw));
        out = ELEM(last_output);
    } else {
        int r = ELEM(lookup)(a);
        if (r < 0) {
            CK_ELEMENT_UNLOCK(ELEM(lock));
            ck_drop(p, ELEMENT_INDEX, "no route");
            return;
        }
        memcpy(ELEM(last_addr), a, 16);
        memcpy(ELEM(last_gw), ELEM(v)[r].gw, 16);
        out = ELEM(last_output) = ELEM(v)[r].port;
        if (!ck_ip6_is_zero(ELEM(v)[r].gw))
            ck_set_dst_ip6_anno(p, ELEM(v)[r].gw);
    }
    CK_ELEMENT_UNLOCK(ELEM(lock));
    OUTPUT(out, p);
}

/* the next space-separated word of *s (length in *n), or NULL */
static const char *ELEM(word)(const char **s, size_t *n)
{
    const char *p = *s;
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' || *p == '\f' || *p == '\v')
        p++;
    if (!*p)
        return NULL;
    const char *q = p;
    while (*q && !(*q == ' ' || *q == '\t' || *q == '\n' || *q == '\r' || *q == '\f' || *q == '\v'))
        q++;
    *n = (size_t)(q - p);
    *s = q;
    return p;
}

/* Split s into up to max words; returns the number of words (more than max when there are). */
static int ELEM(words)(const char *s, const char **w, size_t *wn, int max)
{
    int nw = 0;
    const char *p;
    size_t n;
    while ((p = ELEM(word)(&s, &n)) != NULL) {
        if (nw < max) {
            w[nw] = p;
            wn[nw] = n;
        }
        nw++;
    }
    return nw;
}

/* Click's IntArg for an int: 0, or -1 after reporting "KEY: invalid number" / out of range */
static int ELEM(parse_port)(const char *w, size_t n, int *port, ck_errh *errh)
{
    char num[64];
    int64_t v;
    if (n >= sizeof num)
        n = sizeof num - 1;
    memcpy(num, w, n);
    num[n] = 0;
    if (ck_parse_int64(num, &v) < 0) {
        const char *d = num + (num[0] == '-' || num[0] == '+');
        if (*d && strspn(d, "0123456789") == strlen(d))
            return ck_error(errh, "PORT: out of range, bound %s",
                            num[0] == '-' ? "-2147483648" : "2147483647");
        return ck_error(errh, "PORT: invalid number");
    }
    if (v > INT32_MAX || v < INT32_MIN)
        return ck_error(errh, "PORT: out of range, bound %s",
                        v < 0 ? "-2147483648" : "2147483647");
    *port = (int)v;
    return 0;
}

/* IP6RouteTable::add_route_handler: "PREFIX PORT" or "PREFIX GATEWAY PORT", with Click's
 * Args messages (each argument's error, then "too many arguments") */
static int ELEM(handle_add)(const char *s, ck_errh *errh)
{
    const char *w[3];
    size_t wn[3];
    int nw = ELEM(words)(s, w, wn, 3);
    unsigned char dst[16], mask[16], gw[16] = {0};
    int port = 0, bad = 0;
    if (nw < 1)
        bad |= ck_error(errh, "PREFIX: required argument missing");
    else if (ck_ip6_prefix_parse_n(w[0], wn[0], 1, dst, mask) < 0)
        bad |= ck_error(errh, "PREFIX: parse error");
    if (nw == 2) {
        bad |= ELEM(parse_port)(w[1], wn[1], &port, errh);
    } else {
        if (nw < 2)
            bad |= ck_error(errh, "GATEWAY: required argument missing");
        else if (ck_ip6_parse_n(w[1], wn[1], gw) < 0)
            bad |= ck_error(errh, "GATEWAY: parse error");
        if (nw < 3)
            bad |= ck_error(errh, "PORT: required argument missing");
        else
            bad |= ELEM(parse_port)(w[2], wn[2], &port, errh);
        if (nw > 3)
            bad |= ck_error(errh, "too many arguments");
    }
    if (bad)
        return -1;
    if (port < 0 || port >= NOUTPUTS)
        return ck_error(errh, "output port out of range");
    CK_ELEMENT_LOCK(ELEM(lock));
    int rc = ELEM(add)(dst, mask, gw, port);
    CK_ELEMENT_UNLOCK(ELEM(lock));
    return rc < 0 ? ck_error(errh, "out of memory") : 0;
}

/* IP6RouteTable::remove_route_handler: "PREFIX" */
static int ELEM(handle_remove)(const char *s, ck_errh *errh)
{
    const char *w[1];
    size_t wn[1];
    int nw = ELEM(words)(s, w, wn, 1), bad = 0;
    unsigned char dst[16], mask[16];
    if (nw < 1)
        bad |= ck_error(errh, "PREFIX: required argument missing");
    else if (ck_ip6_prefix_parse_n(w[0], wn[0], 1, dst, mask) < 0)
        bad |= ck_error(errh, "PREFIX: parse error");
    if (nw > 1)
        bad |= ck_error(errh, "too many arguments");
    if (bad)
        return -1;
    CK_ELEMENT_LOCK(ELEM(lock));
    ELEM(del)(dst, mask);
    CK_ELEMENT_UNLOCK(ELEM(lock));
    return 0;
}

static CK_UNUSED int ELEM(write_add)(const char *value, ck_errh *errh)
{
    return ELEM(handle_add)(value, errh);
}

static CK_UNUSED int ELEM(write_remove)(const char *value, ck_errh *errh)
{
    return ELEM(handle_remove)(value, errh);
}

static CK_UNUSED int ELEM(write_ctrl)(const char *value, ck_errh *errh)
{
    const char *c = value;
    size_t n;
    const char *w = ELEM(word)(&c, &n);
    if (w && n == 3 && memcmp(w, "add", 3) == 0)
        return ELEM(handle_add)(c, errh);
    if (w && n == 6 && memcmp(w, "remove", 6) == 0)
        return ELEM(handle_remove)(c, errh);
    return ck_error(errh, "bad command, should be `add' or `remove'");
}

static CK_UNUSED int ELEM(read_table)(ck_buf *out)
{
    CK_ELEMENT_LOCK(ELEM(lock));
    if (ELEM(n))
        ck_buf_puts(out, "# Active routes\n");
    for (int i = 0; i < ELEM(n); i++) {
        const ELEM(route) *e = &ELEM(v)[i];
        if (!e->valid)
            continue;
        ck_buf_ip6(out, e->dst);
        ck_buf_printf(out, "/%d\t", e->len);
        ck_buf_ip6(out, e->gw);
        ck_buf_printf(out, "\t%d\n", e->port);
    }
    CK_ELEMENT_UNLOCK(ELEM(lock));
    return 0;
}
