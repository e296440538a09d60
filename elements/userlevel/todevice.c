/* ToDevice(DEVNAME [, keywords BURST, METHOD, DEBUG]): pulls packets and sends them on a Linux
 * network interface, as Click's user-level ToDevice (elements/userlevel/todevice.cc): a
 * schedulable pull task that takes up to BURST packets per run.  Packets sent go to output 0
 * when it exists (else they are freed); packets the device refuses go to output 1 when it
 * exists (else they are dropped with a count).  When the device has no room, the packet is
 * held (handler `q`) and tried again on the next run, as Click's _q.
 *
 * METHOD LINUX/PCAP: an AF_PACKET socket (runtime/io_afpacket.h).  TX_RING false (the
 * default: cheaper per packet on veth by measurement, docs/io.md): one sendmmsg() per burst;
 * TX_RING true: frames are copied into a TPACKET_V2 transmit ring and handed to the kernel
 * with one send() per burst.
 * METHOD XDP: an AF_XDP socket on queue QUEUE (runtime/io_xdp.h); clickc run -R moves it to a
 * successor on the same device queue. */
#include "io_afpacket.h"
#include "standard/ckoutput.h"
#include "standard/ckbool.h"
#ifdef CK_FD_USE_XDP
#include "io_xdp.h"
#endif

static ck_afp_tx ELEM(tx) = {.fd = -1};
/* The open XDP socket (a ck_xdp, METHOD XDP) or NULL, on the heap (libxdp keeps pointers to
 * its rings, which must outlive this router's object), and its device and queue: published to
 * a successor (ElementSpec.hot) on the same queue, which takes the socket over. */
static CK_UNUSED void *ELEM(xsk);
static char ELEM(xdpkey_buf)[300];
static CK_UNUSED const char *ELEM(xdpkey) = ELEM(xdpkey_buf);
#ifdef CK_FD_USE_XDP
static inline ck_xdp *ELEM(xdp)(void) { return (ck_xdp *)ELEM(xsk); }
#endif
static CK_UNUSED int ELEM(xdp_mode);
static ck_packet *ELEM(q);
static uint64_t ELEM(pulls);
static uint64_t ELEM(count);
static uint32_t ELEM(burst);
static int ELEM(debug);
static int ELEM(held); /* counted in ck_source_active while a packet waits in q */

#ifdef CK_HOT
/* A predecessor sending through XDP on the same device queue: its socket moves here. */
static CK_UNUSED int ELEM(hot_xdp_same)(const ck_hot_elem *old)
{
    void *const *oxsk = ck_hot_var_ptr(old, "xsk", sizeof ELEM(xsk));
    return oxsk && *oxsk && CK_HOT_SAME_STRING(old, xdpkey);
}
#endif

static int
ELEM(init)(ck_errh *errh)
{
    char err[256];
    ELEM(burst) = (uint32_t)CONF(BURST);
    if (ELEM(burst) == 0)
        ELEM(burst) = 1;
    ELEM(debug) = (int)CONF(DEBUG);
#ifdef CK_FD_USE_XDP
    snprintf(ELEM(xdpkey_buf), sizeof ELEM(xdpkey_buf), "%s/%u", (const char *)CONF(DEVNAME),
             (unsigned)CONF(QUEUE));
    ELEM(xdp_mode) = 1;
#ifdef CK_HOT
    if (ck_hot_predecessor() && ELEM(hot_xdp_same)(ck_hot_predecessor()))
        return 0; /* ELEM(hot_take) moves the predecessor's XDP socket here */
#endif
    ck_xdp *x = calloc(1, sizeof *x);
    if (!x)
        return ck_error(errh, "out of memory");
    if (ck_xdp_open(x, CONF(DEVNAME), (uint32_t)CONF(QUEUE), 0, 1, err, sizeof err) < 0) {
        free(x);
        return ck_error(errh, "%s", err);
    }
    ELEM(xsk) = x;
#else
    if (ck_afp_tx_open(&ELEM(tx), CONF(DEVNAME), (int)CONF(TX_RING), err, sizeof err) < 0)
        return ck_error(errh, "%s", err);
#endif
    return 0;
}

