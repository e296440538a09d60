/* FromDevice(DEVNAME [, PROMISC, SNAPLEN, keywords]): reads the frames a Linux network
 * interface receives and pushes them out, as Click's user-level FromDevice
 * (elements/userlevel/fromdevice.cc).  A schedulable source task: each run takes up to BURST
 * frames.
 *
 * METHOD LINUX (the default; PCAP is served the same way, libpcap being a packet-socket
 * reader on Linux): an AF_PACKET socket with a TPACKET_V3 ring (runtime/io_afpacket.h), read
 * in blocks.  BPF_FILTER is compiled with libpcap and attached to the socket.  FANOUT true:
 * the FromDevice elements on one device (of this router or of other processes) join one
 * PACKET_FANOUT_HASH group and share its flows, one socket each (one per thread).
 * METHOD XDP: an AF_XDP socket on queue QUEUE (runtime/io_xdp.h, libxdp/libbpf), copy mode
 * where the driver has no zero-copy; the router then takes the frames from the kernel.
 *
 * Each packet gets the packet type annotation (Click's Packet::PacketType numbers are the
 * kernel's PACKET_* ones), the kernel's receive time when TIMESTAMP (AF_PACKET), at most
 * SNAPLEN bytes with the rest in the EXTRA_LENGTH annotation, and HEADROOM bytes of headroom.
 * clickc run -R: the socket moves to a successor with the same socket settings; with others, the
 * frames the old socket received and the new one did not are drained into it (hot_take).  An
 * XDP socket (with its UMEM and program) moves to a successor of the same settings and queue.
 * Handlers: count, reset_counts, kernel_drops (PACKET_STATISTICS / the XDP socket's rx_dropped
 * statistic), kernel_packets, encap. */
#include <pcap/pcap.h>
#include <time.h>
#include "standard/ckoutput.h"

#include "io_afpacket.h"
#ifdef CK_FD_USE_XDP
#include "io_xdp.h"
#endif

#include "userlevel/ckafprx.h"
#ifdef CK_FD_USE_XDP
static ck_packet *ELEM(xdp_batch)[CK_XDP_RING];
#endif
static CK_UNUSED int ELEM(xdp_mode);
/* The open XDP socket (a ck_xdp, METHOD XDP) or NULL: published to a successor
 * (ElementSpec.hot), which takes the socket, its UMEM and the loaded program over
 * (ELEM(hot_take)).  On the heap, not in this object's statics: libxdp keeps pointers to its
 * rings, which must outlive this router's object. */
static CK_UNUSED void *ELEM(xsk);
#ifdef CK_FD_USE_XDP
static inline ck_xdp *ELEM(xdp)(void) { return (ck_xdp *)ELEM(xsk); }
#endif
static int ELEM(dlt);
static int ELEM(outbound);
static int ELEM(force_ip);

static CK_UNUSED const char *ELEM(method)(void)
{
#if CONF_GIVEN(METHOD)
    return CONF(METHOD);
#else
    return "LINUX";
#endif
}

/* Click's encapsulation of the device: ETHER for Ethernet-like devices, IP for raw ones. */
static CK_UNUSED int ELEM(device_dlt)(const char *ifname)
{
    struct ifreq ifr;
    int dlt = DLT_EN10MB;
    int fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return dlt;
    memset(&ifr, 0, sizeof ifr);
    snprintf(ifr.ifr_name, sizeof ifr.ifr_name, "%s", ifname);
    if (ioctl(fd, SIOCGIFHWADDR, &ifr) == 0 && ifr.ifr_hwaddr.sa_family == 0xFFFE /* ARPHRD_NONE */)
        dlt = DLT_RAW;
    close(fd);
    return dlt;
}

/* What the AF_PACKET socket depends on (device, PROTOCOL, PROMISC, SNAPLEN, OUTBOUND, FANOUT,
 * BPF_FILTER, METHOD): a predecessor with the same key hands its socket over at a swap, whatever
 * else changed (BURST, HEADROOM, TIMESTAMP, FORCE_IP are this element's own settings). */
