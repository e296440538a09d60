/* AggregateIPFlows([KEYWORDS]): numbers TCP and UDP flows (Click's
 * elements/analysis/aggregateipflows.cc).  Two tables (TCP, UDP) of host pairs, the pair
 * ordered with the smaller address (as a 32-bit value loaded from the header) first; each pair
 * holds its flows, keyed by the 32-bit port word in the pair's direction, most recently used
 * first.  A flow's first packet gives it the next number (from 1) and the forward direction;
 * every packet gets AGGREGATE = the flow's number and PAINT = 0 forward, 1 reverse (ICMP
 * errors with ICMP true: 2 + the quoted packet's direction).  A flow unseen for longer than its
 * timeout (TCP_TIMEOUT, TCP_DONE_TIMEOUT once FIN went both ways or a RST passed, UDP_TIMEOUT;
 * seconds of packet time) or a completed TCP flow seeing a SYN gets a new number; every REAP
 * seconds expired flows are forgotten.  Packets that are not TCP/UDP (or quote none), too
 * short for the ports, or have both addresses 0 leave on output 1, or are dropped
 * ("not a TCP/UDP flow").
 *
 * With FRAGMENTS (default in push context) fragments of a pair are held in arrival order, and
 * every later packet of that pair waits behind them; the head leaves (in order) once it is
 * no fragment or older than FRAGMENT_TIMEOUT, taking the aggregate of a fragment with its IP
 * ID that has one (the first fragment, which carries the ports); a head with none is dropped
 * ("fragment without ports").  Handler clear sweeps with every flow and fragment expired.
 * Pairs are swept in order of their first packet (Click: its hash table's order, which the
 * documentation leaves unspecified).  TRACEINFO writes Click's XML record of each flow when
 * it is forgotten or renumbered, and of the rest at cleanup.  A packet without a timestamp
 * gets the current time, with one warning.  Fragments still held at exit are dropped ("held at
 * exit"; Click frees them). */
#include "ip/ckip.h"
#include "standard/ckoutput.h"

typedef struct ELEM(flow) {
    uint32_t ports, agg;
    int64_t last_ns, first_ns;
    uint32_t filepos, packets[2];
    uint8_t over, reverse;
    struct ELEM(flow) *next;
} ELEM(flow);

typedef struct ELEM(pair) {
    uint32_t a, b;
    ELEM(flow) *flows;
    ck_packet *frag_head, *frag_tail;
    struct ELEM(pair) *next, *order_next;
} ELEM(pair);

typedef struct ELEM(map) {
    ELEM(pair) **buckets;
    ELEM(pair) *first, *last; /* in order of creation */
    uint32_t nbuckets, count;
} ELEM(map);

static ELEM(map) ELEM(maps)[2]; /* 0: TCP, 1: UDP */
static uint32_t ELEM(next_agg), ELEM(active_sec), ELEM(gc_sec), ELEM(smallest);
static int ELEM(fragments), ELEM(warned);
static FILE *ELEM(trace);

enum { ELEM(EMIT), ELEM(DROP), ELEM(NONE) };

#define AIF_OLDER(s1, s2) ((int32_t)((uint32_t)(s1) - (uint32_t)(s2)) < 0)
#define AIF_FIRSTFRAG(ip) ((ck_get16((ip) + CKIP_OFF) & CKIP_OFFMASK) == 0)
#define AIF_ISFRAG(ip) ((ck_get16((ip) + CKIP_OFF) & (CKIP_MF | CKIP_OFFMASK)) != 0)

static int32_t ELEM(sec)(int64_t ns)
{
    int64_t s = ns / 1000000000;
    if (ns < 0 && ns % 1000000000)
        s--;
    return (int32_t)s;
}

/* The IP header a held packet is filed by: the quoted one of an ICMP error. */
static const unsigned char *ELEM(good_ip)(const ck_packet *p)
{
    const unsigned char *ip = ck_network_header(p);
    return ip[CKIP_P] == CKIP_PROTO_ICMP ? ck_transport_header(p) + 8 : ip;
}