static void
ELEM(cleanup)(void)
{
    while (ELEM(q)) {
        ck_packet *p = ELEM(q);
        ELEM(q) = p->next;
        ck_packet_kill(p);
    }
    ck_afp_tx_close(&ELEM(tx));
#ifdef CK_FD_USE_XDP
    if (ELEM(xsk)) {
        ck_xdp_close(ELEM(xdp)());
        free(ELEM(xsk));
        ELEM(xsk) = NULL;
    }
#endif
}

/* A packet was handed to the device. */
static CK_UNUSED void ELEM(sent)(ck_packet *p)
{
    ELEM(count)++;
    if (NOUTPUTS > 0)
        OUTPUT(0, p);
    else
        ck_packet_kill(p);
}

/* The device refused a packet (error r < 0, not "no room"). */
static CK_UNUSED void ELEM(failed)(ck_packet *p, int r)
{
    if (ELEM(debug))
        ck_chatter("ToDevice(%s): %s", CONF(DEVNAME), strerror(-r));
    CK_OUTPUT1_OR_DROP(p, r == -EMSGSIZE ? "too long for the device" : "device error");
}

/* Hold (or stop holding) a packet the device had no room for: while one is held the router
 * is not idle, so it does not stop with packets still to send. */
static CK_UNUSED void ELEM(hold)(ck_packet *p)
{
    ELEM(q) = p;
    if (p && !ELEM(held)) {
        ELEM(held) = 1;
        ck_source_active(+1);
    } else if (!p && ELEM(held)) {
        ELEM(held) = 0;
        ck_source_active(-1);
    }
}

#ifdef CK_HOT
/* clickc run -R (ElementSpec.hot, docs/reconfiguration.md): the packets the predecessor held
 * (its device had no room) are this element's to send, first; `count` continues.  The device
 * is opened anew (sending loses nothing by it), except an XDP socket on the same device queue,
 * which moves here (the kernel takes one socket per queue).  The predecessor's active-source count went
 * with its scheduler state; this element counts the held packets as its own. */
static CK_UNUSED int ELEM(hot_take)(const ck_hot_elem *old, ck_errh *errh)
{
    (void)errh;
#ifdef CK_FD_USE_XDP
    if (!ELEM(xsk) && ELEM(hot_xdp_same)(old)) {
        void **oxsk = ck_hot_var_ptr(old, "xsk", sizeof ELEM(xsk));
        ELEM(xsk) = *oxsk;
        *oxsk = NULL; /* the predecessor's cleanup closes nothing */
    }
#endif
    ck_packet **oq = ck_hot_var_ptr(old, "q", sizeof ELEM(q));
    int *oheld = ck_hot_var_ptr(old, "held", sizeof ELEM(held));
    if (oq && *oq && !ELEM(q)) {
        ck_packet *p = *oq;
        *oq = NULL;
        if (oheld)
            *oheld = 0;
        ELEM(hold)(p);
    }
    CK_HOT_COPY(old, count);
    return 0;
}
#endif

/* The next packet to send: the held one, else one pulled from the input. */
static CK_UNUSED ck_packet *ELEM(next)(void)
{
    ck_packet *p = ELEM(q);
    if (p) {
        ELEM(q) = p->next; /* sendmmsg may have held several, chained */
        p->next = NULL;
        return p;
    }
    ELEM(pulls)++;
    return INPUT_PULL(0);
}

#ifdef CK_FD_USE_XDP
/* Put p in the XDP socket's transmit ring: 0, -EAGAIN when it has no room, or an error. */
static inline int ELEM(xdp_put)(ck_packet *p) { return ck_xdp_tx_put(ELEM(xdp)(), p->data, p->len); }
#endif

/* Put p in the TPACKET_V2 transmit ring: 0, -EAGAIN when it still has no room after the
 * kernel was handed the frames that fill it (and waited for), or an error. */
