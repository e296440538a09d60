/* AddressTranslator(N, [PORTS, N static mappings,] DYNAMIC [, DYNAMIC_PORTS, DIRECTION,
 * mapped addresses | MADDR PORT_START PORT_END]): Click's IPv6 address translator
 * (elements/ip6/addresstranslator.cc).  Input 0 takes outward packets (from inner hosts) and
 * sends them translated out of output 0 (source address, and source port with port mapping,
 * replaced by the mapped ones); input 1 takes inward packets and sends them out of output 1
 * (destination address, and port, replaced by the inner ones).  Each packet's data must
 * start with its IPv6 header; TCP (next header 6), UDP (17) and ICMPv6 (58) are translated,
 * with Click's in6_fast_cksum checksum recomputed over the whole payload (for ICMPv6 only for
 * types 1, 2, 3, 4, 128 and 129, as Click).  Translated packets are new (fresh annotations,
 * as Click's Packet::make).
 *
 * Lookup, as Click's lookup(): static mappings first (outward: the inner address, and port,
 * match; inward: the mapped address, and port), then dynamic address bindings, then, in the
 * allocation direction, a free dynamic address is bound to the flow's address (dynamic
 * address mapping), or with DYNAMIC_PORTS each flow (inner address and port, external
 * address and port) gets a mapped port on MADDR, chosen by Click's rover through
 * PORT_START..PORT_END ("AddressTranslator ran out of ports" when none is left); the reverse
 * direction finds the flow's mapping.  Where Click reads uninitialized variables, clickc
 * uses 0: the ports of ICMPv6 packets, the allocation direction of a translator without
 * dynamic mapping (outward), and, for an inward packet under static port mapping, Click's
 * unset inner port, for which clickc takes the mapping's inner port (what the mapping says).
 * Counted drops where Click drops silently or reads past the data: "no mapping", "protocol
 * unrecognized" (Click also prints " discard the packet, protocol unrecognized"), "bad IPv6
 * header" (under 40 bytes, payload length beyond the data, or a transport header shorter
 * than its checksum needs). */
#include "ip6/ckip6.h"

typedef struct ELEM(entry) {
    unsigned char iai[16], mai[16];
    uint16_t ipi, mpi;
    int binding, is_static;
} ELEM(entry);

/* one dynamic port mapping: the key of its table and the flow it maps to */
typedef struct ELEM(map) {
    unsigned char key[36];
    unsigned char addr[16];
    uint16_t port;
    int used;
} ELEM(map);

static ELEM(entry) *ELEM(v);
static int ELEM(nv), ELEM(nstatic), ELEM(sports), ELEM(dyn), ELEM(dports), ELEM(dir);
static unsigned char ELEM(maddr)[16];
static uint16_t ELEM(portl), ELEM(porth);
/* Click's tables _out_map and _in_map (open addressing), and the rover list of the
 * allocation direction's mappings: each node's flow source port and successor */
static ELEM(map) *ELEM(tab)[2];
static size_t ELEM(tabn)[2], ELEM(tabcap)[2];
static uint16_t *ELEM(lsport);
static int *ELEM(lnext);
static int ELEM(lcount), ELEM(lcap), ELEM(rover) = -1;

static int ELEM(hex16)(const char *s, unsigned char out[16])
{
    for (int i = 0; i < 16; i++) {
        unsigned v;
        if (sscanf(s + 2 * i, "%2x", &v) != 1)
            return -1;
        out[i] = (unsigned char)v;
    }
    return 0;
}

static int ELEM(add)(void)
{
    ELEM(entry) *n = realloc(ELEM(v), (size_t)(ELEM(nv) + 1) * sizeof *n);
    if (!n)
        return -1;
    ELEM(v) = n;
    memset(&n[ELEM(nv)], 0, sizeof *n);
    ELEM(nv)++;
    return 0;
}

static size_t ELEM(hash)(const unsigned char *k)
{
    size_t h = 5381;
    for (int i = 0; i < 36; i++)
        h = h * 33 + k[i];
    return h;
}

static ELEM(map) *ELEM(find)(int t, const unsigned char *k)
{
    if (!ELEM(tabcap)[t])
        return NULL;
    size_t j = ELEM(hash)(k) % ELEM(tabcap)[t];
    while (ELEM(tab)[t][j].used) {
        if (!memcmp(ELEM(tab)[t][j].key, k, 36))
            return &ELEM(tab)[t][j];
        j = (j + 1) % ELEM(tabcap)[t];
    }
    return NULL;
}

