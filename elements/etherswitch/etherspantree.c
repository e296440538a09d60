/* EtherSpanTree(ADDR, INPUT_SUPPRESSOR, OUTPUT_SUPPRESSOR, SWITCH): IEEE 802.1D spanning tree
 * as Click's etherswitch package runs it (Click's elements/etherswitch/spantree.cc and
 * bridgemessage.cc; docs/more-elements.md, "EtherSpanTree").
 *
 * Each port keeps the best bridge protocol message received on it (root, cost, bridge, port:
 * lower is better; the message's age, and the max age, hello time and forward delay it
 * carries).  The switch's best message is its own (root = itself, cost 0) unless a port's
 * message, its cost plus one, is better: that port is the root port.  A port other than the
 * root port blocks when the message received there beats what the switch would send on it, and
 * otherwise goes forward: BLOCK -> LISTEN -> LEARN -> FORWARD, one step per forward delay,
 * through the Suppressors (BLOCK and LISTEN: both closed; LEARN: input open; FORWARD: both
 * open).  Every hello time the timer moves the ports on, expires messages older than the max
 * age and sends on each port where the switch is the designated bridge a configuration message
 * (60 bytes to 01:80:c2:00:00:00), or on the root port a topology change notification while a
 * topology change is unacknowledged.  The bridge identifier is priority 0xdead then ADDR's six
 * bytes in reverse order (Click copies the address into the low bytes of a little-endian
 * integer).  Received messages are consumed; a frame shorter than a configuration message's 52
 * bytes is a counted drop ("short BPDU"), where Click reads past its data.  With
 * ELEMENT_NTHREADS above 1 (or several router threads) an element lock (standard/ckstat.h)
 * covers each received message, each hello period and the msgs handler; the hello period's
 * messages are pushed after it is released. */
#include "standard/ckhandlerref.h"
#include "standard/ckstat.h"

enum { ELEM(nports) = NOUTPUTS > 0 ? NOUTPUTS : 1 };
enum { ELEM(block), ELEM(listen), ELEM(learn), ELEM(forward) };
#define ELEM_NEVER INT64_MAX

typedef struct ELEM(msg) {
    uint64_t root, bridge;
    uint32_t cost;
    uint16_t port;
    int tc;
    int64_t ts; /* when the message was made (monotonic ns), ELEM_NEVER: never expires */
    uint32_t max_age, hello, fwd; /* seconds */
} ELEM(msg);

typedef struct ELEM(port) {
    int state;
    int64_t since;
    ELEM(msg) msg;
} ELEM(port);

static ELEM(port) ELEM(ports)[ELEM(nports)];
static ELEM(msg) ELEM(best);
static uint64_t ELEM(my_id);
static int ELEM(send_tc);
static ck_timer ELEM(timer);
static ck_write_fn ELEM(sup)[2][ELEM(nports)]; /* input, output Suppressor's activeN */
static ck_elem_lock ELEM(lock);

static uint64_t ELEM(be)(const unsigned char *b, int n)
{
    uint64_t v = 0;
    for (int i = 0; i < n; i++)
        v = v << 8 | b[i];
    return v;
}

static void ELEM(put)(unsigned char *b, uint64_t v, int n)
{
    for (int i = n - 1; i >= 0; i--, v >>= 8)
        b[i] = (unsigned char)v;
}

/* The worst message (Click's BridgeMessage::expire()); the port and times stay. */
static void ELEM(worst)(ELEM(msg) *m)
{
    m->root = m->bridge = ~(uint64_t)0;
    m->cost = 0xffffffffu;
    m->ts = ELEM_NEVER;
    m->tc = 0;
}

/* The switch's own message (BridgeMessage::reset: the port is left as it was). */
static void ELEM(own)(ELEM(msg) *m)
{
    m->root = m->bridge = ELEM(my_id);
    m->cost = 0;
    m->ts = ELEM_NEVER;
    m->tc = 0;
    m->max_age = 20;
    m->hello = 2;
    m->fwd = 15;
}

#define ELEM_CMP(a, b, w) do { if ((a) != (b)) return (a) < (b) ? (w) : -(w); } while (0)
/* Positive when a (sent by bridge `bridge` on port `port`) is better than b, 0 when equal. */
static int ELEM(compare_as)(const ELEM(msg) *a, const ELEM(msg) *b, uint64_t bridge,
                            unsigned port)
{
    ELEM_CMP(a->root, b->root, 4);
    ELEM_CMP(a->cost, b->cost, 3);
    ELEM_CMP(bridge, b->bridge, 2);
    ELEM_CMP(port, b->port, 1);
    return 0;
}

static int ELEM(compare)(const ELEM(msg) *a, const ELEM(msg) *b)
{
    return ELEM(compare_as)(a, b, a->bridge, a->port);
}