/* Click's icmp_encapsulated_header: the IP header an ICMP error quotes, or NULL. */
static const unsigned char *ELEM(icmp_quoted)(const ck_packet *p)
{
    long tlen = ck_transport_length(p);
    if (tlen < 8)
        return NULL;
    const unsigned char *icmp = ck_transport_header(p);
    int t = icmp[0];
    if (t != CKICMP_UNREACH && t != CKICMP_TIMXCEED && t != CKICMP_PARAMPROB &&
        t != CKICMP_SOURCEQUENCH && t != CKICMP_REDIRECT)
        return NULL;
    if (tlen < 8 + CKIP_HDR)
        return NULL;
    unsigned hlen = (unsigned)(icmp[8] & 0xF) << 2;
    return hlen >= CKIP_HDR && (unsigned long)tlen >= 8 + hlen ? icmp + 8 : NULL;
}

static uint32_t ELEM(hash)(uint32_t a, uint32_t b)
{
    uint64_t k = ((uint64_t)a << 32 | b) * 0x9E3779B97F4A7C15ull;
    return (uint32_t)(k >> 32);
}

static ELEM(pair) *ELEM(find_pair)(ELEM(map) *m, uint32_t a, uint32_t b)
{
    if (!m->buckets) {
        m->nbuckets = 256;
        if (!(m->buckets = calloc(m->nbuckets, sizeof *m->buckets)))
            return NULL;
    }
    ELEM(pair) **bucket = &m->buckets[ELEM(hash)(a, b) & (m->nbuckets - 1)];
    for (ELEM(pair) *e = *bucket; e; e = e->next)
        if (e->a == a && e->b == b)
            return e;
    ELEM(pair) *e = calloc(1, sizeof *e);
    if (!e)
        return NULL;
    e->a = a;
    e->b = b;
    e->next = *bucket;
    *bucket = e;
    if (m->last)
        m->last->order_next = e;
    else
        m->first = e;
    m->last = e;
    if (++m->count > 2 * m->nbuckets) {
        uint32_t n = m->nbuckets * 2;
        ELEM(pair) **nb = calloc(n, sizeof *nb);
        if (nb) {
            for (ELEM(pair) *x = m->first; x; x = x->order_next) {
                uint32_t h = ELEM(hash)(x->a, x->b) & (n - 1);
                x->next = nb[h];
                nb[h] = x;
            }
            free(m->buckets);
            m->buckets = nb;
            m->nbuckets = n;
        }
    }
    return e;
}

/* A timestamp as Click's PRITIMESTAMP prints it in a nanosecond build ("%d.%09d" of sec() and
 * subsec(): always nine digits, subsec in [0, 1e9)), which the TRACEINFO records use. */
static void ELEM(pri_timestamp)(ck_buf *b, int64_t ns)
{
    int64_t sec = ns / 1000000000 - (ns % 1000000000 < 0);
    ck_buf_printf(b, "%d.%09d", (int)sec, (int)(ns - sec * 1000000000));
}

/* Click's delete_flowinfo: the TRACEINFO record of a flow that ends (or is renumbered). */
static void ELEM(record)(const ELEM(pair) *hp, const ELEM(flow) *f)
{
    if (!ELEM(trace))
        return;
    unsigned char pb[4];
    memcpy(pb, &f->ports, 4); /* the port word as in the header: first port, second port */
    uint32_t ports = (uint32_t)pb[0] << 24 | (uint32_t)pb[1] << 16 | (uint32_t)pb[2] << 8 | pb[3];
    char src[16], dst[16];
    ck_ip_unparse(src, f->reverse ? hp->b : hp->a);
    ck_ip_unparse(dst, f->reverse ? hp->a : hp->b);
    ck_buf b;
    ck_buf_init(&b);
    ck_buf_printf(&b, "<flow aggregate='%u' src='%s' sport='%u' dst='%s' dport='%u' begin='",
                  f->agg, src, (ports >> (f->reverse ? 0 : 16)) & 0xFFFF, dst,
                  (ports >> (f->reverse ? 16 : 0)) & 0xFFFF);
    ELEM(pri_timestamp)(&b, f->first_ns);
    ck_buf_puts(&b, "' duration='");
    ELEM(pri_timestamp)(&b, f->last_ns - f->first_ns);
    ck_buf_puts(&b, "'");
    if (f->filepos)
        ck_buf_printf(&b, " filepos='%u'", f->filepos);
    ck_buf_printf(&b, ">\n  <stream dir='0' packets='%u' /><stream dir='1' packets='%u' />\n</flow>\n",
                  f->packets[0], f->packets[1]);
    fputs(ck_buf_str(&b), ELEM(trace));
    ck_buf_free(&b);
}

