/* ToDPDKDevice(PORT [, QUEUE, keywords N_QUEUES, IQUEUE, BLOCKING, BURST, TIMEOUT, NDESC]):
 * sends pushed packets on transmit queue QUEUE of a DPDK port (Click's and FastClick's
 * elements/userlevel/todpdkdevice.cc).  Packets are copied into mbufs and wait in an internal
 * queue of at most IQUEUE packets; a burst leaves when BURST packets wait, and the task sends
 * a partial burst after TIMEOUT milliseconds (0: on the next scheduling round, once the
 * sources have pushed; negative: never).  When the device ring is full and the internal
 * queue too, BLOCKING waits for the device (until the router stops), else the packet is
 * dropped (handler `dropped`).  The router does not stop by itself while packets wait here;
 * at exit the device gets one more second for them. */
#include "io_dpdk.h"
#include "userlevel/ckdpdkport.h"

static uint32_t ELEM(burst), ELEM(iqueue_size);
static struct rte_mbuf **ELEM(iq);
static uint32_t ELEM(iq_len);
static int64_t ELEM(first_wait_ns);
static uint64_t ELEM(count), ELEM(dropped);

static int
ELEM(init)(ck_errh *errh)
{
    if (ELEM(open_port)(errh) < 0)
        return -1;
    ELEM(burst) = (uint32_t)CONF(BURST);
    if (ELEM(burst) == 0)
        ELEM(burst) = 1;
    ELEM(iqueue_size) = (uint32_t)CONF(IQUEUE);
    if (ELEM(iqueue_size) < ELEM(burst))
        ELEM(iqueue_size) = ELEM(burst);
    ELEM(iq) = calloc(ELEM(iqueue_size), sizeof(struct rte_mbuf *));
    if (!ELEM(iq)) {
        ck_dpdk_shared.users--; /* no cleanup after a failed initialization */
        return ck_error(errh, "out of memory");
    }
    ck_dpdk_use(ELEM(port), -1, ELEM(queue), (int)CONF(N_QUEUES), (int)CONF(NDESC), 0);
    return 0;
}

/* While packets wait here the router is not idle: it does not stop with packets unsent. */
static int ELEM(waiting);
static CK_UNUSED void ELEM(set_waiting)(int w)
{
    if (w != ELEM(waiting)) {
        ELEM(waiting) = w;
        ck_source_active(w ? +1 : -1);
    }
}

/* Send what waits: as much as the device takes now, or (`all`) until everything left and,
 * while the device takes nothing, until `deadline_ns` (monotonic) passes or, without a
 * deadline, until the router is stopping. */
static CK_UNUSED void ELEM(flush)(int all, int64_t deadline_ns)
{
    uint32_t sent = 0;
    while (sent < ELEM(iq_len)) {
        uint32_t want = ELEM(iq_len) - sent;
        uint16_t n = rte_eth_tx_burst((uint16_t)ELEM(port), ELEM(queue), ELEM(iq) + sent,
                                      (uint16_t)(want > 65535 ? 65535 : want));
        sent += n;
        if (n == 0 && (!all || (deadline_ns ? ck_monotonic_ns() > deadline_ns
                                            : ck_router_stopping())))
            break;
    }
    ELEM(count) += sent;
    memmove(ELEM(iq), ELEM(iq) + sent, (ELEM(iq_len) - sent) * sizeof(struct rte_mbuf *));
    ELEM(iq_len) -= sent;
    if (ELEM(iq_len) == 0)
        ELEM(first_wait_ns) = 0;
    ELEM(set_waiting)(ELEM(iq_len) > 0);
}

