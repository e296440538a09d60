/* KernelTun(ADDR/MASK [, GATEWAY, keywords TAP, HEADROOM, BURST, ETHER,
 * IGNORE_QUEUE_OVERFLOWS, MTU, DEVNAME]): exchanges packets with the host through a Linux
 * tun device (tap with TAP true; KernelTap is this template with TAP true), as Click's
 * user-level KernelTun (elements/userlevel/kerneltun.cc) on Linux's /dev/net/tun ("universal"
 * tun/tap, with the 4-byte packet information header: 2 bytes of flags, the Ethernet type).
 *
 * Initialization opens /dev/net/tun (TUNSETIFF, IFF_TUN or IFF_TAP, device DEVNAME or the
 * kernel's choice), sets the interface's address and netmask from ADDR, its Ethernet address
 * (ETHER, a warning when refused), MTU (when not 1500), brings it up (promiscuous; a tap also
 * answers ARP), and with GATEWAY adds a default route through it (Click runs
 * "/sbin/route -n add default gw GW"; clickc uses the SIOCADDRT ioctl, same route; the error
 * names the command Click would have run).  Cleanup brings the interface down.
 *
 * Output 0: each packet the host sends, BURST per task run at most: tun: IPv4 and IPv6
 * packets with their network header set (Click's fake_pcap_force_ip), the rest (and IP
 * packets that are not valid enough to mark) on output 1 (dropped without it: "not IP");
 * tap: Ethernet frames.  Packets get the receive time.  (Click pushes a non-IP tun packet to
 * output 1 twice, once as a clone; clickc pushes it once.)
 * Input 0 (push, or pull by the task): tun: IP packets, from their network header (a packet
 * without one, or not IPv4/IPv6, is dropped with Click's message); tap: Ethernet frames;
 * a packet larger than MTU is dropped ("packet larger than MTU (N)").
 * Handlers: dev_name, selected_calls (task runs that found the device readable), packets
 * (packets read). */
#include <fcntl.h>
#include <unistd.h>
#include <errno.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <net/if.h>
#include <net/if_arp.h>
#include <net/route.h>
#include <netinet/in.h>
#include <linux/if_tun.h>
#include <pcap/pcap.h>
#include "standard/ckoutput.h"

#include "ip/ckip.h"

#define KTUN_DEFAULT_MTU 1500

static int ELEM(fd) = -1;
static char ELEM(dev_name)[IFNAMSIZ];
static int ELEM(tap);
static int ELEM(mtu_out), ELEM(mtu_in);
static uint32_t ELEM(headroom), ELEM(burst);
static uint64_t ELEM(selected_calls), ELEM(packets);
static int ELEM(printed_write_err), ELEM(printed_read_err);

/* Click's KernelTun::updown: address, mask, Ethernet address, MTU and flags; addr 0 brings
 * the interface down. */
static int ELEM(updown)(uint32_t addr, uint32_t mask, ck_errh *errh)
{
    int s = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (s < 0)
        return ck_error(errh, "socket() failed: %s", strerror(errno));
    int rc = 0;
    struct ifreq ifr;
    memset(&ifr, 0, sizeof ifr);
    snprintf(ifr.ifr_name, sizeof ifr.ifr_name, "%s", ELEM(dev_name));
    struct sockaddr_in sin;
    memset(&sin, 0, sizeof sin);
    sin.sin_family = AF_INET;
    /* Linux takes the mask after the address (Click tries the mask first and again after) */
    sin.sin_addr.s_addr = addr;
    memcpy(&ifr.ifr_addr, &sin, sizeof sin);
    if (ioctl(s, SIOCSIFADDR, &ifr) != 0 && addr) {
        rc = ck_error(errh, "SIOCSIFADDR failed: %s", strerror(errno));
        goto out;
    }
    sin.sin_addr.s_addr = mask;
    memcpy(&ifr.ifr_addr, &sin, sizeof sin);
    if (addr && ioctl(s, SIOCSIFNETMASK, &ifr) != 0) {
        rc = ck_error(errh, "SIOCSIFNETMASK failed: %s", strerror(errno));
        goto out;
    }
#if CONF_GIVEN(ETHER)
    if (addr) {
        ifr.ifr_hwaddr.sa_family = ARPHRD_ETHER;
        memcpy(ifr.ifr_hwaddr.sa_data, (const unsigned char *)CONF(ETHER), 6);
        if (ioctl(s, SIOCSIFHWADDR, &ifr) != 0)
            ck_warning(errh, "could not set interface Ethernet address: %s", strerror(errno));
    }
#endif
    if (addr && ELEM(mtu_out) != KTUN_DEFAULT_MTU) {
        ifr.ifr_mtu = ELEM(mtu_out);
        if (ioctl(s, SIOCSIFMTU, &ifr) != 0)
            ck_warning(errh, "could not set interface MTU: %s", strerror(errno));
    }
    if (ioctl(s, SIOCGIFFLAGS, &ifr) != 0) {
        rc = ck_error(errh, "SIOCGIFFLAGS failed: %s", strerror(errno));
        goto out;
    }
    if (ELEM(tap))
        ifr.ifr_flags = (short)(addr ? ifr.ifr_flags & ~IFF_NOARP : ifr.ifr_flags | IFF_NOARP);
    ifr.ifr_flags = (short)(addr ? ifr.ifr_flags | IFF_UP | IFF_PROMISC
                                 : ifr.ifr_flags & ~IFF_UP & ~IFF_PROMISC);
    if (ioctl(s, SIOCSIFFLAGS, &ifr) != 0)
        rc = ck_error(errh, "SIOCSIFFLAGS failed: %s", strerror(errno));
out:
    close(s);
    return rc;
}