/* SOURCE's read handler `h` (the spec's validate hook told it exists): its text, trimmed, into
 * out (NULL: as an integer into *v); 0, or -1 when the call fails. */
static CK_UNUSED int ELEM(read_source_text)(const char *h, char *out, size_t outlen)
{
#if CONF_GIVEN(SOURCE)
    char name[512];
    snprintf(name, sizeof name, "%s.%s", ck_current_router->elements[CONF(SOURCE)].name, h);
    ck_buf b;
    ck_buf_init(&b);
    ck_errh errh;
    ck_errh_init(&errh, ELEMENT_LANDMARK, NULL);
    int r = ck_handler_read(name, &b, &errh);
    const char *v = ck_buf_str(&b);
    while (*v == ' ' || *v == '\n' || *v == '\t')
        v++;
    size_t n = strlen(v);
    while (n && (v[n - 1] == '\n' || v[n - 1] == ' ' || v[n - 1] == '\t'))
        n--;
    snprintf(out, outlen, "%.*s", (int)n, v);
    ck_buf_free(&b);
    return r;
#else
    (void)h, (void)out, (void)outlen;
    return -1;
#endif
}

static CK_UNUSED int ELEM(read_source)(const char *h, int64_t *v)
{
    char text[64];
    if (ELEM(read_source_text)(h, text, sizeof text) < 0)
        return -1;
    return ck_parse_int64(text, v);
}

/* Click's stat_new_flow_hook: when the flow began, and where in SOURCE's file. */
static void ELEM(stat_new)(const ck_packet *p, ELEM(flow) *f)
{
    f->first_ns = p->ts_ns;
    f->filepos = 0;
    if (ELEM(src_filepos)) {
        int64_t v;
        if (ELEM(read_source)("packet_filepos", &v) == 0 && v >= 0 && v <= UINT32_MAX)
            f->filepos = (uint32_t)v;
    }
}

/* Click's packet_emit_hook: the flow's last time, its TCP end state and its packet counts. */
static void ELEM(emit_hook)(const ck_packet *p, const unsigned char *ip, ELEM(flow) *f)
{
    f->last_ns = p->ts_ns;
    unsigned paint = ck_anno_u8(p, PAINT_ANNO_OFFSET);
    if (ip[CKIP_P] == CKIP_PROTO_TCP && AIF_FIRSTFRAG(ip) && ck_transport_length(p) >= 14 &&
        paint < 2) {
        unsigned flags = ck_transport_header(p)[13];
        if (flags & 0x04) /* RST */
            f->over = 3;
        else if (flags & 0x01) /* FIN */
            f->over |= (uint8_t)(1u << paint);
        else if (flags & 0x02) /* SYN */
            f->over = 0;
    }
    if (ELEM(trace) && paint < 2)
        f->packets[paint]++;
}

/* Click's emit_fragment_head: the head of a pair's held packets leaves, after sharing its
 * aggregate with (or taking one from) the held fragments of its IP ID. */