static void ELEM(from_wire)(ELEM(msg) *m, const unsigned char *d, int64_t now)
{
    m->root = ELEM(be)(d + 22, 8);
    m->cost = (uint32_t)ELEM(be)(d + 30, 4);
    m->bridge = ELEM(be)(d + 34, 8);
    m->port = (uint16_t)ELEM(be)(d + 42, 2);
    /* the message age is in 1/256 seconds */
    m->ts = now - (int64_t)ELEM(be)(d + 44, 2) * 1000000 / 256 * 1000;
    m->tc = d[21] & 1;
    m->max_age = (uint32_t)ELEM(be)(d + 46, 2) / 256;
    m->hello = (uint32_t)ELEM(be)(d + 48, 2) / 256;
    m->fwd = (uint32_t)ELEM(be)(d + 50, 2) / 256;
}

static void ELEM(suppress)(int which, int port, int active)
{
    ck_errh errh;
    ck_errh_init(&errh, ELEMENT_LANDMARK, NULL);
    if (ELEM(sup)[which][port])
        ELEM(sup)[which][port](active ? "true" : "false", &errh);
}

/* Click's set_state: BLOCK, or one step towards FORWARD; returns whether the state changed. */
static int ELEM(set_state)(int i, int state, int64_t now)
{
    ELEM(port) *pt = &ELEM(ports)[i];
    if (pt->state == state)
        return 0;
    if (state == ELEM(forward)) {
        if (pt->state == ELEM(block)) {
            ck_chatter("Setting send_tc_msg: BLOCK -> FORWARD on %d", i);
            ELEM(send_tc) = 1;
        }
        state = pt->state + 1;
    } else {
        ck_chatter("Setting send_tc_msg: FORWARD -> BLOCK on %d", i);
        ELEM(send_tc) = 1;
    }
    ck_chatter("Changing port %d from %d to %d", i, pt->state, state);
    pt->state = state;
    pt->since = now;
    ELEM(suppress)(0, i, state >= ELEM(learn));
    ELEM(suppress)(1, i, state == ELEM(forward));
    return 1;
}

static void ELEM(find_tree)(int64_t now)
{
    int root_port = -1;
    ELEM(own)(&ELEM(best));
    for (int i = 0; i < NOUTPUTS; i++) {
        ELEM(msg) m = ELEM(ports)[i].msg;
        m.cost++; /* the cost of reaching the root through port i */
        if (ELEM(compare)(&ELEM(best), &m) < 0) {
            ELEM(best) = m;
            root_port = i;
        }
    }
    for (int i = 0; i < NOUTPUTS; i++) {
        if (i == root_port) {
            if (ELEM(ports)[i].state == ELEM(block))
                ELEM(set_state)(i, ELEM(forward), now);
            continue;
        }
        /* designated bridge on port i: what the switch would send there beats what came */
        if (ELEM(compare_as)(&ELEM(best), &ELEM(ports)[i].msg, ELEM(my_id), (unsigned)i) < 0)
            ELEM(set_state)(i, ELEM(block), now);
        else if (ELEM(ports)[i].state == ELEM(block))
            ELEM(set_state)(i, ELEM(forward), now);
    }
}

static void ELEM(periodic)(int64_t now)
{
    int64_t cutoff = now - (int64_t)ELEM(best).fwd * 1000000000;
    for (int i = 0; i < NOUTPUTS; i++) {
        ELEM(port) *pt = &ELEM(ports)[i];
        if ((pt->state == ELEM(listen) || pt->state == ELEM(learn)) && pt->since < cutoff)
            ELEM(set_state)(i, ELEM(forward), now);
    }
    cutoff = now - (int64_t)ELEM(best).max_age * 1000000000;
    for (int i = 0; i < NOUTPUTS; i++)
        if (ELEM(ports)[i].msg.ts <= cutoff) {
            ELEM(worst)(&ELEM(ports)[i].msg);
            ck_chatter("Expiring message on port %d", i);
        }
    ELEM(find_tree)(now);
}

/* The message for output `port`, or NULL when the switch sends none there. */
static ck_packet *ELEM(generate)(int port, int64_t now)
{
    int cmp = ELEM(compare)(&ELEM(best), &ELEM(ports)[port].msg);
    if (cmp < 0 || (cmp == 0 && !ELEM(send_tc)))
        return NULL;
    unsigned char d[60];
    static const unsigned char all_bridges[6] = {0x01, 0x80, 0xc2, 0x00, 0x00, 0x00};
    memset(d, 0, sizeof d);
    memcpy(d, all_bridges, 6);
    memcpy(d + 6, (const unsigned char *)CONF(ADDR), 6);
    d[14] = d[15] = 0x42; /* bridge protocol SAP */
    d[16] = 3;            /* unnumbered information */
    if (cmp == 0) {       /* the root port: topology change notification */
        ELEM(put)(d + 12, 7, 2);
        d[20] = 128;
    } else {              /* designated bridge: the switch's best message */
        const ELEM(msg) *b = &ELEM(best);
        ELEM(put)(d + 12, 38, 2);
        d[21] = (unsigned char)(b->tc ? 1 : 0);
        ELEM(put)(d + 22, b->root, 8);
        ELEM(put)(d + 30, b->cost, 4);
        ELEM(put)(d + 34, ELEM(my_id), 8);
        ELEM(put)(d + 42, (uint64_t)port, 2);
        uint64_t age = 0;
        if (b->ts != ELEM_NEVER) {
            int64_t t = now - b->ts;
            age = (uint64_t)(t / 1000000000) * 256 + (uint64_t)(t % 1000000000 / 1000) * 256 / 1000000;
        }
        ELEM(put)(d + 44, age & 0xffff, 2);
        ELEM(put)(d + 46, (uint64_t)256 * b->max_age, 2);
        ELEM(put)(d + 48, (uint64_t)256 * b->hello, 2);
        ELEM(put)(d + 50, (uint64_t)256 * b->fwd, 2);
    }
    return ck_packet_make(d, sizeof d);
}