static int
ELEM(init)(ck_errh *errh)
{
    uint32_t near = CONF(ADDR).addr, mask = CONF(ADDR).mask;
    ELEM(tap) = CONF(TAP) ? 1 : 0;
    ELEM(mtu_out) = CONF_GIVEN(MTU) ? (int)CONF(MTU) : KTUN_DEFAULT_MTU;
    ELEM(burst) = (uint32_t)CONF(BURST);
    ELEM(headroom) = CONF_GIVEN(HEADROOM) ? (uint32_t)CONF(HEADROOM) : 48;
#if CONF_GIVEN(GATEWAY)
    uint32_t gw = CONF(GATEWAY);
    if (gw && (gw & mask) != (near & mask))
        return ck_error(errh, "bad GATEWAY");
#endif
    if (ELEM(burst) < 1)
        return ck_error(errh, "BURST must be >= 1");
    if (ELEM(mtu_out) < 20)
        return ck_error(errh, "MTU must be greater than %d", 20);
    if (ELEM(headroom) > 8192)
        return ck_error(errh, "HEADROOM too big");
    const char *want = "";
#if CONF_GIVEN(DEVNAME)
    want = CONF(DEVNAME);
#elif CONF_GIVEN(DEV_NAME)
    want = CONF(DEV_NAME);
#endif
    int fd = open("/dev/net/tun", O_RDWR | O_NONBLOCK | O_CLOEXEC);
    struct ifreq ifr;
    memset(&ifr, 0, sizeof ifr);
    ifr.ifr_flags = ELEM(tap) ? IFF_TAP : IFF_TUN;
    snprintf(ifr.ifr_name, sizeof ifr.ifr_name, "%s", want);
    if (fd < 0 || ioctl(fd, TUNSETIFF, (void *)&ifr) < 0) {
        int e = errno;
        if (fd >= 0)
            close(fd);
        return ck_error(errh, "/dev/net/tun: %s%s", strerror(e),
                        e == ENODEV ? "\n(Perhaps you need to enable tun in your kernel or "
                                      "load the 'tun' module.)" : "");
    }
    ELEM(fd) = fd;
    snprintf(ELEM(dev_name), sizeof ELEM(dev_name), "%s", ifr.ifr_name);
    if (ELEM(updown)(near, mask, errh) < 0)
        return -1;
#if CONF_GIVEN(GATEWAY)
    if (gw) {
        int s = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
        struct rtentry rt;
        memset(&rt, 0, sizeof rt);
        struct sockaddr_in *dst = (struct sockaddr_in *)&rt.rt_dst;
        struct sockaddr_in *g = (struct sockaddr_in *)&rt.rt_gateway;
        struct sockaddr_in *m = (struct sockaddr_in *)&rt.rt_genmask;
        dst->sin_family = g->sin_family = m->sin_family = AF_INET;
        g->sin_addr.s_addr = gw;
        rt.rt_flags = RTF_UP | RTF_GATEWAY;
        int ok = s >= 0 && ioctl(s, SIOCADDRT, &rt) == 0;
        int e = errno;
        if (s >= 0)
            close(s);
        if (!ok) {
            char a[16];
            ck_ip_unparse(a, gw);
            return ck_error(errh, "/sbin/route -n add default gw %s: %s", a, strerror(e));
        }
    }
#endif
    ELEM(mtu_in) = ELEM(tap) ? ELEM(mtu_out) + 18 : ELEM(mtu_out) + 4;
    ck_source_active(+1); /* a device never ends: the router runs until stopped */
    return 0;
}

static void
ELEM(cleanup)(void)
{
    if (ELEM(fd) >= 0) {
        ck_errh errh;
        ck_errh_init(&errh, ELEMENT_LANDMARK, NULL);
        ELEM(updown)(0, 0xFFFFFFFFu, &errh);
        close(ELEM(fd));
        ELEM(fd) = -1;
    }
}