static void ELEM(emit_head)(ELEM(pair) *hp)
{
    ck_packet *head = hp->frag_head;
    hp->frag_head = head->next;
    head->next = NULL;
    const unsigned char *ip = ELEM(good_ip)(head);
    uint16_t id = ck_get16(ip + CKIP_ID);
    if (ck_anno_u32(head, AGGREGATE_ANNO_OFFSET)) {
        for (ck_packet *p = hp->frag_head; p; p = p->next)
            if (ck_get16(ELEM(good_ip)(p) + CKIP_ID) == id) {
                ck_set_anno_u32(p, AGGREGATE_ANNO_OFFSET, ck_anno_u32(head, AGGREGATE_ANNO_OFFSET));
                ck_set_anno_u8(p, PAINT_ANNO_OFFSET, ck_anno_u8(head, PAINT_ANNO_OFFSET));
            }
    } else {
        ck_packet *p = hp->frag_head;
        while (p && (ck_get16(ELEM(good_ip)(p) + CKIP_ID) != id ||
                     !ck_anno_u32(p, AGGREGATE_ANNO_OFFSET)))
            p = p->next;
        if (!p) {
            ck_drop(head, ELEMENT_INDEX, "fragment without ports");
            return;
        }
        ck_set_anno_u32(head, AGGREGATE_ANNO_OFFSET, ck_anno_u32(p, AGGREGATE_ANNO_OFFSET));
        ck_set_anno_u8(head, PAINT_ANNO_OFFSET, ck_anno_u8(p, PAINT_ANNO_OFFSET));
    }
    uint32_t agg = ck_anno_u32(head, AGGREGATE_ANNO_OFFSET);
    ELEM(flow) **pp = &hp->flows;
    while (*pp && (*pp)->agg != agg)
        pp = &(*pp)->next;
    ELEM(flow) *f = *pp;
    if (f) { /* to the front */
        *pp = f->next;
        f->next = hp->flows;
        hp->flows = f;
        ELEM(emit_hook)(head, ip, f);
    }
    OUTPUT(0, head);
}

/* The held heads that are no fragment or older than FRAGMENT_TIMEOUT leave. */
static void ELEM(emit_ready)(ELEM(pair) *hp)
{
    int32_t limit = (int32_t)(ELEM(active_sec) - (uint32_t)CONF(FRAGMENT_TIMEOUT));
    ck_packet *head;
    while ((head = hp->frag_head) &&
           (ELEM(sec)(head->ts_ns) < limit || !AIF_ISFRAG(ELEM(good_ip)(head))))
        ELEM(emit_head)(hp);
}

static void ELEM(reap_map)(ELEM(map) *m, uint32_t timeout, uint32_t done_timeout)
{
    uint32_t t = ELEM(active_sec) - timeout, dt = ELEM(active_sec) - done_timeout;
    for (ELEM(pair) *hp = m->first; hp; hp = hp->order_next) {
        ELEM(emit_ready)(hp);
        if (hp->frag_head)
            continue;
        for (ELEM(flow) **pp = &hp->flows; *pp;) {
            ELEM(flow) *f = *pp;
            if (AIF_OLDER(ELEM(sec)(f->last_ns), f->over == 3 ? dt : t)) {
                *pp = f->next;
                ELEM(record)(hp, f);
                free(f);
            } else
                pp = &f->next;
        }
    }
}

static void ELEM(reap)(void)
{
    if (ELEM(gc_sec)) {
        ELEM(reap_map)(&ELEM(maps)[0], CONF(TCP_TIMEOUT), CONF(TCP_DONE_TIMEOUT));
        ELEM(reap_map)(&ELEM(maps)[1], CONF(UDP_TIMEOUT), CONF(UDP_TIMEOUT));
    }
    ELEM(gc_sec) = ELEM(active_sec) + (uint32_t)CONF(REAP);
}

/* Click's find_flow_info: the flow of `ports` in the pair (renumbered when it has died),
 * moved to the front; a new one when there is none. */
