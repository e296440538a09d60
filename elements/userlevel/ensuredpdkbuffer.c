/* EnsureDPDKBuffer([FORCE_COPY, EXTRA_HEADROOM, FAIL]): FastClick's (and Click's)
 * elements/userlevel/ensuredpdkbuffer.cc.  A packet whose data already lives in a DPDK mbuf
 * (clickc's zero-copy receive, runtime/io_dpdk.h) passes unchanged unless FORCE_COPY.  Any
 * other packet, with FAIL, is dropped ("not a DPDK packet"; the first five print "NAME ::
 * EnsureDPDKBuffer : Not a DPDK packet"); without FAIL it is copied into a new mbuf of the
 * router's pool, its data starting after the mbuf's headroom plus EXTRA_HEADROOM bytes, with
 * its annotations, timestamp and header positions (relative to the data) kept.  An empty pool
 * drops it ("no DPDK buffer"; the first five print "NAME : No more DPDK Buffer ! Dropping
 * packet."), and a packet that does not fit the mbuf is dropped ("too long for a DPDK
 * buffer"; Click frees it silently).  A router built with -DCK_DPDK_COPY has no mbuf-backed
 * packets: every copy fails as "no DPDK buffer".  init initializes the EAL (the arguments
 * after --dpdk) as the DPDK device elements do; the pool is made by the first packet to copy.
 * Several threads (ELEMENT_NTHREADS > 1) need nothing more: the warning count is atomic. */
#include "io_dpdk.h"

static _Atomic int ELEM(warn_count);

static int ELEM(init)(ck_errh *errh)
{
    if (ck_dpdk_eal(errh) < 0)
        return -1; /* not a user: a failed element is not cleaned up */
    ck_dpdk_shared.users++;
    return 0;
}

static void ELEM(cleanup)(void)
{
    ck_dpdk_release();
}

/* q's header position for p's position off (bytes from p's head), the same distance from the
 * data; -1 when unset or outside q's buffer. */
static int32_t ELEM(moved)(const ck_packet *p, const ck_packet *q, int32_t off)
{
    if (off < 0)
        return -1;
    int64_t n = (int64_t)off - (p->data - p->head) + (q->data - q->head);
    return n < 0 || n > q->end - q->head ? -1 : (int32_t)n;
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    if (!CONF(FORCE_COPY) && p->buf->slab == CK_BUFFER_EXTERNAL)
        return p;
    if (CONF(FAIL)) {
        if (atomic_fetch_add(&ELEM(warn_count), 1) < 5)
            ck_chatter("%s :: EnsureDPDKBuffer : Not a DPDK packet", ELEMENT_NAME);
        ck_drop(p, ELEMENT_INDEX, "not a DPDK packet");
        return NULL;
    }
    struct rte_mbuf *m = ck_dpdk_start_all() == 0 ? rte_pktmbuf_alloc(ck_dpdk_pool()) : NULL;
    if (m) {
        uint32_t headroom = rte_pktmbuf_headroom(m) + (uint32_t)CONF(EXTRA_HEADROOM);
        if ((uint64_t)headroom + p->len > m->buf_len) {
            rte_pktmbuf_free(m);
            ck_drop(p, ELEMENT_INDEX, "too long for a DPDK buffer");
            return NULL;
        }
        m->data_off = (uint16_t)headroom;
        m->data_len = (uint16_t)p->len;
        m->pkt_len = p->len;
        ck_packet *q = ck_dpdk_wrap(m);
        if (q) {
            memcpy(q->data, p->data, p->len);
            q->packet_type = p->packet_type;
            q->ts_ns = p->ts_ns;
            memcpy(q->anno, p->anno, sizeof q->anno);
            q->mac_off = ELEM(moved)(p, q, p->mac_off);
            q->nh_off = ELEM(moved)(p, q, p->nh_off);
            q->th_off = ELEM(moved)(p, q, p->th_off);
            ck_packet_kill(p);
            return q;
        }
        rte_pktmbuf_free(m);
    }
    if (atomic_fetch_add(&ELEM(warn_count), 1) < 5)
        ck_chatter("%s : No more DPDK Buffer ! Dropping packet.", ELEMENT_NAME);
    ck_drop(p, ELEMENT_INDEX, "no DPDK buffer");
    return NULL;
}
#include "simple_action.h"
