/* AggregateCounter([keywords]): Click's elements/analysis/aggcounter.cc.  Counts per value of
 * the AGGREGATE annotation (host byte order): 1 + EXTRA_PACKETS per packet (MULTIPACKET), or
 * with BYTES its length (+ EXTRA_LENGTH; IP_BYTES leaves out the bytes before the network
 * header).  The counts live in Click's binary trie (tcpdpriv's, built by the same peer
 * splitting), so the dumps list the aggregates in Click's order (ascending) and
 * reaggregate_counts sees the same nodes (empty inner nodes count as aggregates of count 0).
 * Frozen (freeze, AGGREGATE_FREEZE, COUNT_FREEZE, or input 1) only counts aggregates already
 * counted.  A packet that was counted leaves on output 0, another on output 1 when there are two
 * outputs (push); pull passes everything.  AGGREGATE_STOP/COUNT_STOP stop the router and
 * AGGREGATE_CALL/COUNT_CALL call a write handler once, when the number of aggregates or the
 * total reaches N.  The write_*_file handlers dump "!IPAggregate 1.0", BANNER, "!num_nonzero N"
 * and the counts to a file or standard output ("-"). */
#include <ctype.h>
#include <errno.h>
#include "standard/ckbool.h"

typedef struct ELEM(node) {
    uint32_t aggregate, count;
    struct ELEM(node) *child[2];
} ELEM(node);

static ELEM(node) *ELEM(root);
static uint32_t ELEM(nnz);
static uint64_t ELEM(count);
static int ELEM(frozen), ELEM(active) = 1;
static uint32_t ELEM(call_nnz) = UINT32_MAX;
static uint64_t ELEM(call_count) = UINT64_MAX;
static char *ELEM(nnz_h), *ELEM(count_h); /* "ELEMENT.HANDLER [VALUE]" */
static char *ELEM(banner);

#include "analysis/cktrienodes.h"

/* Split leaf or subtree n to hold a as well: two new children, n their common prefix. */
static ELEM(node) *ELEM(make_peer)(uint32_t a, ELEM(node) *n, int frozen)
{
    if (frozen)
        return NULL;
    ELEM(node) *down[2];
    if (ELEM(new_pair)(down) < 0)
        return NULL;
    int swivel = ELEM(msb)(a ^ n->aggregate);
    int bit = (int)((a >> (32 - swivel)) & 1);
    uint32_t mask = swivel == 1 ? 0 : 0xFFFFFFFFu << (33 - swivel);
    down[bit]->aggregate = a;
    down[bit]->count = 0;
    down[bit]->child[0] = down[bit]->child[1] = NULL;
    *down[1 - bit] = *n;
    n->aggregate = down[0]->aggregate & mask;
    if (down[0]->aggregate == n->aggregate) {
        n->count = down[0]->count;
        down[0]->count = 0;
    } else
        n->count = 0;
    n->child[0] = down[0];
    n->child[1] = down[1];
    return n->aggregate == a ? n : down[bit];
}

static ELEM(node) *ELEM(find_node)(uint32_t a, int frozen)
{
    ELEM(node) *n = ELEM(root);
    while (n) {
        if (n->aggregate == a)
            return n->count || !frozen ? n : NULL;
        if (!n->child[0])
            n = ELEM(make_peer)(a, n, frozen);
        else {
            int swivel = ELEM(msb)(n->child[0]->aggregate ^ n->child[1]->aggregate);
            if (ELEM(msb)(a ^ n->aggregate) < swivel)
                n = ELEM(make_peer)(a, n, frozen);
            else
                n = n->child[(a >> (32 - swivel)) & 1];
        }
    }
    if (!frozen)
        ck_chatter("AggregateCounter: out of memory!");
    return NULL;
}

static void ELEM(clear_node)(ELEM(node) *n)
{
    if (n->child[0]) {
        ELEM(clear_node)(n->child[0]);
        ELEM(clear_node)(n->child[1]);
    }
    ELEM(free_node)(n);
}

static int ELEM(clear)(ck_errh *errh)
{
    if (ELEM(root))
        ELEM(clear_node)(ELEM(root));
    if (!(ELEM(root) = ELEM(new_node)()))
        return errh ? ck_error(errh, "out of memory!") : -1;
    memset(ELEM(root), 0, sizeof *ELEM(root));
    ELEM(nnz) = 0;
    ELEM(count) = 0;
    return 0;
}

static void ELEM(call)(const char *h)
{
    ck_errh errh;
    ck_errh_init(&errh, ELEMENT_LANDMARK, NULL);
    (void)ck_call_write_text(h, &errh);
}

