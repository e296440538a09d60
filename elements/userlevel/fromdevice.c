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
 * frames the old socket received before the new one opened are drained into it (hot_take).
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
static ck_xdp ELEM(xdp);
static ck_packet *ELEM(xdp_batch)[CK_XDP_RING];
#endif
static CK_UNUSED int ELEM(xdp_mode);
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
/* Frames a predecessor's socket had received before this element's socket opened
 * (ELEM(hot_drain_old)), emitted before any other; the realtime clock when the socket opened. */
static ck_packet *ELEM(held), *ELEM(held_tail);
static CK_UNUSED int64_t ELEM(opened_ns);

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
    snprintf(ELEM(sockkey_buf), sizeof ELEM(sockkey_buf), "%s|%d|%d|%u|%d|%d|%s|%s",
             (const char *)CONF(DEVNAME), (int)CONF(PROTOCOL), (int)CONF(PROMISC),
             (unsigned)ELEM(snaplen), (int)CONF(OUTBOUND), (int)CONF(FANOUT),
             strcmp(ELEM(method)(), "XDP") == 0 ? "XDP" : "LINUX", filter);
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

/* The frames the predecessor's socket on the same device holds, received before this
 * element's socket opened (later ones reached both sockets: this one reads them), become
 * packets with this element's settings, held for its first runs. */
static void ELEM(hot_drain_old)(const ck_hot_elem *old)
{
    ck_afp_rx *orx = ck_hot_var_ptr(old, "rx", sizeof ELEM(rx));
    if (!orx || orx->fd < 0 || !CK_HOT_SAME_STRING(old, devname))
        return;
    int outbound = 0;
    const int *oout = ck_hot_var_ptr(old, "outbound", sizeof outbound);
    if (oout)
        outbound = *oout;
    struct sockaddr_ll *sll;
    struct tpacket3_hdr *h;
    while ((h = ck_afp_rx_next(orx, &sll)) != NULL) {
        if ((int64_t)h->tp_sec * 1000000000 + (int64_t)h->tp_nsec >= ELEM(opened_ns))
            continue;
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
}

static CK_UNUSED int ELEM(hot_take)(const ck_hot_elem *old, ck_errh *errh)
{
    (void)errh;
    if (ELEM(xdp_mode) || ELEM(rx).fd >= 0 || !ELEM(hot_same)(old)) {
        ELEM(hot_drain_old)(old);
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
        if (ck_xdp_open(&ELEM(xdp), ifname, (uint32_t)CONF(QUEUE), 1, 0, err, sizeof err) < 0)
            return ck_error(errh, "%s", err);
        ELEM(opened_ns) = ELEM(kernel_clock_ns)();
        ELEM(xdp_mode) = 1;
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
        ELEM(opened_ns) = ELEM(rx).bound_ns; /* the new ring has the frames from then on */
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
    ck_xdp_close(&ELEM(xdp));
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
        uint32_t k = ck_xdp_rx_begin(&ELEM(xdp), ELEM(burst), &idx);
        for (uint32_t i = 0; i < k; i++) {
            uint32_t len;
            const unsigned char *data = ck_xdp_rx_frame(&ELEM(xdp), idx + i, &len);
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
        ck_xdp_rx_done(&ELEM(xdp), idx, k);
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
        ELEM(rx).kernel_drops = ck_xdp_rx_drops(&ELEM(xdp));
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
    ck_buf_printf(out, "%llu", (unsigned long long)ELEM(rx).kernel_drops);
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