/* Click's KernelTun::one_selected: read one packet; 0 when nothing was there. */
static int ELEM(one_selected)(int64_t now)
{
    ck_packet *p = ck_packet_alloc_room(ELEM(headroom), (uint32_t)ELEM(mtu_in), 0);
    if (!p) {
        ck_chatter("out of memory!");
        return 0;
    }
    ssize_t cc = read(ELEM(fd), p->data, (size_t)ELEM(mtu_in));
    if (cc <= 0) {
        int e = errno;
        ck_packet_kill(p);
        if (cc < 0 && e != EAGAIN && e != EWOULDBLOCK
            && (!CONF(IGNORE_QUEUE_OVERFLOWS) || !ELEM(printed_read_err) || e != ENOBUFS)) {
            ELEM(printed_read_err) = 1;
            ck_chatter("KernelTun read: %s", strerror(e));
        }
        return 0;
    }
    ELEM(packets)++;
    ck_packet_take(p, (uint32_t)(ELEM(mtu_in) - cc));
    int ok = 0;
    if (p->len < 4) {
        ck_drop(p, ELEMENT_INDEX, "short tun read");
        return 1;
    }
    if (ELEM(tap)) {
        ck_packet_pull(p, 4); /* flags, Ethernet type, then the Ethernet header */
        ok = 1;
    } else {
        uint16_t etype = (uint16_t)(p->data[2] << 8 | p->data[3]);
        ck_packet_pull(p, 4);
        if (etype == 0x0800 || etype == 0x86DD)
            ok = ck_force_ip(p, DLT_RAW);
    }
    if (ok) {
        p->ts_ns = now;
        OUTPUT(0, p);
    } else
        CK_OUTPUT1_OR_DROP(p, "not IP");
    return 1;
}

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    const char *cls = ELEM(tap) ? "KernelTap" : "KernelTun";
    int check_length;
    uint8_t ipv = 0;
    if (ELEM(tap)) {
        if (p->len < 14) {
            ck_chatter("%s(%s): packet too small", cls, ELEM(dev_name));
            ck_drop(p, ELEMENT_INDEX, "packet too small");
            return;
        }
        check_length = (int)p->len - 14;
    } else {
        long nlen = ck_network_length(p);
        if (nlen < 20) {
            ck_chatter("%s(%s): no network header", cls, ELEM(dev_name));
            ck_drop(p, ELEMENT_INDEX, "no network header");
            return;
        }
        ipv = ck_network_header(p)[0] >> 4;
        if (ipv != 4 && ipv != 6) {
            ck_chatter("%s(%s): unknown IP version %d", cls, ELEM(dev_name), ipv);
            ck_drop(p, ELEMENT_INDEX, "unknown IP version");
            return;
        }
        ck_packet_pull(p, (uint32_t)ck_network_header_offset(p));
        check_length = (int)p->len;
    }
    if (check_length > ELEM(mtu_out)) {
        ck_chatter("%s(%s): packet larger than MTU (%d)", cls, ELEM(dev_name), ELEM(mtu_out));
        ck_drop(p, ELEMENT_INDEX, "packet larger than MTU");
        return;
    }
    uint16_t etype = ELEM(tap) ? (uint16_t)(p->data[12] << 8 | p->data[13])
                               : (ipv == 4 ? 0x0800 : 0x86DD);
    p = ck_packet_push(p, 4);
    if (!p) {
        ck_chatter("%s(%s): out of memory", cls, ELEM(dev_name));
        return;
    }
    p->data[0] = p->data[1] = 0;
    p->data[2] = (unsigned char)(etype >> 8);
    p->data[3] = (unsigned char)etype;
    ssize_t w = write(ELEM(fd), p->data, p->len);
    if (w != (ssize_t)p->len
        && (errno != ENOBUFS || !CONF(IGNORE_QUEUE_OVERFLOWS) || !ELEM(printed_write_err))) {
        ELEM(printed_write_err) = 1;
        ck_chatter("%s(%s): write failed: %s", cls, ELEM(dev_name), strerror(errno));
        ck_drop(p, ELEMENT_INDEX, "write failed");
        return;
    }
    if (w != (ssize_t)p->len)
        ck_drop(p, ELEMENT_INDEX, "write failed");
    else
        ck_packet_kill(p);
}

static CK_UNUSED int ELEM(run_task)(void)
{
    int n = 0;
    if (ELEM(fd) < 0)
        return 0;
    int64_t now = ck_now_ns();
    uint32_t b = ELEM(burst);
    int got = 0;
    while (b > 0 && ELEM(one_selected)(now)) {
        got = 1;
        b--;
        n++;
    }
    ELEM(selected_calls) += (uint64_t)got;
#if NINPUTS > 0
    if (!INPUT_IS_PUSH(0)) {
        ck_packet *p = INPUT_PULL(0);
        if (p) {
            ELEM(push)(0, p);
            n++;
        }
    }
#endif
    return n;
}

#include "standard/ckdata.h"
CK_DATA_READ_STRING(dev_name, ELEM(dev_name));
CK_DATA_READ(selected_calls, ELEM(selected_calls));
CK_DATA_READ(packets, ELEM(packets));

#undef KTUN_DEFAULT_MTU