static int ELEM(insert)(int t, const unsigned char *k, const unsigned char *addr, uint16_t port)
{
    if ((ELEM(tabn)[t] + 1) * 2 > ELEM(tabcap)[t]) {
        size_t cap = ELEM(tabcap)[t] ? ELEM(tabcap)[t] * 2 : 64;
        ELEM(map) *nt = calloc(cap, sizeof *nt);
        if (!nt)
            return -1;
        for (size_t i = 0; i < ELEM(tabcap)[t]; i++)
            if (ELEM(tab)[t][i].used) {
                size_t j = ELEM(hash)(ELEM(tab)[t][i].key) % cap;
                while (nt[j].used)
                    j = (j + 1) % cap;
                nt[j] = ELEM(tab)[t][i];
            }
        free(ELEM(tab)[t]);
        ELEM(tab)[t] = nt;
        ELEM(tabcap)[t] = cap;
    }
    ELEM(map) *m = ELEM(find)(t, k);
    if (!m) {
        size_t j = ELEM(hash)(k) % ELEM(tabcap)[t];
        while (ELEM(tab)[t][j].used)
            j = (j + 1) % ELEM(tabcap)[t];
        m = &ELEM(tab)[t][j];
        ELEM(tabn)[t]++;
    }
    memcpy(m->key, k, 36);
    memcpy(m->addr, addr, 16);
    m->port = port;
    m->used = 1;
    return 0;
}

static void ELEM(flowkey)(unsigned char *k, const unsigned char *a1, uint16_t p1,
                          const unsigned char *a2, uint16_t p2)
{
    memset(k, 0, 36);
    memcpy(k, a1, 16);
    memcpy(k + 16, a2, 16);
    memcpy(k + 32, &p1, 2);
    memcpy(k + 34, &p2, 2);
}

/* Click's find_mport over the rover list. */
static uint16_t ELEM(find_mport)(void)
{
    if (ELEM(portl) == ELEM(porth) || ELEM(rover) < 0)
        return ELEM(portl);
    int r = ELEM(rover);
    int this_mport = ELEM(lsport)[r];
    do {
        int next = ELEM(lnext)[r];
        int next_mport = ELEM(lsport)[next];
        if (next_mport > this_mport + 1)
            goto found;
        else if (next_mport <= this_mport) {
            if (this_mport < ELEM(porth))
                goto found;
            else if (next_mport > ELEM(portl)) {
                this_mport = ELEM(portl) - 1;
                goto found;
            }
        }
        r = next;
        this_mport = next_mport;
    } while (r != ELEM(rover));
    return 0;
found:
    ELEM(rover) = r;
    return (uint16_t)(this_mport + 1);
}

/* A node with source port sport after the rover (a new list when first is set). */
static int ELEM(list_add)(uint16_t sport, int first)
{
    if (ELEM(lcount) == ELEM(lcap)) {
        int cap = ELEM(lcap) ? ELEM(lcap) * 2 : 64;
        uint16_t *s = realloc(ELEM(lsport), (size_t)cap * sizeof *s);
        if (!s)
            return -1;
        ELEM(lsport) = s;
        int *n = realloc(ELEM(lnext), (size_t)cap * sizeof *n);
        if (!n)
            return -1;
        ELEM(lnext) = n;
        ELEM(lcap) = cap;
    }
    int k = ELEM(lcount)++;
    ELEM(lsport)[k] = sport;
    if (first || ELEM(rover) < 0)
        ELEM(lnext)[k] = k;
    else {
        ELEM(lnext)[k] = ELEM(lnext)[ELEM(rover)];
        ELEM(lnext)[ELEM(rover)] = k;
    }
    ELEM(rover) = k;
    return 0;
}