static int ELEM(update)(ck_packet *p, int frozen)
{
    if (!ELEM(active))
        return 0;
    ELEM(node) *n = ELEM(find_node)(ck_anno_u32(p, AGGREGATE_ANNO_OFFSET), frozen);
    if (!n)
        return 0;
    uint32_t amount;
    if (!CONF(BYTES))
        amount = 1 + (CONF(MULTIPACKET) ? ck_anno_u32(p, EXTRA_PACKETS_ANNO_OFFSET) : 0);
    else {
        amount = p->len + (CONF(EXTRA_LENGTH) ? ck_anno_u32(p, EXTRA_LENGTH_ANNO_OFFSET) : 0);
        if (CONF(IP_BYTES) && p->nh_off >= 0)
            amount -= (uint32_t)ck_network_header_offset(p);
    }
    if (amount && !n->count) {
        if (ELEM(nnz) >= ELEM(call_nnz)) {
            ELEM(call_nnz) = UINT32_MAX;
            ELEM(call)(ELEM(nnz_h));
            return ELEM(update)(p, frozen || ELEM(frozen)); /* the call may change our state */
        }
        ELEM(nnz)++;
    }
    n->count += amount;
    ELEM(count) += amount;
    if (ELEM(count) >= ELEM(call_count)) {
        ELEM(call_count) = UINT64_MAX;
        ELEM(call)(ELEM(count_h));
    }
    return 1;
}

/* "N rest" of AGGREGATE_CALL/COUNT_CALL: N in *n and a copy of the rest in *h; -1 when the
 * first word is not a number. */
static int ELEM(parse_call)(const char *s, uint64_t max, uint64_t *n, char **h)
{
    while (isspace((unsigned char)*s))
        s++;
    const char *e = s;
    while (*e && !isspace((unsigned char)*e))
        e++;
    char word[32];
    if (e == s || (size_t)(e - s) >= sizeof word)
        return -1;
    memcpy(word, s, (size_t)(e - s));
    word[e - s] = 0;
    if (ck_intarg_unsigned(word, max, n) != CK_INTARG_OK)
        return -1;
    while (isspace((unsigned char)*e))
        e++;
    free(*h);
    *h = ck_strdup(e);
    return 0;
}

/* "NAME.HANDLER VALUE" for this element. */
static CK_UNUSED char *ELEM(own_call)(const char *what)
{
    size_t n = strlen(ELEMENT_NAME) + strlen(what) + 2;
    char *s = malloc(n);
    if (s)
        snprintf(s, n, "%s.%s", ELEMENT_NAME, what);
    return s;
}

static void ELEM(set_banner)(const char *s, size_t n)
{
    free(ELEM(banner));
    ELEM(banner) = malloc(n + 2);
    if (!ELEM(banner))
        return;
    memcpy(ELEM(banner), s, n);
    /* Click's banner write handler: a newline is added, and a lone newline empties it */
    if (n && s[n - 1] != '\n')
        ELEM(banner)[n++] = '\n';
    else if (n == 1)
        n = 0;
    ELEM(banner)[n] = 0;
}

/* The handler of a call text "ELEM.HANDLER [VALUE]" can be written (Click's
 * HandlerCall::initialize_write): 0, or -1 after reporting why not. */
static int ELEM(check_call)(const char *h, ck_errh *errh)
{
    char name[256];
    size_t n = strcspn(h, " \t\n");
    if (n >= sizeof name)
        n = sizeof name - 1;
    memcpy(name, h, n);
    name[n] = 0;
    if (strcmp(name, "stop") == 0)
        return 0;
    return ck_handler_check_write(name, errh) < 0 ? -1 : 0;
}

static int
ELEM(init)(ck_errh *errh)
{
    uint64_t v;
#if CONF_GIVEN(AGGREGATE_FREEZE)
    ELEM(call_nnz) = (uint32_t)CONF(AGGREGATE_FREEZE);
    ELEM(nnz_h) = ELEM(own_call)("freeze true");
#elif CONF_GIVEN(AGGREGATE_STOP)
    ELEM(call_nnz) = (uint32_t)CONF(AGGREGATE_STOP);
    ELEM(nnz_h) = ELEM(own_call)("stop");
#elif CONF_GIVEN(AGGREGATE_CALL)
    if (ELEM(parse_call)(CONF(AGGREGATE_CALL), UINT32_MAX, &v, &ELEM(nnz_h)) < 0)
        return ck_error(errh, "AGGREGATE_CALL first word should be unsigned (number of aggregates)");
    ELEM(call_nnz) = (uint32_t)v;
#endif
#if CONF_GIVEN(COUNT_FREEZE)
    ELEM(call_count) = (uint64_t)CONF(COUNT_FREEZE);
    ELEM(count_h) = ELEM(own_call)("freeze true");
#elif CONF_GIVEN(COUNT_STOP)
    ELEM(call_count) = (uint64_t)CONF(COUNT_STOP);
    ELEM(count_h) = ELEM(own_call)("stop");
#elif CONF_GIVEN(COUNT_CALL)
    if (ELEM(parse_call)(CONF(COUNT_CALL), UINT64_MAX, &v, &ELEM(count_h)) < 0)
        return ck_error(errh, "COUNT_CALL first word should be unsigned (count)");
    ELEM(call_count) = v;
#endif
    (void)v;
    if ((ELEM(nnz_h) && ELEM(check_call)(ELEM(nnz_h), errh) < 0) ||
        (ELEM(count_h) && ELEM(check_call)(ELEM(count_h), errh) < 0))
        return -1;
    ELEM(banner) = malloc((size_t)CONF_LEN(BANNER) + 1);
    if (!ELEM(banner))
        return ck_error(errh, "out of memory!");
    memcpy(ELEM(banner), CONF(BANNER), (size_t)CONF_LEN(BANNER));
    ELEM(banner)[CONF_LEN(BANNER)] = 0;
    return ELEM(clear)(errh);
}