static ELEM(flow) *ELEM(find_flow)(int udp, ELEM(pair) *hp, uint32_t ports, int flipped,
                                   const ck_packet *p)
{
    for (ELEM(flow) **pp = &hp->flows; *pp; pp = &(*pp)->next) {
        ELEM(flow) *f = *pp;
        if (f->ports != ports)
            continue;
        int32_t age = (int32_t)((uint32_t)ELEM(sec)(p->ts_ns) - (uint32_t)ELEM(sec)(f->last_ns));
        uint32_t relevant = udp ? (uint32_t)CONF(UDP_TIMEOUT)
                          : f->over == 3 ? (uint32_t)CONF(TCP_DONE_TIMEOUT) : (uint32_t)CONF(TCP_TIMEOUT);
        const unsigned char *outer = ck_network_header(p);
        int syn = outer[CKIP_P] == CKIP_PROTO_TCP && ck_transport_length(p) >= 14 &&
                  (ck_transport_header(p)[13] & 0x02);
        if ((age > (int32_t)ELEM(smallest) && age > (int32_t)relevant) || (f->over == 3 && syn)) {
            ELEM(record)(hp, f);
            f->agg = ELEM(next_agg)++;
            f->reverse = (uint8_t)flipped;
            f->over = 0;
            if (ELEM(trace))
                ELEM(stat_new)(p, f);
        }
        *pp = f->next;
        f->next = hp->flows;
        hp->flows = f;
        return f;
    }
    ELEM(flow) *f = calloc(1, sizeof *f);
    if (!f)
        return NULL;
    f->ports = ports;
    f->agg = ELEM(next_agg)++;
    f->reverse = (uint8_t)flipped;
    if (ELEM(trace))
        ELEM(stat_new)(p, f);
    f->next = hp->flows;
    hp->flows = f;
    return f;
}

/* Click's handle_packet: EMIT, DROP (output 1) or NONE (held). */
static int ELEM(handle)(ck_packet *p)
{
    if (p->ts_ns == 0) {
        if (!ELEM(warned))
            ck_chatter("%s: warning: packet received without timestamp", ELEMENT_NAME);
        ELEM(warned) = 1;
        p->ts_ns = ck_now_ns();
    }
    if (ck_network_length(p) < CKIP_HDR)
        return ELEM(DROP);
    const unsigned char *ip = ck_network_header(p);
    unsigned paint = 0;
    if (CONF(ICMP) && ip[CKIP_P] == CKIP_PROTO_ICMP && AIF_FIRSTFRAG(ip)) {
        if (!(ip = ELEM(icmp_quoted)(p)))
            return ELEM(DROP);
        paint = 2;
    }
    uint32_t src, dst;
    memcpy(&src, ip + CKIP_SRC, 4);
    memcpy(&dst, ip + CKIP_DST, 4);
    if ((ip[CKIP_P] != CKIP_PROTO_TCP && ip[CKIP_P] != CKIP_PROTO_UDP) || (src == 0 && dst == 0))
        return ELEM(DROP);
    int udp = ip[CKIP_P] == CKIP_PROTO_UDP;
    uint32_t a = src > dst ? dst : src, b = src > dst ? src : dst;
    if (a != src)
        paint ^= 1;
    ELEM(pair) *hp = ELEM(find_pair)(&ELEM(maps)[udp], a, b);
    if (!hp)
        return ELEM(DROP);
    ELEM(flow) *f = NULL;
    if (AIF_FIRSTFRAG(ip)) {
        const unsigned char *tp = ip + ((ip[CKIP_VHL] & 0xF) << 2);
        if (tp + 4 > p->data + p->len)
            return ELEM(DROP);
        uint32_t ports;
        memcpy(&ports, tp, 4);
        /* a pair with one address (Click's ports_reverse_order) */
        if (a == b && (int32_t)((ports << 16) - ports) < 0)
            paint ^= 1;
        if (paint & 1)
            ports = ((ports >> 16) & 0xFFFF) | (ports << 16);
        if (!(f = ELEM(find_flow)(udp, hp, ports, (int)(paint & 1), p)))
            return ELEM(DROP);
        if (f->reverse)
            paint ^= 1;
        ck_set_anno_u32(p, AGGREGATE_ANNO_OFFSET, f->agg);
    } else
        ck_set_anno_u32(p, AGGREGATE_ANNO_OFFSET, 0);
    ck_set_anno_u8(p, PAINT_ANNO_OFFSET, (uint8_t)paint);
    if ((ELEM(fragments) && AIF_ISFRAG(ip)) || hp->frag_head) {
        if (hp->frag_head)
            hp->frag_tail->next = p;
        else
            hp->frag_head = p;
        hp->frag_tail = p;
        p->next = NULL;
        ELEM(active_sec) = (uint32_t)ELEM(sec)(p->ts_ns);
        ELEM(emit_ready)(hp);
        return ELEM(NONE);
    }
    if (!f)
        return ELEM(DROP);
    ELEM(active_sec) = (uint32_t)ELEM(sec)(p->ts_ns);
    ELEM(emit_hook)(p, ip, f);
    return ELEM(EMIT);
}

