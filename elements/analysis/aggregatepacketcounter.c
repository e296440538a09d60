/* AggregatePacketCounter([NOTIFIER, ANNO]): Click's elements/analysis/aggpktcounter.cc.
 * Counts, per value of the AGGREGATE annotation (host byte order; 0 is not an aggregate) and
 * per input, how many packets carried each packet number (the 4-byte annotation at ANNO, or 0
 * for ANNO NONE).  A packet on input N leaves on output N (push) or is pulled through it.
 * The aggregates live in 1024 chains by the low bits of the aggregate, the one found last
 * moved to the front of its chain, as in Click.  `received AGG` lists the packet numbers seen
 * on any input, `undelivered AGG` those seen more often on input 0 than on input 1; as in
 * Click, asking about an aggregate not yet seen creates it (empty).  `count` sums the counts
 * of the aggregates now known; `clear` forgets them.  At exit, a router that counted packets
 * but never saw an aggregate annotation warns "saw no packets with aggregate annotations". */
#include <errno.h>

enum { ELEM(nbuckets) = 1024 };

typedef struct ELEM(flow) {
    uint32_t aggregate;
    struct ELEM(flow) *next;
    struct {
        uint32_t *v;
        size_t n;
    } col[NINPUTS];
} ELEM(flow);

static ELEM(flow) *ELEM(map)[ELEM(nbuckets)];
static uint32_t ELEM(total_flows);
static uint64_t ELEM(total_packets);

static void ELEM(free_flow)(ELEM(flow) *f)
{
    for (int c = 0; c < NINPUTS; c++)
        free(f->col[c].v);
    free(f);
}

static void ELEM(clear)(void)
{
    for (int i = 0; i < ELEM(nbuckets); i++)
        while (ELEM(map)[i]) {
            ELEM(flow) *f = ELEM(map)[i];
            ELEM(map)[i] = f->next;
            ELEM(free_flow)(f);
        }
}

/* The aggregate's record (created when new, moved to the front of its chain); NULL for
 * aggregate 0 or without memory. */
static ELEM(flow) *ELEM(find)(uint32_t agg)
{
    if (!agg)
        return NULL;
    ELEM(flow) **head = &ELEM(map)[agg & (ELEM(nbuckets) - 1)], *prev = NULL, *f = *head;
    while (f && f->aggregate != agg) {
        prev = f;
        f = f->next;
    }
    if (!f) {
        if (!(f = calloc(1, sizeof *f)))
            return NULL;
        f->aggregate = agg;
        f->next = *head;
        *head = f;
        ELEM(total_flows)++;
    } else if (prev) {
        prev->next = f->next;
        f->next = *head;
        *head = f;
    }
    return f;
}

static void ELEM(count_packet)(int port, const ck_packet *p)
{
    ELEM(total_packets)++;
    ELEM(flow) *f = ELEM(find)(ck_anno_u32(p, AGGREGATE_ANNO_OFFSET));
    if (!f)
        return;
    uint32_t pn = CONF(ANNO) >= 0 ? ck_anno_u32(p, (size_t)CONF(ANNO)) : 0;
    if ((uint64_t)pn >= f->col[port].n) {
        size_t n = (size_t)pn + 1;
        uint32_t *v = realloc(f->col[port].v, n * sizeof *v);
        if (!v)
            return;
        memset(v + f->col[port].n, 0, (n - f->col[port].n) * sizeof *v);
        f->col[port].v = v;
        f->col[port].n = n;
    }
    f->col[port].v[pn]++;
}

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    ELEM(count_packet)(port, p);
    OUTPUT(port, p);
}

static CK_UNUSED ck_packet *ELEM(pull)(int port)
{
    ck_packet *p = INPUT_PULL(port);
    if (p)
        ELEM(count_packet)(port, p);
    return p;
}

static void ELEM(cleanup)(void)
{
    ELEM(clear)();
    if (ELEM(total_packets) > 0 && ELEM(total_flows) == 0) {
        /* Click's lwarning at the element's declaration: "NAME :: CLASS: warning: ..." */
        ck_buf decl;
        ck_buf_init(&decl);
        ck_buf_printf(&decl, "%s :: AggregatePacketCounter", ELEMENT_NAME);
        ck_errh errh;
        ck_errh_init(&errh, ELEMENT_LANDMARK, NULL);
        ck_warning_at(&errh, ck_buf_str(&decl), "saw no packets with aggregate annotations");
        ck_buf_free(&decl);
    }
}

static CK_UNUSED int ELEM(read_count)(ck_buf *out)
{
    uint64_t count = 0;
    for (int i = 0; i < ELEM(nbuckets); i++)
        for (const ELEM(flow) *f = ELEM(map)[i]; f; f = f->next)
            for (int c = 0; c < NINPUTS; c++)
                for (size_t k = 0; k < f->col[c].n; k++)
                    count += f->col[c].v[k];
    ck_buf_printf(out, "%llu", (unsigned long long)count);
    return 0;
}

static uint32_t ELEM(at)(const ELEM(flow) *f, int c, size_t k)
{
    return k < f->col[c].n ? f->col[c].v[k] : 0;
}

/* The aggregate named by the parameter in out (empty: 0, which is no aggregate), with Click's
 * message when it is not a number. */
static int ELEM(param_flow)(ck_buf *out, ELEM(flow) **fp)
{
    uint64_t agg = 0;
    char word[32];
    const char *s = out->s ? out->s : "";
    size_t b = 0, e = out->len;
    while (b < e && (s[b] == ' ' || s[b] == '\t' || s[b] == '\n' || s[b] == '\r'))
        b++;
    while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t' || s[e - 1] == '\n' || s[e - 1] == '\r'))
        e--;
    int bad = out->len && (e - b >= sizeof word || e == b);
    if (!bad && e > b) {
        memcpy(word, s + b, e - b);
        word[e - b] = '\0';
        bad = ck_parse_uint64(word, &agg) < 0 || agg > UINT32_MAX;
    }
    if (bad) {
        ck_buf_clear(out);
        ck_buf_puts(out, "argument should be aggregate number");
        return -EINVAL;
    }
    ck_buf_clear(out);
    *fp = ELEM(find)((uint32_t)agg);
    return 0;
}

static CK_UNUSED int ELEM(read_received)(ck_buf *out)
{
    ELEM(flow) *f;
    if (ELEM(param_flow)(out, &f) < 0)
        return -EINVAL;
    size_t n = 0;
    for (int c = 0; f && c < NINPUTS; c++)
        n = f->col[c].n > n ? f->col[c].n : n;
    for (size_t k = 0; k < n; k++)
        for (int c = 0; c < NINPUTS; c++)
            if (ELEM(at)(f, c, k)) {
                ck_buf_printf(out, "%zu\n", k);
                break;
            }
    return 0;
}

static CK_UNUSED int ELEM(read_undelivered)(ck_buf *out)
{
    if (NINPUTS < 2) {
        ck_buf_clear(out);
        ck_buf_puts(out, "undelivered needs two inputs");
        return -EINVAL;
    }
    ELEM(flow) *f;
    if (ELEM(param_flow)(out, &f) < 0)
        return -EINVAL;
    for (size_t k = 0; f && k < f->col[0].n; k++)
        if (f->col[0].v[k] > ELEM(at)(f, NINPUTS < 2 ? 0 : 1, k))
            ck_buf_printf(out, "%zu\n", k);
    return 0;
}

static CK_UNUSED int ELEM(write_clear)(const char *value, ck_errh *errh)
{
    (void)value, (void)errh;
    ELEM(clear)();
    return 0;
}
