/* The body shared by the route-lookup element templates (StaticIPLookup, LinearIPLookup,
 * RadixIPLookup, DirectIPLookup): Click's IPRouteTable initialization, push path and read
 * handlers on a ck_rt (ip/routetable.h, whose implementation it includes once per router). Included once per element instance by each class's
 * template, which first defines RT_KIND (CK_RT_STATIC, CK_RT_LINEAR, ...) and optionally
 * RT_NO_ROUTE (the name Click prints in "NAME: no route for A.B.C.D", at most five times) or
 * RT_NO_GW (SortedIPLookup's "NAME: no gw for HEX", every time). Classes with write
 * handlers also include iproutetable_write.h. No include guard: each instance needs a copy. */
#include "ip/routetable.h"
#include "ip/routetable.c" /* once per router: it has its own guard */
static ck_rt ELEM(rt);
/* RT_TABLE: the table this instance answers from.  A flow-split replica that shares its first
 * replica's table (the backend defines ELEMENT_STATE_OF(sym) as that replica's ELEM(sym);
 * docs/c-interface.md "Replicas that share state") neither builds nor frees one: the table is
 * read-only on the packet path, its handlers' edits reach every replica at once, and -j N
 * holds one copy of a large table instead of N (docs/route-lookup.md). */
#undef RT_TABLE
#undef RT_SHARED
#ifdef ELEMENT_STATE_OF
#define RT_TABLE ELEMENT_STATE_OF(rt)
#define RT_SHARED 1
#else
#define RT_TABLE ELEM(rt)
#define RT_SHARED 0
#endif

static int
ELEM(init)(ck_errh *errh)
{
    if (RT_SHARED) /* the first replica (initialized before this one) builds the table */
        return 0;
    if (ck_rt_init(&ELEM(rt), RT_KIND, NOUTPUTS) < 0)
        return ck_error(errh, "out of memory");
    ck_rtbuf msgs;
    ck_rtbuf_init(&msgs);
    int rc;
#ifdef CK_RT_COMPILED
    rc = ck_rt_load_packed(&ELEM(rt), ELEM(routes), CK_RT_NROUTES, &msgs);
#undef CK_RT_COMPILED
#undef CK_RT_NROUTES
#else
    rc = ck_rt_configure(&ELEM(rt), ck_current_router->elements[ELEMENT_INDEX].config, &msgs);
#endif
    /* report each message line (configure errors, the duplicate-route warning) */
    const char *s = ck_rtbuf_str(&msgs);
    while (*s) {
        size_t n = strcspn(s, "\n");
        if (strncmp(s, "warning: ", 9) == 0)
            ck_warning(errh, "%.*s", (int)(n - 9), s + 9);
        else
            ck_error(errh, "%.*s", (int)n, s);
        s += n + (s[n] == '\n');
    }
    ck_rtbuf_free(&msgs);
    ELEM(rt).initialized = 1;
    return rc < 0 ? -1 : 0;
}

static void
ELEM(cleanup)(void)
{
    if (!RT_SHARED) /* the first replica frees the shared table */
        ck_rt_destroy(&ELEM(rt));
}

#ifdef CK_HOT
/* clickc run -R (ElementSpec.hot, docs/reconfiguration.md): when the element's configuration is
 * unchanged, the predecessor's table moves whole, with the routes its handlers added, set or
 * removed; a changed configuration's table is the new configuration's.  The threads are
 * stopped. */
static CK_UNUSED int ELEM(hot_take)(const ck_hot_elem *old, ck_errh *errh)
{
    (void)errh;
    if (RT_SHARED) /* the first replica takes the table it shares */
        return 0;
    const char *oc = ck_hot_config_of(old);
    const char *nc = ck_current_router->elements[ELEMENT_INDEX].config;
    ck_rt *ort = ck_hot_var_ptr(old, "rt", sizeof ELEM(rt));
    if (!ort || !oc || !nc || strcmp(oc, nc) != 0 || ort->kind != ELEM(rt).kind ||
        ort->noutputs != ELEM(rt).noutputs)
        return 0;
    ck_rt_destroy(&ELEM(rt));
    memcpy(&ELEM(rt), ort, sizeof ELEM(rt));
    memset(ort, 0, sizeof *ort);
    return 0;
}
#endif

static inline uint32_t
ELEM(dst)(const ck_packet *p)
{
    const unsigned char *a = p->anno + DST_IP_ANNO_OFFSET;
    return ((uint32_t)a[0] << 24) | ((uint32_t)a[1] << 16) | ((uint32_t)a[2] << 8) | a[3];
}