/* Click's lookup(iai, ipi, mai, mpi, ea, ep, direction); 1 when mapped. */
static int ELEM(lookup)(unsigned char *iai, uint16_t *ipi, unsigned char *mai, uint16_t *mpi,
                        const unsigned char *ea, uint16_t ep, int dir)
{
    if (ELEM(nstatic) > 0 || !ELEM(dports)) {
        int alloc = dir == ELEM(dir);
        for (int i = 0; i < ELEM(nv); i++) {
            ELEM(entry) *e = &ELEM(v)[i];
            if (e->is_static) {
                int match = alloc ? !memcmp(e->iai, iai, 16) && (!ELEM(sports) || e->ipi == *ipi)
                                  : !memcmp(e->mai, mai, 16) && (!ELEM(sports) || e->mpi == *mpi);
                if (!match)
                    continue;
                if (alloc)
                    memcpy(mai, e->mai, 16);
                else
                    memcpy(iai, e->iai, 16);
                if (ELEM(sports)) {
                    if (alloc)
                        *mpi = e->mpi;
                    else
                        *ipi = e->ipi;
                } else if (alloc)
                    *mpi = *ipi;
                else
                    *ipi = *mpi;
                return 1;
            } else if (e->binding) {
                if (dir == 0 ? !memcmp(e->iai, iai, 16) : !memcmp(e->mai, mai, 16)) {
                    if (dir == 0) {
                        memcpy(mai, e->mai, 16);
                        *mpi = *ipi;
                    } else {
                        memcpy(iai, e->iai, 16);
                        *ipi = *mpi;
                    }
                    return 1;
                }
            }
        }
        if (!ELEM(dyn) || !alloc)
            return 0;
        if (!ELEM(dports)) {
            for (int i = 0; i < ELEM(nv); i++) {
                ELEM(entry) *e = &ELEM(v)[i];
                if (e->binding || e->is_static)
                    continue;
                if (dir == 0) {
                    memcpy(e->iai, iai, 16);
                    memcpy(mai, e->mai, 16);
                    *mpi = *ipi;
                } else {
                    memcpy(e->mai, mai, 16);
                    memcpy(iai, e->iai, 16);
                    *ipi = *mpi;
                }
                e->binding = 1;
                return 1;
            }
        }
        return 0;
    }
    unsigned char k[36];
    if (dir == 0) {
        ELEM(flowkey)(k, iai, *ipi, ea, ep);
        ELEM(map) *m = ELEM(find)(0, k);
        if (m) {
            memcpy(mai, m->addr, 16);
            *mpi = m->port;
            return 1;
        }
    } else {
        ELEM(flowkey)(k, ea, ep, mai, *mpi);
        ELEM(map) *m = ELEM(find)(1, k);
        if (m) {
            memcpy(iai, m->addr, 16);
            *ipi = m->port;
            return 1;
        }
    }
    if (dir != ELEM(dir))
        return 0;
    uint16_t port = ELEM(find_mport)();
    if (!port) {
        ck_chatter("AddressTranslator ran out of ports");
        return 0;
    }
    if (dir == 0) {
        *mpi = port;
        memcpy(mai, ELEM(maddr), 16);
    } else {
        *ipi = port;
        memcpy(iai, ELEM(maddr), 16);
    }
    unsigned char ko[36], ki[36];
    ELEM(flowkey)(ko, iai, *ipi, ea, ep); /* orig_out_flow -> new_out_flow (mai, mpi) */
    ELEM(flowkey)(ki, ea, ep, mai, *mpi); /* orig_in_flow -> new_in_flow (iai, ipi) */
    if (ELEM(insert)(0, ko, mai, *mpi) < 0 || ELEM(insert)(1, ki, iai, *ipi) < 0
        || ELEM(list_add)(dir == 0 ? *mpi : ep, port == ELEM(portl)) < 0)
        return 0;
    return 1;
}

static int
ELEM(init)(ck_errh *errh)
{
    ELEM(sports) = (int)CONF(STATIC_PORTS);
    ELEM(dyn) = (int)CONF(DYNAMIC);
    ELEM(dports) = (int)CONF(DYNAMIC_PORTS);
    ELEM(dir) = (int)CONF(DIRECTION);
    ELEM(portl) = (uint16_t)CONF(PORT_START);
    ELEM(porth) = (uint16_t)CONF(PORT_END);
    const char *s = CONF_GIVEN(STATIC) ? (const char *)CONF(STATIC) : "";
    while (*s) {
        unsigned ip = 0, mp = 0;
        char ia[33], ma[33];
        int used = 0;
        while (*s == ' ')
            s++;
        if (!*s)
            break;
        if (sscanf(s, "%32[0-9a-f],%u,%32[0-9a-f],%u%n", ia, &ip, ma, &mp, &used) != 4
            || ELEM(add)() < 0)
            return ck_error(errh, "bad static mapping");
        ELEM(entry) *e = &ELEM(v)[ELEM(nv) - 1];
        ELEM(hex16)(ia, e->iai);
        ELEM(hex16)(ma, e->mai);
        e->ipi = (uint16_t)ip;
        e->mpi = (uint16_t)mp;
        e->binding = e->is_static = 1;
        ELEM(nstatic)++;
        s += used;
    }
    s = CONF_GIVEN(ADDRS) ? (const char *)CONF(ADDRS) : "";
    while (*s) {
        while (*s == ' ')
            s++;
        if (!*s)
            break;
        if (ELEM(add)() < 0)
            return ck_error(errh, "out of memory");
        ELEM(entry) *e = &ELEM(v)[ELEM(nv) - 1];
        /* Click's add_map: the address is the mapped one for outward allocation */
        if (ELEM(hex16)(s, ELEM(dir) ? e->iai : e->mai) < 0)
            return ck_error(errh, "bad address");
        s += 32;
    }
    if (CONF_GIVEN(MADDR) && ELEM(hex16)((const char *)CONF(MADDR), ELEM(maddr)) < 0)
        return ck_error(errh, "bad address");
    return 0;
}