static void
ELEM(cleanup)(void)
{
    /* Give the device a second for what still waits; what it does not take is dropped. */
    if (ELEM(iq) && ELEM(port) >= 0 && ck_dpdk_shared.running[ELEM(port)].started)
        ELEM(flush)(1, ck_monotonic_ns() + 1000000000);
    for (uint32_t i = 0; i < ELEM(iq_len); i++) {
        rte_pktmbuf_free(ELEM(iq)[i]);
        ELEM(dropped)++;
        ck_count_drop(ELEMENT_INDEX, "unsent at exit");
    }
    ELEM(iq_len) = 0;
    free(ELEM(iq));
    ELEM(iq) = NULL;
    ck_dpdk_release();
}

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    if (ck_dpdk_start_all() < 0) {
        ck_drop(p, ELEMENT_INDEX, "device not started");
        return;
    }
    struct rte_mbuf *m = ck_dpdk_take_packet(p); /* consumes p */
    if (!m) {
        ELEM(dropped)++;
        ck_drop(p, ELEMENT_INDEX, p->len > RTE_MBUF_DEFAULT_DATAROOM ? "too long" : "no mbuf");
        return;
    }
    /* (at least full: a hot swap may hand over more than IQUEUE, ELEM(hot_take)) */
    if (ELEM(iq_len) >= ELEM(iqueue_size)) {
        ELEM(flush)((int)CONF(BLOCKING), 0);
        if (ELEM(iq_len) >= ELEM(iqueue_size)) {
            rte_pktmbuf_free(m);
            ELEM(dropped)++;
            ck_count_drop(ELEMENT_INDEX, "device full");
            return;
        }
    }
    if (ELEM(iq_len) == 0)
        ELEM(first_wait_ns) = ck_monotonic_ns();
    ELEM(iq)[ELEM(iq_len)++] = m;
    ELEM(set_waiting)(1);
    if (ELEM(iq_len) >= ELEM(burst))
        ELEM(flush)(0, 0);
}

static CK_UNUSED int ELEM(run_task)(void)
{
    if (ELEM(iq_len) == 0 || (int)CONF(TIMEOUT) < 0)
        return 0;
    if ((int)CONF(TIMEOUT) > 0 &&
        ck_monotonic_ns() - ELEM(first_wait_ns) < (int64_t)CONF(TIMEOUT) * 1000000)
        return 0;
    uint32_t before = ELEM(iq_len);
    ELEM(flush)(0, 0);
    return (int)(before - ELEM(iq_len));
}

#ifdef CK_HOT
/* clickc run -R (ElementSpec.hot, docs/reconfiguration.md "DPDK ports"): `count` and `dropped`
 * continue when the predecessor sent on the same port and queue (the keyed copy); the mbufs
 * waiting in its internal queue move here in their order, ahead of this router's packets (the
 * array grows when they outnumber IQUEUE; pushes wait until it drains below IQUEUE).  A
 * predecessor on another port or queue keeps its packets: its cleanup sends them there. */
static CK_UNUSED int ELEM(hot_take)(const ck_hot_elem *old, ck_errh *errh)
{
    const int *oport = ck_hot_var_ptr(old, "port", sizeof ELEM(port));
    const uint16_t *oqueue = ck_hot_var_ptr(old, "queue", sizeof ELEM(queue));
    struct rte_mbuf ***oiq = ck_hot_var_ptr(old, "iq", sizeof ELEM(iq));
    uint32_t *olen = ck_hot_var_ptr(old, "iq_len", sizeof ELEM(iq_len));
    if (!oport || !oqueue || !oiq || !olen || *oport != ELEM(port) || *oqueue != ELEM(queue) ||
        !*oiq || *olen == 0)
        return 0;
    uint32_t need = ELEM(iq_len) + *olen;
    if (need > ELEM(iqueue_size)) {
        struct rte_mbuf **grown = realloc(ELEM(iq), need * sizeof *grown);
        if (!grown) /* the predecessor's cleanup sends them (it has a second for that) */
            return ck_error(errh, "out of memory: the packets of the internal queue are sent "
                                  "by the old router");
        ELEM(iq) = grown;
    }
    memmove(ELEM(iq) + *olen, ELEM(iq), ELEM(iq_len) * sizeof *ELEM(iq));
    memcpy(ELEM(iq), *oiq, *olen * sizeof *ELEM(iq));
    ELEM(iq_len) = need;
    *olen = 0; /* the predecessor's cleanup sends and frees nothing */
    ELEM(first_wait_ns) = ck_monotonic_ns();
    ELEM(set_waiting)(1);
    return 0;
}
#endif

#include "standard/ckdata.h"
CK_DATA_READ(count, ELEM(count));
CK_DATA_READ(dropped, ELEM(dropped));

static CK_UNUSED int ELEM(write_reset_counts)(const char *value, ck_errh *errh)
{
    (void)value, (void)errh;
    ELEM(count) = ELEM(dropped) = 0;
    return 0;
}

static CK_UNUSED int ELEM(read_hw_count)(ck_buf *out) { ck_dpdk_stat(out, ELEM(port), 4); return 0; }
static CK_UNUSED int ELEM(read_hw_bytes)(ck_buf *out) { ck_dpdk_stat(out, ELEM(port), 5); return 0; }
static CK_UNUSED int ELEM(read_hw_errors)(ck_buf *out) { ck_dpdk_stat(out, ELEM(port), 6); return 0; }