static int
ELEM(init)(ck_errh *errh)
{
    ELEM(next_agg) = 1;
    uint32_t s = CONF(TCP_TIMEOUT) < CONF(TCP_DONE_TIMEOUT) ? CONF(TCP_TIMEOUT) : CONF(TCP_DONE_TIMEOUT);
    ELEM(smallest) = s < (uint32_t)CONF(UDP_TIMEOUT) ? s : (uint32_t)CONF(UDP_TIMEOUT);
#if CONF_GIVEN(FRAGMENTS)
    ELEM(fragments) = CONF(FRAGMENTS) ? 1 : 0;
    if (ELEM(fragments) && !INPUT_IS_PUSH(0))
        return ck_error(errh, "'FRAGMENTS true' is incompatible with pull; run this element in a push context");
#else
    ELEM(fragments) = INPUT_IS_PUSH(0) ? 1 : 0;
#endif
#if CONF_GIVEN(TRACEINFO)
    const char *fn = CONF(TRACEINFO);
    if (strcmp(fn, "-") == 0)
        ELEM(trace) = stdout;
    else if (!(ELEM(trace) = fopen(fn, "w")))
        return ck_error(errh, "%s: %s", fn, strerror(errno));
    fputs("<?xml version='1.0' standalone='yes'?>\n<trace", ELEM(trace));
    if (ELEM(src_filename)) {
        char file[1024];
        if (ELEM(read_source_text)("filename", file, sizeof file) == 0 && file[0])
            fprintf(ELEM(trace), " file='%s'", file);
    }
    fputs(">\n", ELEM(trace));
#endif
    (void)errh;
    return 0;
}

static void
ELEM(cleanup)(void)
{
    for (int i = 0; i < 2; i++) {
        ELEM(map) *m = &ELEM(maps)[i];
        while (m->first) {
            ELEM(pair) *hp = m->first;
            m->first = hp->order_next;
            while (hp->frag_head) {
                ck_packet *p = hp->frag_head;
                hp->frag_head = p->next;
                ck_drop(p, ELEMENT_INDEX, "held at exit");
            }
            while (hp->flows) {
                ELEM(flow) *f = hp->flows;
                hp->flows = f->next;
                ELEM(record)(hp, f);
                free(f);
            }
            free(hp);
        }
        free(m->buckets);
        memset(m, 0, sizeof *m);
    }
    if (ELEM(trace)) {
        if (ELEM(trace) != stdout) {
            fputs("</trace>\n", ELEM(trace));
            fclose(ELEM(trace));
        } else
            fflush(stdout);
        ELEM(trace) = NULL;
    }
}

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    int act = ELEM(handle)(p);
    if (ELEM(active_sec) >= ELEM(gc_sec))
        ELEM(reap)();
    if (act == ELEM(EMIT))
        OUTPUT(0, p);
    else if (act == ELEM(DROP))
        CK_OUTPUT1_OR_DROP(p, "not a TCP/UDP flow");
}

static CK_UNUSED ck_packet *ELEM(pull)(int port)
{
    (void)port;
    ck_packet *p = INPUT_PULL(0);
    int act = p ? ELEM(handle)(p) : ELEM(NONE);
    if (ELEM(active_sec) >= ELEM(gc_sec))
        ELEM(reap)();
    if (act == ELEM(EMIT))
        return p;
    if (act == ELEM(DROP))
        CK_OUTPUT1_OR_DROP(p, "not a TCP/UDP flow");
    return NULL;
}

static CK_UNUSED int ELEM(write_clear)(const char *value, ck_errh *errh)
{
    (void)value, (void)errh;
    uint32_t active = ELEM(active_sec), gc = ELEM(gc_sec);
    ELEM(active_sec) = ELEM(gc_sec) = 0x7FFFFFFF;
    ELEM(reap)();
    ELEM(active_sec) = active;
    ELEM(gc_sec) = gc;
    return 0;
}
#undef AIF_OLDER
#undef AIF_FIRSTFRAG
#undef AIF_ISFRAG