static inline int ELEM(ring_put)(ck_packet *p)
{
    int r = ck_afp_tx_ring_put(&ELEM(tx), p->data, p->len);
    if (r == -EAGAIN) {
        /* The ring is full of frames the kernel has not sent yet: hand them over now and
         * wait for room, then try once more. */
        (void)ck_afp_tx_flush(&ELEM(tx), 1);
        r = ck_afp_tx_ring_put(&ELEM(tx), p->data, p->len);
    }
    return r;
}

/* Up to BURST packets, one at a time, through put (a transmit ring's; -EAGAIN: no room);
 * returns how many were sent or refused.  *left gets the packet there was no room for (NULL:
 * none), which the caller holds after flushing the ring. */
static inline uint32_t ELEM(send_each)(int (*put)(ck_packet *), ck_packet **left)
{
    uint32_t n = 0;
    ck_packet *p = NULL;
    while (n < ELEM(burst) && (p = ELEM(next)()) != NULL) {
        int r = put(p);
        if (r == -EAGAIN)
            break;
        if (r < 0)
            ELEM(failed)(p, r);
        else
            ELEM(sent)(p);
        p = NULL;
        n++;
    }
    *left = p;
    return n;
}

static CK_UNUSED int ELEM(run_task)(void)
{
    if (INPUT_IS_PUSH(0))
        return 0;
    uint32_t n = 0;
#ifdef CK_FD_USE_XDP
    if (ELEM(xdp_mode)) {
        ck_packet *p = NULL;
        n = ELEM(send_each)(ELEM(xdp_put), &p);
        ck_xdp_tx_flush(ELEM(xdp)());
        ELEM(hold)(p);
        return (int)n;
    }
#endif
    if (ELEM(tx).use_ring) {
        ck_packet *p = NULL;
        n = ELEM(send_each)(ELEM(ring_put), &p);
        int r = ck_afp_tx_flush(&ELEM(tx), 0);
        if (r < 0 && ELEM(debug))
            ck_chatter("ToDevice(%s): %s", CONF(DEVNAME), strerror(-r));
        ELEM(hold)(p);
        return (int)n;
    }
    /* sendmmsg: gather up to BURST packets (at most 64 at a time) and send them at once. */
    ck_packet *batch[64];
    uint32_t want = ELEM(burst) < 64 ? ELEM(burst) : 64, k = 0;
    ck_packet *p;
    while (k < want && (p = ELEM(next)()) != NULL)
        batch[k++] = p;
    uint32_t i = 0;
    while (i < k) {
        int r = ck_afp_tx_sendmmsg(&ELEM(tx), batch + i, (int)(k - i));
        if (r == -EAGAIN || r == -ENOBUFS)
            break; /* no room: the unsent packets wait, in order, for the next run */
        if (r < 0) {
            ELEM(failed)(batch[i++], r);
            continue;
        }
        for (int j = 0; j < r; j++)
            ELEM(sent)(batch[i++]);
        n += (uint32_t)r;
    }
    if (i < k) {
        /* Keep the first unsent packet; the others wait chained behind it (p->next). */
        for (uint32_t j = i; j + 1 < k; j++)
            batch[j]->next = batch[j + 1];
        batch[k - 1]->next = NULL;
        ELEM(hold)(batch[i]);
    } else
        ELEM(hold)(NULL);
    return (int)n;
}

#include "standard/ckdata.h"
CK_DATA_READ_BOOL(debug, ELEM(debug));
CK_DATA_WRITE_BOOL(debug, ELEM(debug), "type mismatch");
CK_DATA_READ(pulls, ELEM(pulls));
CK_DATA_READ(count, ELEM(count));

/* Click's `signal`: whether the task is kept scheduled by its upstream notifier.  clickc
 * runs every task each round (no notifiers), so the task is always scheduled. */
CK_DATA_READ_BOOL(signal, 1);
CK_DATA_READ_BOOL(q, ELEM(q) != NULL);
