/* FromDPDKDevice(PORT [, QUEUE, keywords N_QUEUES, PROMISC, BURST, NDESC, ACTIVE]): reads
 * packets from receive queue QUEUE of a DPDK port and pushes them out (Click's and FastClick's
 * elements/userlevel/fromdpdkdevice.cc).  A schedulable source task: each run takes up to
 * BURST packets with rte_eth_rx_burst and copies each into a ck_packet (runtime/io_dpdk.h).
 * The EAL is initialized by the first DPDK element with the arguments given after --dpdk;
 * ports are configured and started on the first task run, when every DPDK element has said
 * which queues it uses. */
#include "io_dpdk.h"
#include "userlevel/ckdpdkport.h"

static uint32_t ELEM(burst);
static int ELEM(active);
static uint64_t ELEM(count);

static int
ELEM(init)(ck_errh *errh)
{
    if (ELEM(open_port)(errh) < 0)
        return -1;
    ELEM(burst) = (uint32_t)CONF(BURST);
    if (ELEM(burst) == 0 || ELEM(burst) > CK_DPDK_MAX_BURST)
        ELEM(burst) = ELEM(burst) ? CK_DPDK_MAX_BURST : 32;
    ELEM(active) = (int)CONF(ACTIVE);
    ck_dpdk_use(ELEM(port), ELEM(queue), -1, (int)CONF(N_QUEUES), (int)CONF(NDESC), (int)CONF(PROMISC));
    ck_source_active(+1); /* a port never ends: the router runs until stopped */
    return 0;
}

static void
ELEM(cleanup)(void)
{
    ck_dpdk_release();
}

/* The burst goes on packet by packet, or as vectors in vector mode (standard/ckburst.h). */
#include "standard/ckburst.h"

static CK_UNUSED int ELEM(run_task)(void)
{
    if (!ELEM(active) || ELEM(port) < 0 || ck_dpdk_start_all() < 0)
        return 0;
    struct rte_mbuf *m[CK_DPDK_MAX_BURST];
    uint16_t n = rte_eth_rx_burst((uint16_t)ELEM(port), ELEM(queue), m, (uint16_t)ELEM(burst));
    ck_packet *ps[CK_DPDK_MAX_BURST];
    uint32_t k = 0;
    for (uint16_t i = 0; i < n; i++)
        ck_dpdk_prefetch_headroom(m[i]);
    for (uint16_t i = 0; i < n; i++) {
        ck_packet *p = ck_dpdk_to_packet(m[i], CK_HEADROOM);
        if (!p)
            ck_count_drop(ELEMENT_INDEX, "out of memory");
        else
            ps[k++] = p;
    }
    ELEM(output_burst)(ps, (int)k);
    ELEM(count) += k;
    ck_source_count(k);
    return (int)k;
}

#include "standard/ckdata.h"
CK_DATA_READ(count, ELEM(count));

static CK_UNUSED int ELEM(write_reset_counts)(const char *value, ck_errh *errh)
{
    (void)value, (void)errh;
    ELEM(count) = 0;
    return 0;
}

#define CK_ACTIVE_ERROR "type mismatch"
#include "standard/ckactive.h"

CK_DATA_READ(device, ELEM(port));
CK_DATA_READ(nb_rx_queues, ELEM(port) >= 0 ? (unsigned)ck_dpdk_ports[ELEM(port)].nb_rx : 0u);

static CK_UNUSED int ELEM(read_hw_count)(ck_buf *out) { ck_dpdk_stat(out, ELEM(port), 0); return 0; }
static CK_UNUSED int ELEM(read_hw_bytes)(ck_buf *out) { ck_dpdk_stat(out, ELEM(port), 1); return 0; }
static CK_UNUSED int ELEM(read_hw_dropped)(ck_buf *out) { ck_dpdk_stat(out, ELEM(port), 2); return 0; }
static CK_UNUSED int ELEM(read_hw_errors)(ck_buf *out) { ck_dpdk_stat(out, ELEM(port), 3); return 0; }