static void
ELEM(cleanup)(void)
{
    ELEM(free_nodes)();
    ELEM(root) = NULL;
    free(ELEM(nnz_h));
    free(ELEM(count_h));
    free(ELEM(banner));
    ELEM(nnz_h) = ELEM(count_h) = ELEM(banner) = NULL;
}

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    int other = !ELEM(update)(p, ELEM(frozen) || port == 1);
    OUTPUT(NOUTPUTS == 1 ? 0 : other, p);
}

static CK_UNUSED ck_packet *ELEM(pull)(int port)
{
    ck_packet *p = INPUT_PULL(NINPUTS == 1 ? 0 : port);
    if (p && ELEM(active))
        ELEM(update)(p, ELEM(frozen) || port == 1);
    return p;
}

enum { ELEM(text), ELEM(binary), ELEM(text_ip), ELEM(text_pdf) };

static void ELEM(write_nodes)(const ELEM(node) *n, FILE *f, int format)
{
    if (n->count > 0) {
        uint32_t rec[2] = {n->aggregate, n->count};
        if (format == ELEM(binary))
            (void)!fwrite(rec, sizeof rec, 1, f);
        else if (format == ELEM(text_ip))
            fprintf(f, "%u.%u.%u.%u %u\n", rec[0] >> 24 & 255, rec[0] >> 16 & 255,
                    rec[0] >> 8 & 255, rec[0] & 255, rec[1]);
        else if (format == ELEM(text_pdf))
            fprintf(f, "%u %.12g\n", rec[0], (double)rec[1] / (double)ELEM(count));
        else
            fprintf(f, "%u %u\n", rec[0], rec[1]);
    }
    if (n->child[0]) {
        ELEM(write_nodes)(n->child[0], f, format);
        ELEM(write_nodes)(n->child[1], f, format);
    }
}

static int ELEM(write_file)(const char *value, ck_errh *errh, int format)
{
    char name[4096];
    while (isspace((unsigned char)*value))
        value++;
    size_t n = strlen(value);
    while (n && isspace((unsigned char)value[n - 1]))
        n--;
    if (n == 0 || n >= sizeof name)
        return ck_error(errh, "argument should be filename");
    memcpy(name, value, n);
    name[n] = 0;
    FILE *f = strcmp(name, "-") == 0 ? stdout : fopen(name, format == ELEM(binary) ? "wb" : "w");
    if (!f)
        return ck_error(errh, "%s: %s", name, strerror(errno));
    fprintf(f, "!IPAggregate 1.0\n");
    size_t bl = strlen(ELEM(banner));
    fputs(ELEM(banner), f);
    if (bl && ELEM(banner)[bl - 1] != '\n')
        fputc('\n', f);
    fprintf(f, "!num_nonzero %u\n", ELEM(nnz));
    if (format == ELEM(binary)) {
        const uint16_t one = 1;
        fprintf(f, *(const unsigned char *)&one ? "!packed_le\n" : "!packed_be\n");
    } else if (format == ELEM(text_ip))
        fprintf(f, "!ip\n");
    ELEM(write_nodes)(ELEM(root), f, format);
    int err = ferror(f);
    if (f == stdout)
        fflush(f);
    else
        fclose(f);
    return err ? ck_error(errh, "%s: file error", name) : 0;
}

static CK_UNUSED int ELEM(write_write_text_file)(const char *value, ck_errh *errh)
{
    return ELEM(write_file)(value, errh, ELEM(text));
}

static CK_UNUSED int ELEM(write_write_ascii_file)(const char *value, ck_errh *errh)
{
    return ELEM(write_file)(value, errh, ELEM(text));
}

