/* EtherSwitch([TIMEOUT]): input i and output i are one LAN (Click's
 * elements/etherswitch/etherswitch.cc).  Unless TIMEOUT is 0 (a hub), each packet binds its
 * Ethernet source to its input, stamped with the packet's timestamp annotation; a unicast
 * destination bound less than TIMEOUT seconds before the packet's timestamp is sent to its
 * port (dropped, "same port", when that is the input), an expired binding is forgotten; other
 * packets go to every other output, from the highest, the last one getting the packet itself.
 * A frame shorter than the two addresses (Click reads past it) is dropped ("short frame").
 * The table handler lists "XX-XX-XX-XX-XX-XX PORT" lines in the order the addresses were
 * first learned (Click lists its hash table's order).
 *
 * ListenEtherSwitch includes this file with ESW_LISTEN defined: its last output is the listen
 * port, which floods reach as one more port, and which gets a copy of a forwarded packet
 * (first) and a packet for the input's own port (instead of a drop). */
typedef struct ELEM(entry) {
    unsigned char addr[6];
    int port;
    int64_t stamp;
    struct ELEM(entry) *next, *older, *newer; /* hash chain; learning order */
} ELEM(entry);

#define ESW_BUCKETS 1024u
static ELEM(entry) *ELEM(hash)[ESW_BUCKETS];
static ELEM(entry) *ELEM(oldest), *ELEM(newest);
static uint32_t ELEM(timeout);

static int
ELEM(init)(ck_errh *errh)
{
    (void)errh;
    ELEM(timeout) = (uint32_t)CONF(TIMEOUT);
    return 0;
}

static uint32_t ELEM(slot)(const unsigned char *a)
{
    uint32_t h = 2166136261u;
    for (int i = 0; i < 6; i++)
        h = (h ^ a[i]) * 16777619u;
    return h & (ESW_BUCKETS - 1);
}

static ELEM(entry) **ELEM(find)(const unsigned char *a)
{
    ELEM(entry) **pp = &ELEM(hash)[ELEM(slot)(a)];
    while (*pp && memcmp((*pp)->addr, a, 6) != 0)
        pp = &(*pp)->next;
    return pp;
}

static void ELEM(erase)(ELEM(entry) **pp)
{
    ELEM(entry) *e = *pp;
    *pp = e->next;
    if (e->older)
        e->older->newer = e->newer;
    else
        ELEM(oldest) = e->newer;
    if (e->newer)
        e->newer->older = e->older;
    else
        ELEM(newest) = e->older;
    free(e);
}

static void
ELEM(cleanup)(void)
{
    for (uint32_t i = 0; i < ESW_BUCKETS; i++)
        while (ELEM(hash)[i])
            ELEM(erase)(&ELEM(hash)[i]);
}

static void ELEM(broadcast)(int source, ck_packet *p)
{
    int last = source == 0 ? 1 : 0; /* the lowest other output gets p itself */
    for (int i = NOUTPUTS - 1; i >= 0; i--) {
        if (i == source)
            continue;
        if (i == last) {
            OUTPUT(i, p);
            return;
        }
        ck_packet *q = ck_packet_clone(p);
        if (q)
            OUTPUT(i, q);
        else
            ck_count_drop(ELEMENT_INDEX, "out of memory");
    }
}

static CK_UNUSED void ELEM(push)(int source, ck_packet *p)
{
    if (p->len < 12) {
        ck_drop(p, ELEMENT_INDEX, "short frame");
        return;
    }
    const unsigned char *dst = p->data, *src = p->data + 6;
    int out = -1;
    if (ELEM(timeout) != 0) {
        ELEM(entry) **pp = ELEM(find)(src);
        if (!*pp) {
            ELEM(entry) *e = calloc(1, sizeof *e);
            if (e) {
                memcpy(e->addr, src, 6);
                e->older = ELEM(newest);
                if (ELEM(newest))
                    ELEM(newest)->newer = e;
                else
                    ELEM(oldest) = e;
                ELEM(newest) = e;
                *pp = e;
            }
        }
        if (*pp) {
            (*pp)->port = source;
            (*pp)->stamp = p->ts_ns;
        }
        if (!(dst[0] & 1)) {
            ELEM(entry) **dp = ELEM(find)(dst);
            if (*dp) {
                if (p->ts_ns < (*dp)->stamp + (int64_t)ELEM(timeout) * 1000000000)
                    out = (*dp)->port;
                else
                    ELEM(erase)(dp);
            }
        }
    }
#ifdef ESW_LISTEN
    if (out < 0)
        ELEM(broadcast)(source, p);
    else if (out == source)
        OUTPUT(NOUTPUTS - 1, p);
    else {
        ck_packet *q = ck_packet_clone(p);
        if (q)
            OUTPUT(NOUTPUTS - 1, q);
        else
            ck_count_drop(ELEMENT_INDEX, "out of memory");
        OUTPUT(out, p);
    }
#else
    if (out < 0)
        ELEM(broadcast)(source, p);
    else if (out == source)
        ck_drop(p, ELEMENT_INDEX, "same port");
    else
        OUTPUT(out, p);
#endif
}

static CK_UNUSED int ELEM(read_table)(ck_buf *out)
{
    for (ELEM(entry) *e = ELEM(oldest); e; e = e->newer) {
        ck_unparse_ether(out, e->addr);
        ck_buf_printf(out, " %d\n", e->port);
    }
    return 0;
}

#include "standard/ckdata.h"
CK_DATA_READ(timeout, ELEM(timeout));

static CK_UNUSED int ELEM(write_timeout)(const char *value, ck_errh *errh)
{
    int64_t ns;
    if (ck_parse_time_ns(value, &ns) < 0 || ns < 0)
        return ck_error(errh, "expected timeout (integer)");
    int64_t s = ns / 1000000000;
    ELEM(timeout) = s > UINT32_MAX ? UINT32_MAX : (uint32_t)s;
    return 0;
}
#undef ESW_BUCKETS
#undef ESW_LISTEN