static char ELEM(sockkey_buf)[400];
static CK_UNUSED const char *ELEM(sockkey) = ELEM(sockkey_buf);
static CK_UNUSED const char *ELEM(devname);
/* Frames a predecessor's socket received that this element's did not (ELEM(hot_drain_old)),
 * emitted before any other; the realtime clock when an XDP socket opened. */
static ck_packet *ELEM(held), *ELEM(held_tail);
static CK_UNUSED int64_t ELEM(opened_ns);
/* The kernel's drops on a predecessor's socket that this element did not take over (its
 * kernel_drops handler adds them: no drop goes uncounted at a swap). */
static CK_UNUSED uint64_t ELEM(inherited_drops);

/* The clock of the kernel's receive timestamps (CLOCK_REALTIME even under --simtime: it is
 * compared with those stamps only, ELEM(hot_drain_old)). */
static CK_UNUSED int64_t ELEM(kernel_clock_ns)(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static void ELEM(set_sockkey)(void)
{
#if CONF_GIVEN(BPF_FILTER)
    const char *filter = CONF(BPF_FILTER);
#else
    const char *filter = "";
#endif
    char method[32] = "LINUX";
    if (strcmp(ELEM(method)(), "XDP") == 0) /* an XDP socket is bound to one queue */
        snprintf(method, sizeof method, "XDP/%u", (unsigned)CONF(QUEUE));
    snprintf(ELEM(sockkey_buf), sizeof ELEM(sockkey_buf), "%s|%d|%d|%u|%d|%d|%s|%s",
             (const char *)CONF(DEVNAME), (int)CONF(PROTOCOL), (int)CONF(PROMISC),
             (unsigned)ELEM(snaplen), (int)CONF(OUTBOUND), (int)CONF(FANOUT), method, filter);
}

#ifdef CK_HOT
/* clickc run -R (ElementSpec.hot, docs/reconfiguration.md): a predecessor reading the device
 * through AF_PACKET with the same socket key hands its socket and ring over (the frames that
 * arrived meanwhile wait there); with another key this element opened its own socket, and the
 * frames the predecessor's had received before that are drained into this one (hot_take). */
static int ELEM(hot_same)(const ck_hot_elem *old)
{
    const ck_afp_rx *orx = ck_hot_var_ptr(old, "rx", sizeof ELEM(rx));
    return CK_HOT_SAME_STRING(old, sockkey) && orx && orx->fd >= 0;
}

/* A predecessor reading the same device queue through XDP with the same socket key: its XDP
 * socket, UMEM and program move here (the frames that arrived meanwhile wait in its rings). */
static CK_UNUSED int ELEM(hot_xdp_same)(const ck_hot_elem *old)
{
    void *const *oxsk = ck_hot_var_ptr(old, "xsk", sizeof ELEM(xsk));
    return oxsk && *oxsk && CK_HOT_SAME_STRING(old, sockkey);
}

/* Longest wait for a ring's last block at a swap (ck_afp_rx_settle): the kernel retires a
 * block holding frames within two ticks of its timer, so the wait only ends this way when the
 * machine stalls; the frames of the predecessor's block still unretired are then counted as
 * drops, and a frame of this element's may be read twice (not seen). */
#define CK_FD_HOT_SETTLE_MS 50u

static uint64_t ELEM(frame_hash)(const struct tpacket3_hdr *h, uint32_t prefix)
{
    uint64_t x = 1469598103934665603ull ^ h->tp_len; /* FNV-1a */
    const unsigned char *d = (const unsigned char *)h + h->tp_mac;
    uint32_t n = h->tp_snaplen < prefix ? h->tp_snaplen : prefix;
    for (uint32_t i = 0; i < n; i++)
        x = (x ^ d[i]) * 1099511628211ull;
    return x;
}

/* Index of the frame of `nf` (this element's socket's, `nn`, in a table `slot` of `mask` + 1
 * entries by hash) that is `h` received by both sockets and not matched yet, or -1.  Of
 * several equal frames (a frame sent again), the one received nearest in time is taken. */
static long ELEM(find_frame)(const struct tpacket3_hdr *h, uint32_t prefix,
                             struct tpacket3_hdr **nf, const uint64_t *nhash,
                             const unsigned char *used, const uint32_t *slot, size_t mask)
{
    uint64_t x = ELEM(frame_hash)(h, prefix);
    long best = -1;
    int64_t best_gap = 0;
    for (size_t i = (size_t)x & mask; slot[i] != 0; i = (i + 1) & mask) {
        size_t j = slot[i] - 1;
        if (nhash[j] != x || used[j] || !ck_afp_same_frame(h, nf[j]))
            continue;
        int64_t gap = ck_afp_frame_ns(nf[j]) - ck_afp_frame_ns(h);
        if (gap < 0)
            gap = -gap;
        if (best < 0 || gap < best_gap)
            best = (long)j, best_gap = gap;
    }
    return best;
}

/* The frames the predecessor's socket on the same device received and its router did not
 * read become packets with this element's settings, held for its first runs; those that also
 * reached this element's socket (opened during this router's initialization) are left to it.
 * Exactly (docs/reconfiguration.md): the old socket is stopped first (ck_afp_rx_stop: once
 * it returns no frame reaches it any more), both rings' last blocks are waited for
 * (ck_afp_rx_settle), and each old frame is looked up among the new socket's frames
 * (ck_afp_same_frame): the kernel delivers a frame to both sockets in one pass, so every
 * frame the old socket shares with the new one is already in the new ring.  A new XDP socket
 * shares no frame with it (XDP takes them before the packet sockets): the old frames received
 * before the XDP socket opened are taken (by their receive times). */
static void ELEM(hot_drain_old)(const ck_hot_elem *old, ck_errh *errh)
{
    ck_afp_rx *orx = ck_hot_var_ptr(old, "rx", sizeof ELEM(rx));
    if (!orx || orx->fd < 0 || !CK_HOT_SAME_STRING(old, devname))
        return;
    int outbound = 0;
    const int *oout = ck_hot_var_ptr(old, "outbound", sizeof outbound);
    if (oout)
        outbound = *oout;
    int rebound = ck_afp_rx_stop(orx);
    ck_afp_rx_stats(orx); /* its ring's overflows stay counted (kernel_drops) */
    ELEM(inherited_drops) += orx->kernel_drops;
    orx->kernel_drops = 0;
    if (ck_afp_rx_settle(orx, rebound == 1 ? 0u : 1000u, CK_FD_HOT_SETTLE_MS) < 0) {
        int k = ck_afp_rx_kernel_block(orx);
        uint32_t lost = k < 0 ? 0 : ck_afp_block(orx, (unsigned)k)->hdr.bh1.num_pkts;
        for (uint32_t i = 0; i < lost; i++)
            ck_count_drop(ELEMENT_INDEX, "kernel block not retired at hotconfig");
    }
    size_t no = ck_afp_rx_peek(orx, NULL, 0); /* the stopped ring changes no more */
    if (no == 0)
        return;
    struct tpacket3_hdr **of = malloc(no * sizeof *of);
    if (!of) {
        for (size_t i = 0; i < no; i++)
            ck_count_drop(ELEMENT_INDEX, "out of memory");
        return;
    }
    (void)ck_afp_rx_peek(orx, of, no);
    /* this element's frames: all those the kernel delivered before the old socket stopped */
    size_t nn = 0, mask = 0;
    struct tpacket3_hdr **nf = NULL;
    uint64_t *nhash = NULL;
    unsigned char *used = NULL;
    uint32_t *slot = NULL;
    uint32_t prefix = 64;
    if (!ELEM(xdp_mode) && ELEM(rx).fd >= 0) {
        (void)ck_afp_rx_settle(&ELEM(rx), 0, CK_FD_HOT_SETTLE_MS);
        size_t count = ck_afp_rx_peek(&ELEM(rx), NULL, 0);
        size_t cap = 4;
        while (cap < 2 * count)
            cap <<= 1;
        if (count) {
            nf = malloc(count * sizeof *nf);
            nhash = malloc(count * sizeof *nhash);
            used = calloc(count, 1);
            slot = calloc(cap, sizeof *slot);
        }
        if (count && nf && nhash && used && slot) {
            size_t got = ck_afp_rx_peek(&ELEM(rx), nf, count);
            nn = got < count ? got : count; /* blocks retired since the count: later frames */
            mask = cap - 1;
            /* hash the bytes every frame kept (the SNAPLENs may differ), at most 64 */
            for (size_t i = 0; i < nn; i++)
                if (nf[i]->tp_snaplen < prefix && nf[i]->tp_snaplen < nf[i]->tp_len)
                    prefix = nf[i]->tp_snaplen;
            for (size_t i = 0; i < no; i++)
                if (of[i]->tp_snaplen < prefix && of[i]->tp_snaplen < of[i]->tp_len)
                    prefix = of[i]->tp_snaplen;
            for (size_t i = 0; i < nn; i++) {
                nhash[i] = ELEM(frame_hash)(nf[i], prefix);
                size_t k = (size_t)nhash[i] & mask;
                while (slot[k] != 0)
                    k = (k + 1) & mask;
                slot[k] = (uint32_t)(i + 1);
            }
        } else if (count)
            ck_warning(errh, "out of memory at the swap: the frames received "
                             "at it may be read twice");
    }
    for (size_t i = 0; i < no; i++) {
        struct tpacket3_hdr *h = of[i];
        const struct sockaddr_ll *sll =
            (const struct sockaddr_ll *)((unsigned char *)h + TPACKET_ALIGN(sizeof *h));
        if (ELEM(xdp_mode)) {
            if (ck_afp_frame_ns(h) >= ELEM(opened_ns))
                continue;
        } else if (nn) {
            long j = ELEM(find_frame)(h, prefix, nf, nhash, used, slot, mask);
            if (j >= 0) {
                used[j] = 1; /* read from this element's socket */
                continue;
            }
        }
        if (sll->sll_pkttype == PACKET_OUTGOING && !outbound)
            continue;
        ck_packet *p = ck_afp_make_packet(h, sll, ELEM(headroom), ELEM(snaplen), ELEM(timestamp));
        if (!p) {
            ck_count_drop(ELEMENT_INDEX, "out of memory");
            continue;
        }
        p->next = NULL;
        if (ELEM(held_tail))
            ELEM(held_tail)->next = p;
        else
            ELEM(held) = p;
        ELEM(held_tail) = p;
    }
    free(of);
    free(nf);
    free(nhash);
    free(used);
    free(slot);
}

static CK_UNUSED int ELEM(hot_take)(const ck_hot_elem *old, ck_errh *errh)
{
    /* the frames a predecessor drained from its own predecessor and did not emit yet (a swap
     * soon after another) come first, as they are (its HEADROOM and SNAPLEN) */
    CK_HOT_MOVE(old, held);
    CK_HOT_MOVE(old, held_tail);
#ifdef CK_FD_USE_XDP
    if (ELEM(xdp_mode) && !ELEM(xsk) && ELEM(hot_xdp_same)(old)) {
        void **oxsk = ck_hot_var_ptr(old, "xsk", sizeof ELEM(xsk));
        ELEM(xsk) = *oxsk;
        *oxsk = NULL; /* the predecessor's cleanup closes nothing */
        CK_HOT_COPY(old, count);
        return 0;
    }
#endif
    if (ELEM(xdp_mode) || ELEM(rx).fd >= 0 || !ELEM(hot_same)(old)) {
        ELEM(hot_drain_old)(old, errh);
        return 0;
    }
    ck_afp_rx *orx = ck_hot_var_ptr(old, "rx", sizeof ELEM(rx));
    ELEM(rx) = *orx;
    *orx = (ck_afp_rx){.fd = -1}; /* the predecessor's cleanup closes nothing */
    CK_HOT_COPY(old, count);
    return 0;
}
#endif

static int
ELEM(init)(ck_errh *errh)
{
    const char *ifname = CONF(DEVNAME);
    char err[256];
    ELEM(afp_configure)((uint32_t)CONF(SNAPLEN));
    ELEM(outbound) = (int)CONF(OUTBOUND);
    ELEM(force_ip) = (int)CONF(FORCE_IP);
    if (!CONF(SNIFFER))
        ck_warning(errh, "SNIFFER false: clickc installs no kernel filter; the kernel also "
                         "processes these packets (METHOD XDP takes them from the kernel)");
#if CONF_GIVEN(ENCAP)
    ck_warning(errh, "ENCAP is ignored: the device's own encapsulation is used");
#endif
    ELEM(dlt) = ELEM(device_dlt)(ifname);
    ELEM(devname) = ifname;
    ELEM(set_sockkey)();
    if (strcmp(ELEM(method)(), "XDP") == 0) {
#ifdef CK_FD_USE_XDP
        if (ELEM(burst) > CK_XDP_RING)
            ELEM(burst) = CK_XDP_RING;
#ifdef CK_HOT
        if (ck_hot_predecessor() && ELEM(hot_xdp_same)(ck_hot_predecessor())) {
            /* ELEM(hot_take) moves the predecessor's XDP socket here */
            ELEM(xdp_mode) = 1;
            ck_source_active(+1);
            return 0;
        }
#endif
        ck_xdp *x = calloc(1, sizeof *x);
        if (!x)
            return ck_error(errh, "out of memory");
        if (ck_xdp_open(x, ifname, (uint32_t)CONF(QUEUE), 1, 0, err, sizeof err) < 0) {
            free(x);
            return ck_error(errh, "%s", err);
        }
        ELEM(opened_ns) = ELEM(kernel_clock_ns)();
        ELEM(xdp_mode) = 1;
        ELEM(xsk) = x;
#if CONF_GIVEN(BPF_FILTER)
        ck_warning(errh, "BPF_FILTER is ignored with METHOD XDP");
#endif
#endif
    } else {
        int fanout = -1;
        if (CONF(FANOUT))
            /* One group per device, whatever the process: FromDevice elements with FANOUT true
             * on it, in this router or in another, share its flows (PACKET_FANOUT_HASH). */
            fanout = (int)((0x636Bu ^ (unsigned)ck_afp_ifindex(ifname) * 40503u) & 0xFFFFu);
        struct bpf_program prog = {0, NULL};
#if CONF_GIVEN(BPF_FILTER)
        /* libpcap compiles the expression for the device's link type. */
        pcap_t *dead = pcap_open_dead(ELEM(dlt), (int)ELEM(snaplen));
        if (!dead)
            return ck_error(errh, "out of memory");
        if (pcap_compile(dead, &prog, CONF(BPF_FILTER), 1, PCAP_NETMASK_UNKNOWN) < 0) {
            ck_error(errh, "BPF_FILTER: %s", pcap_geterr(dead));
            pcap_close(dead);
            return -1;
        }
        pcap_close(dead);
#endif
#ifdef CK_HOT
        if (ck_hot_predecessor() && ELEM(hot_same)(ck_hot_predecessor())) {
            /* ELEM(hot_take) moves the predecessor's socket here */
            if (prog.bf_insns)
                pcap_freecode(&prog);
            ck_source_active(+1);
            return 0;
        }
#endif
        int r = ck_afp_rx_open(&ELEM(rx), ifname, (int)CONF(PROTOCOL), (int)CONF(PROMISC),
                               ELEM(snaplen), ELEM(outbound), fanout, prog.bf_insns, prog.bf_len,
                               err, sizeof err);
        if (prog.bf_insns)
            pcap_freecode(&prog);
        if (r < 0)
            return ck_error(errh, "%s", err);
    }
    ck_source_active(+1); /* a device never ends: the router runs until stopped */
    return 0;
}

static void
ELEM(cleanup)(void)
{
    while (ELEM(held)) {
        ck_packet *p = ELEM(held);
        ELEM(held) = p->next;
        p->next = NULL;
        ck_drop(p, ELEMENT_INDEX, "router stopped before it was read");
    }
    ELEM(held_tail) = NULL;
    ck_afp_rx_close(&ELEM(rx));
#ifdef CK_FD_USE_XDP
    if (ELEM(xsk)) {
        ck_xdp_close(ELEM(xdp)());
        free(ELEM(xsk));
        ELEM(xsk) = NULL;
    }
#endif
}

/* Send a new packet on: FORCE_IP sends non-IP packets to output 1 (or drops them). */
static void ELEM(emit)(ck_packet *p)
{
    if (ELEM(force_ip) && !ck_force_ip(p, ELEM(dlt))) {
        CK_OUTPUT1_OR_DROP(p, "not IP");
        return;
    }
    OUTPUT(0, p);
}

static CK_UNUSED int ELEM(run_task)(void)
{
    if (CK_UNLIKELY(ELEM(held) != NULL)) { /* a predecessor's frames first (hot_drain_old) */
        uint32_t n = 0;
        while (ELEM(held) && n < ELEM(burst)) {
            ck_packet *p = ELEM(held);
            if (!(ELEM(held) = p->next))
                ELEM(held_tail) = NULL;
            p->next = NULL;
            ELEM(emit)(p);
            n++;
        }
        ELEM(count) += n;
        ck_source_count(n);
        return (int)n;
    }
#ifdef CK_FD_USE_XDP
    if (ELEM(xdp_mode)) {
        uint32_t n = 0;
        uint32_t idx = 0;
        uint32_t k = ck_xdp_rx_begin(ELEM(xdp)(), ELEM(burst), &idx);
        for (uint32_t i = 0; i < k; i++) {
            uint32_t len;
            const unsigned char *data = ck_xdp_rx_frame(ELEM(xdp)(), idx + i, &len);
            uint32_t take = len < ELEM(snaplen) ? len : ELEM(snaplen);
            ck_packet *p = ck_packet_alloc_room(ELEM(headroom), take, 0);
            if (!p) {
                ck_count_drop(ELEMENT_INDEX, "out of memory");
                continue;
            }
            memcpy(p->data, data, take);
            if (len > take)
                ck_set_anno_u32(p, EXTRA_LENGTH_ANNO_OFFSET, len - take);
            if (ELEM(timestamp))
                p->ts_ns = ck_now_ns();
            ck_set_mac_header(p, p->data);
            ELEM(xdp_batch)[n++] = p;
        }
        /* Frames go back to the kernel before the packets travel on. */
        ck_xdp_rx_done(ELEM(xdp)(), idx, k);
        for (uint32_t i = 0; i < n; i++)
            ELEM(emit)(ELEM(xdp_batch)[i]);
        ELEM(count) += n;
        ck_source_count(n);
        return (int)n;
    }
#endif
    return (int)ELEM(afp_receive)(ELEM(outbound));
}

static CK_UNUSED void ELEM(stats)(void)
{
#ifdef CK_FD_USE_XDP
    if (ELEM(xdp_mode)) {
        /* XDP counts drops only; what reached the socket is what was read plus its ring. */
        ELEM(rx).kernel_drops = ck_xdp_rx_drops(ELEM(xdp)());
        ELEM(rx).kernel_packets = ELEM(count);
        return;
    }
#endif
    ck_afp_rx_stats(&ELEM(rx));
}

#include "standard/ckdata.h"
CK_DATA_READ(count, ELEM(count));

static CK_UNUSED int ELEM(read_kernel_drops)(ck_buf *out)
{
    ELEM(stats)();
    ck_buf_printf(out, "%llu", (unsigned long long)(ELEM(rx).kernel_drops + ELEM(inherited_drops)));
    return 0;
}

static CK_UNUSED int ELEM(read_kernel_packets)(ck_buf *out)
{
    ELEM(stats)();
    ck_buf_printf(out, "%llu", (unsigned long long)ELEM(rx).kernel_packets);
    return 0;
}

CK_DATA_READ_WITH(encap, ck_dlt_unparse, ELEM(dlt));

static CK_UNUSED int ELEM(write_reset_counts)(const char *value, ck_errh *errh)
{
    (void)value, (void)errh;
    ELEM(count) = 0;
    return 0;
}
#ifdef CK_FD_USE_XDP
#undef CK_FD_USE_XDP
#endif