static CK_UNUSED int ELEM(write_write_file)(const char *value, ck_errh *errh)
{
    return ELEM(write_file)(value, errh, ELEM(binary));
}

static CK_UNUSED int ELEM(write_write_ip_file)(const char *value, ck_errh *errh)
{
    return ELEM(write_file)(value, errh, ELEM(text_ip));
}

static CK_UNUSED int ELEM(write_write_pdf_file)(const char *value, ck_errh *errh)
{
    return ELEM(write_file)(value, errh, ELEM(text_pdf));
}

/* Click's reaggregate_node: every node of the old trie, inner ones too, is an occurrence of
 * its count. */
static void ELEM(reaggregate_node)(ELEM(node) *n)
{
    ELEM(node) *l = n->child[0], *r = n->child[1];
    uint32_t c = n->count;
    ELEM(free_node)(n);
    ELEM(node) *m = ELEM(find_node)(c, 0);
    if (m) {
        if (!m->count)
            ELEM(nnz)++;
        m->count++;
        ELEM(count)++;
    }
    if (l) {
        ELEM(reaggregate_node)(l);
        ELEM(reaggregate_node)(r);
    }
}

static CK_UNUSED int ELEM(write_reaggregate_counts)(const char *value, ck_errh *errh)
{
    (void)value;
    ELEM(node) *old = ELEM(root);
    ELEM(root) = NULL;
    if (ELEM(clear)(errh) < 0) {
        ELEM(root) = old;
        return -1;
    }
    ELEM(reaggregate_node)(old);
    return 0;
}

static CK_UNUSED int ELEM(write_counts_pdf)(const char *value, ck_errh *errh)
{
    return ELEM(write_reaggregate_counts)(value, errh);
}

#include "standard/ckdata.h"
CK_DATA_READ_BOOL(freeze, ELEM(frozen));
CK_DATA_READ_BOOL(active, ELEM(active));
CK_DATA_WRITE_BOOL(freeze, ELEM(frozen), "type mismatch");
CK_DATA_WRITE_BOOL(active, ELEM(active), "type mismatch");
CK_DATA_READ(count, (unsigned long long)ELEM(count));
CK_DATA_READ(nagg, ELEM(nnz));
CK_DATA_READ_STRING(banner, ELEM(banner));

static CK_UNUSED int ELEM(write_stop)(const char *value, ck_errh *errh)
{
    (void)value, (void)errh;
    ELEM(active) = 0;
    ck_router_stop();
    return 0;
}

static CK_UNUSED int ELEM(write_banner)(const char *value, ck_errh *errh)
{
    (void)errh;
    ELEM(set_banner)(value, strlen(value));
    return 0;
}

static CK_UNUSED int ELEM(write_clear)(const char *value, ck_errh *errh)
{
    (void)value;
    return ELEM(clear)(errh);
}

static CK_UNUSED int ELEM(read_aggregate_call)(ck_buf *out)
{
    if (ELEM(call_nnz) != UINT32_MAX)
        ck_buf_printf(out, "%u %s", ELEM(call_nnz), ELEM(nnz_h) ? ELEM(nnz_h) : "");
    return 0;
}

static CK_UNUSED int ELEM(read_count_call)(ck_buf *out)
{
    if (ELEM(call_count) != UINT64_MAX)
        ck_buf_printf(out, "%llu %s", (unsigned long long)ELEM(call_count),
                      ELEM(count_h) ? ELEM(count_h) : "");
    return 0;
}

/* An empty value switches the call off, as in Click. */
static int ELEM(write_call)(const char *value, ck_errh *errh, uint64_t max, uint64_t *n,
                            char **h, const char *what)
{
    const char *s = value;
    while (isspace((unsigned char)*s))
        s++;
    if (!*s) {
        *n = max;
        return 0;
    }
    uint64_t v;
    char *t = NULL;
    if (ELEM(parse_call)(s, max, &v, &t) < 0) {
        free(t);
        return ck_error(errh, "argument to '%s' should be 'N HANDLER [VALUE]'", what);
    }
    if (ELEM(check_call)(t, errh) < 0) {
        free(t);
        return -1;
    }
    free(*h);
    *h = t;
    *n = v;
    return 0;
}

static CK_UNUSED int ELEM(write_aggregate_call)(const char *value, ck_errh *errh)
{
    uint64_t n = ELEM(call_nnz);
    if (ELEM(write_call)(value, errh, UINT32_MAX, &n, &ELEM(nnz_h), "aggregate_call") < 0)
        return -1;
    ELEM(call_nnz) = (uint32_t)n;
    return 0;
}

static CK_UNUSED int ELEM(write_count_call)(const char *value, ck_errh *errh)
{
    return ELEM(write_call)(value, errh, UINT64_MAX, &ELEM(call_count), &ELEM(count_h),
                            "count_call");
}