static void
ELEM(cleanup)(void)
{
    free(ELEM(v));
    ELEM(v) = NULL;
    for (int t = 0; t < 2; t++) {
        free(ELEM(tab)[t]);
        ELEM(tab)[t] = NULL;
        ELEM(tabn)[t] = ELEM(tabcap)[t] = 0;
    }
    free(ELEM(lsport));
    free(ELEM(lnext));
    ELEM(lsport) = NULL;
    ELEM(lnext) = NULL;
}

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    const unsigned char *in = p->data;
    uint32_t plen = p->len >= CKIP6_HDR ? ck_get16(in + CKIP6_PLEN) : 0;
    unsigned nxt = p->len >= CKIP6_HDR ? in[CKIP6_NXT] : 0;
    if (p->len < CKIP6_HDR || CKIP6_HDR + plen > p->len) {
        ck_drop(p, ELEMENT_INDEX, "bad IPv6 header");
        return;
    }
    if (nxt != 6 && nxt != 17 && nxt != CKIP6_PROTO_ICMP6) {
        ck_chatter(" discard the packet, protocol unrecognized");
        ck_drop(p, ELEMENT_INDEX, "protocol unrecognized");
        return;
    }
    unsigned sumoff = nxt == 6 ? 16 : nxt == 17 ? 6 : 2;
    if (plen < sumoff + 2) {
        ck_drop(p, ELEMENT_INDEX, "bad IPv6 header");
        return;
    }
    const unsigned char *t = in + CKIP6_HDR;
    unsigned char iai[16], mai[16], ea[16];
    uint16_t ipi = 0, mpi = 0, ep = 0;
    int ok;
    if (port == 0) { /* outward: the source is inner */
        memcpy(iai, in + CKIP6_SRC, 16);
        memcpy(ea, in + CKIP6_DST, 16);
        memset(mai, 0, 16);
        if (nxt != CKIP6_PROTO_ICMP6)
            ipi = ck_get16(t), ep = ck_get16(t + 2);
        ok = ELEM(lookup)(iai, &ipi, mai, &mpi, ea, ep, 0);
    } else { /* inward: the destination is mapped */
        memcpy(mai, in + CKIP6_DST, 16);
        memcpy(ea, in + CKIP6_SRC, 16);
        memset(iai, 0, 16);
        if (nxt != CKIP6_PROTO_ICMP6)
            ep = ck_get16(t), mpi = ck_get16(t + 2);
        ok = ELEM(lookup)(iai, &ipi, mai, &mpi, ea, ep, 1);
    }
    if (!ok) {
        ck_drop(p, ELEMENT_INDEX, "no mapping");
        return;
    }
    ck_packet *q = ck_packet_alloc(p->len);
    if (!q) {
        ck_drop(p, ELEMENT_INDEX, "out of memory");
        return;
    }
    memcpy(q->data, in, p->len);
    ck_packet_kill(p);
    unsigned char *ip6 = q->data, *tq = ip6 + CKIP6_HDR;
    if (port == 0) {
        memcpy(ip6 + CKIP6_SRC, mai, 16);
        if (nxt != CKIP6_PROTO_ICMP6)
            ck_put16(tq, mpi);
    } else {
        memcpy(ip6 + CKIP6_DST, iai, 16);
        if (nxt != CKIP6_PROTO_ICMP6)
            ck_put16(tq + 2, ipi);
    }
    int sum = nxt != CKIP6_PROTO_ICMP6 || (tq[0] >= 1 && tq[0] <= 4) || tq[0] == 128
              || tq[0] == 129;
    if (sum) {
        uint16_t l;
        memcpy(&l, ip6 + CKIP6_PLEN, 2);
        ck_set_raw16(tq + sumoff, 0);
        ck_put16(tq + sumoff, ck_in6_fast_cksum(ip6 + CKIP6_SRC, ip6 + CKIP6_DST, l,
                                                (uint8_t)nxt, 0, tq, l));
    }
    OUTPUT(port, q);
}