static void ELEM(hello)(void *arg)
{
    (void)arg;
    ck_packet *out[ELEM(nports)];
    int64_t now = ck_monotonic_ns();
    CK_ELEMENT_LOCK(ELEM(lock));
    ELEM(periodic)(now);
    for (int i = 0; i < NOUTPUTS; i++)
        out[i] = ELEM(generate)(i, now);
    int64_t next = (int64_t)ELEM(best).hello * 1000000000;
    CK_ELEMENT_UNLOCK(ELEM(lock));
    for (int i = 0; i < NOUTPUTS; i++)
        if (out[i])
            OUTPUT(i, out[i]);
    ck_timer_schedule_after(&ELEM(timer), next);
}

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    if (p->len < 52) {
        ck_drop(p, ELEMENT_INDEX, "short BPDU");
        return;
    }
    ELEM(msg) m;
    int64_t now = ck_monotonic_ns();
    CK_ELEMENT_LOCK(ELEM(lock));
    ELEM(port) *pt = &ELEM(ports)[port];
    m = pt->msg;
    ELEM(from_wire)(&m, p->data, now);
    /* better or equal: taken (an equal one refreshes the message's age) */
    if (ELEM(compare)(&pt->msg, &m) <= 0) {
        pt->msg = m;
        if (p->data[21] & 0x80) /* an acknowledgement ends the topology change messages */
            ELEM(send_tc) = 0;
    }
    ELEM(find_tree)(now);
    CK_ELEMENT_UNLOCK(ELEM(lock));
    ck_packet_kill(p);
}

static int ELEM(init)(ck_errh *errh)
{
    const unsigned char *a = (const unsigned char *)CONF(ADDR);
    uint64_t id = 0;
    for (int i = 5; i >= 0; i--)
        id = id << 8 | a[i];
    ELEM(my_id) = (uint64_t)0xdead << 48 | id;
    const char *sup[2] = {ck_current_router->elements[CONF(INPUT_SUPPRESSOR)].name,
                          ck_current_router->elements[CONF(OUTPUT_SUPPRESSOR)].name};
    for (int w = 0; w < 2; w++)
        for (int i = 0; i < NOUTPUTS; i++) {
            char h[16];
            snprintf(h, sizeof h, "active%d", i);
            if (!(ELEM(sup)[w][i] = ck_find_write_handler(sup[w], h)))
                return ck_error(errh, "'%s' has no handler '%s'", sup[w], h);
        }
    int64_t now = ck_monotonic_ns();
    for (int i = 0; i < NOUTPUTS; i++) {
        ELEM(ports)[i].state = ELEM(block);
        ELEM(worst)(&ELEM(ports)[i].msg);
    }
    for (int i = 0; i < NOUTPUTS; i++)
        ELEM(set_state)(i, ELEM(forward), now);
    ELEM(own)(&ELEM(best));
    ck_timer_init(&ELEM(timer), ELEM(hello), NULL);
    ck_timer_schedule_after(&ELEM(timer), (int64_t)ELEM(best).hello * 1000000000);
    return 0;
}

static void ELEM(cleanup)(void)
{
    ck_timer_unschedule(&ELEM(timer));
}

static void ELEM(print_msg)(ck_buf *out, const ELEM(msg) *m)
{
    char bridge[17], root[17];
    snprintf(bridge, sizeof bridge, "%llx", (unsigned long long)m->bridge);
    snprintf(root, sizeof root, "%llx", (unsigned long long)m->root);
    ck_buf_printf(out, " %16s:%04x: %2s  %lx -> %16s  m/h/d: %lx/%lx/%lx\n", bridge,
                  (unsigned)m->port, m->tc ? "TC" : "tc", (unsigned long)m->cost, root,
                  (unsigned long)m->max_age, (unsigned long)m->hello, (unsigned long)m->fwd);
}

static int ELEM(read_msgs)(ck_buf *out)
{
    CK_ELEMENT_LOCK(ELEM(lock));
    for (int i = 0; i < NOUTPUTS; i++)
        ELEM(print_msg)(out, &ELEM(ports)[i].msg);
    ELEM(print_msg)(out, &ELEM(best));
    CK_ELEMENT_UNLOCK(ELEM(lock));
    return 0;
}
#undef ELEM_CMP
#undef ELEM_NEVER