/* Send p on after its lookup: out (negative: no route) and gw as ck_rt_lookup returned them
 * for dst. */
static inline void
ELEM(forward)(ck_packet *p, uint32_t dst, int32_t out, uint32_t gw)
{
    if (CK_LIKELY(out >= 0)) {
        if (gw) {
            unsigned char *w = p->anno + DST_IP_ANNO_OFFSET;
            w[0] = (unsigned char)(gw >> 24);
            w[1] = (unsigned char)(gw >> 16);
            w[2] = (unsigned char)(gw >> 8);
            w[3] = (unsigned char)gw;
        }
        OUTPUT(out, p);
        return;
    }
#if defined(RT_NO_GW)
    /* every time, the address as Click's IPAddress::addr() (network byte order) in hex */
    unsigned char ab[4] = {(unsigned char)(dst >> 24), (unsigned char)(dst >> 16),
                           (unsigned char)(dst >> 8), (unsigned char)dst};
    uint32_t raw;
    memcpy(&raw, ab, sizeof raw);
    ck_chatter(RT_NO_GW ": no gw for %x", (unsigned)raw);
#elif defined(RT_NO_ROUTE)
    if (ck_rt_should_complain(RT_KIND))
        ck_chatter(RT_NO_ROUTE ": no route for %u.%u.%u.%u", dst >> 24, (dst >> 16) & 255u,
                   (dst >> 8) & 255u, dst & 255u);
#else
    (void)dst;
#endif
    ck_drop(p, ELEMENT_INDEX, "no route");
}

/* (unused in a vector region that reaches the element only through push_vector) */
static CK_UNUSED void
ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    uint32_t dst = ELEM(dst)(p), gw;
    int32_t out = ck_rt_lookup(&RT_TABLE, dst, &gw);
    ELEM(forward)(p, dst, out, gw);
}

/* Vector mode (docs/batching.md "Vector mode"): v[0..n-1] (n >= 0) arrive on input `port`;
 * their lookups go to ck_rt_lookup_bulk together (in chunks of 64), so the table's cache
 * misses overlap, then each packet is sent on in order exactly as push would send it. */
static CK_UNUSED void
ELEM(push_vector)(int port, ck_packet **v, int n)
{
    (void)port;
    enum { CHUNK = 64 };
    uint32_t dst[CHUNK], gw[CHUNK];
    int32_t out[CHUNK];
    for (int base = 0; base < n; base += CHUNK) {
        int m = n - base < CHUNK ? n - base : CHUNK;
        for (int i = 0; i < m; i++)
            dst[i] = ELEM(dst)(v[base + i]);
        ck_rt_lookup_bulk(&RT_TABLE, dst, out, gw, (unsigned)m);
        for (int i = 0; i < m; i++)
            ELEM(forward)(v[base + i], dst[i], out[i], gw[i]);
    }
}

/* Handlers: Click's IPRouteTable handlers (table_handler, lookup_handler, run_command ...). */
static CK_UNUSED void
ELEM(copy_out)(ck_buf *out, ck_rtbuf *b)
{
    ck_buf_append(out, ck_rtbuf_str(b), b->len);
    ck_rtbuf_free(b);
}

static CK_UNUSED int
ELEM(read_table)(ck_buf *out)
{
    ck_rtbuf b;
    ck_rtbuf_init(&b);
    ck_rt_table(&RT_TABLE, &b);
    ELEM(copy_out)(out, &b);
    return 0;
}

/* A read handler with a parameter, as Click's lookup handler: the buffer holds the address on
 * entry and the answer ("PORT" or "PORT GW") on return; a bad address leaves Click's message
 * "expected IP address" in the buffer and returns -EINVAL. */
static CK_UNUSED int
ELEM(read_lookup)(ck_buf *out)
{
    ck_rtbuf b, err;
    ck_rtbuf_init(&b);
    ck_rtbuf_init(&err);
    char param[64];
    size_t n = out->len < sizeof param - 1 ? out->len : sizeof param - 1;
    memcpy(param, out->s ? out->s : "", n);
    param[n] = '\0';
    if (out->len >= sizeof param - 1)
        param[0] = '\0';
    int rc = ck_rt_lookup_handler(&RT_TABLE, param, &b, &err);
    ck_buf_clear(out);
    if (rc < 0) {
        ELEM(copy_out)(out, &err);
        ck_rtbuf_free(&b);
        return rc;
    }
    ck_rtbuf_free(&err);
    ELEM(copy_out)(out, &b);
    return 0;
}

#undef RT_KIND
#undef RT_NO_ROUTE
#undef RT_NO_GW
