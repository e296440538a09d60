/* FromHost(DEVNAME [, DST/MASK, keywords GATEWAY, ETHER, HEADROOM, MTU]): the user-level
 * FromHost of Click (elements/userlevel/fromhost.cc): a Linux tap device named DEVNAME
 * (/dev/net/tun, IFF_TAP) through which the host sends Ethernet frames into the router; a
 * ToHost(DEVNAME) of the same router writes frames back to the host through it.
 *
 * Initialization: the interface gets ETHER as its Ethernet address (and ARP on), DST/MASK as
 * its address (brought up, Click's "ifconfig DEV ADDR netmask MASK up"), a default route
 * through GATEWAY (which must lie in DST's network: "bad GATEWAY"), and MTU; clickc makes the
 * ioctl calls Click's ifconfig and route commands make, and names the command in an error.
 * At exit an interface that got an address is brought down.
 * Output 0: each frame the host sends (a task polls the device; Click waits in select), with
 * its MAC header set, and, when it holds an Ethernet and an IPv4 header, the IP header set and
 * DST_IP from the IP destination (Click sets them from whatever bytes follow; a shorter frame
 * is pushed without them here); the receive time as timestamp.
 * Handlers: dev_name, signal ("true": clickc has no downstream-full signal, so the element
 * always reads). */
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

#include "ip/ckip.h"
#include "userlevel/ckhostdev.h"

static int ELEM(fd) = -1;
static char ELEM(dev_name)[IFNAMSIZ];
static uint32_t ELEM(mtu_in), ELEM(headroom);
static int ELEM(addressed);

static int ELEM(ifconfig)(int s, struct ifreq *ifr, unsigned long req, const char *what,
                          ck_errh *errh)
{
    if (ioctl(s, req, ifr) != 0)
        return ck_error(errh, "%s: '%s' failed: %s", ELEM(dev_name), what, strerror(errno));
    return 0;
}

static int
ELEM(init)(ck_errh *errh)
{
    const char *dev = CONF(DEVNAME);
    uint32_t near = CONF_GIVEN(DST) ? CONF(DST).addr : 0;
    uint32_t mask = CONF_GIVEN(DST) ? CONF(DST).mask : 0;
    uint32_t gw = CONF_GIVEN(GATEWAY) ? (uint32_t)CONF(GATEWAY) : 0;
    if (near && gw && (gw & mask) != (near & mask))
        return ck_error(errh, "bad GATEWAY");
    if (!*dev)
        return ck_error(errh, "must specify device name");
    ELEM(headroom) = CONF_GIVEN(HEADROOM) ? (uint32_t)CONF(HEADROOM) : 50;
    if (ELEM(headroom) > 8192)
        return ck_error(errh, "HEADROOM too large");
    int mtu = CONF_GIVEN(MTU) ? (int)CONF(MTU) : 1500;
    int fd = open("/dev/net/tun", O_RDWR | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return ck_error(errh, "open /dev/net/tun: %s", strerror(errno));
    struct ifreq ifr;
    memset(&ifr, 0, sizeof ifr);
    ifr.ifr_flags = IFF_TAP;
    snprintf(ifr.ifr_name, sizeof ifr.ifr_name, "%s", dev);
    if (ioctl(fd, TUNSETIFF, (void *)&ifr) < 0) {
        int e = errno;
        close(fd);
        ck_warning(errh, "Linux universal tun failed for %s: %s", dev, strerror(e));
        return -1;
    }
    ELEM(fd) = fd;
    snprintf(ELEM(dev_name), sizeof ELEM(dev_name), "%s", ifr.ifr_name);
    int s = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (s < 0)
        return ck_error(errh, "socket() failed: %s", strerror(errno));
    int rc = 0;
    char cmd[160];
    memset(&ifr, 0, sizeof ifr);
    snprintf(ifr.ifr_name, sizeof ifr.ifr_name, "%s", ELEM(dev_name));
#if CONF_GIVEN(ETHER)
    ifr.ifr_hwaddr.sa_family = ARPHRD_ETHER;
    memcpy(ifr.ifr_hwaddr.sa_data, (const unsigned char *)CONF(ETHER), 6);
    snprintf(cmd, sizeof cmd, "/sbin/ifconfig %s hw ether", ELEM(dev_name));
    if (ELEM(ifconfig)(s, &ifr, SIOCSIFHWADDR, cmd, errh) < 0)
        rc = -1;
#endif
    if (mtu != 1500) {
        ifr.ifr_mtu = mtu;
        snprintf(cmd, sizeof cmd, "/sbin/ifconfig %s mtu %d", ELEM(dev_name), mtu);
        if (ELEM(ifconfig)(s, &ifr, SIOCSIFMTU, cmd, errh) < 0)
            rc = -1;
    }
    if (rc == 0 && near) {
        char a[16], m[16];
        ck_ip_unparse(a, near);
        ck_ip_unparse(m, mask);
        snprintf(cmd, sizeof cmd, "/sbin/ifconfig %s %s netmask %s up", ELEM(dev_name), a, m);
        struct sockaddr_in sin;
        memset(&sin, 0, sizeof sin);
        sin.sin_family = AF_INET;
        sin.sin_addr.s_addr = near;
        memcpy(&ifr.ifr_addr, &sin, sizeof sin);
        rc = ELEM(ifconfig)(s, &ifr, SIOCSIFADDR, cmd, errh);
        sin.sin_addr.s_addr = mask;
        memcpy(&ifr.ifr_addr, &sin, sizeof sin);
        if (rc == 0)
            rc = ELEM(ifconfig)(s, &ifr, SIOCSIFNETMASK, cmd, errh);
        if (rc == 0)
            rc = ELEM(ifconfig)(s, &ifr, SIOCGIFFLAGS, cmd, errh);
        ifr.ifr_flags = (short)((ifr.ifr_flags | IFF_UP) & ~IFF_NOARP);
        if (rc == 0)
            rc = ELEM(ifconfig)(s, &ifr, SIOCSIFFLAGS, cmd, errh);
        ELEM(addressed) = rc == 0;
    }
    if (rc == 0 && gw) {
        char g[16];
        ck_ip_unparse(g, gw);
        snprintf(cmd, sizeof cmd, "/sbin/route -n add default gw %s", g);
        struct rtentry rt;
        memset(&rt, 0, sizeof rt);
        struct sockaddr_in *d = (struct sockaddr_in *)&rt.rt_dst;
        struct sockaddr_in *gsin = (struct sockaddr_in *)&rt.rt_gateway;
        struct sockaddr_in *m = (struct sockaddr_in *)&rt.rt_genmask;
        d->sin_family = gsin->sin_family = m->sin_family = AF_INET;
        gsin->sin_addr.s_addr = gw;
        rt.rt_flags = RTF_UP | RTF_GATEWAY;
        if (ioctl(s, SIOCADDRT, &rt) != 0)
            rc = ck_error(errh, "%s: '%s' failed", ELEM(dev_name), cmd);
    }
    close(s);
    if (rc < 0)
        return -1;
    ELEM(mtu_in) = (uint32_t)mtu + 4 + 14;
    ck_hostdev_register(ELEM(dev_name), fd);
    ck_source_active(+1); /* a device never ends: the router runs until stopped */
    return 0;
}

static void
ELEM(cleanup)(void)
{
    if (ELEM(fd) >= 0) {
        if (ELEM(addressed)) {
            int s = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
            struct ifreq ifr;
            memset(&ifr, 0, sizeof ifr);
            snprintf(ifr.ifr_name, sizeof ifr.ifr_name, "%s", ELEM(dev_name));
            if (s >= 0 && ioctl(s, SIOCGIFFLAGS, &ifr) == 0) {
                ifr.ifr_flags = (short)(ifr.ifr_flags & ~IFF_UP);
                if (ioctl(s, SIOCSIFFLAGS, &ifr) != 0)
                    ck_chatter("%s: failed: /sbin/ifconfig %s down", ELEMENT_NAME, ELEM(dev_name));
            }
            if (s >= 0)
                close(s);
        }
        ck_hostdev_unregister(ELEM(fd));
        close(ELEM(fd));
        ELEM(fd) = -1;
    }
}

static CK_UNUSED int ELEM(run_task)(void)
{
    int n = 0;
    if (ELEM(fd) < 0)
        return 0;
    for (; n < 8; n++) {
        ck_packet *p = ck_packet_alloc_room(ELEM(headroom), ELEM(mtu_in), 0);
        if (!p) {
            ck_chatter("out of memory!");
            break;
        }
        ssize_t cc = read(ELEM(fd), p->data, ELEM(mtu_in));
        if (cc <= 0) {
            int e = errno;
            ck_packet_kill(p);
            if (cc == 0 || (e != EAGAIN && e != EWOULDBLOCK))
                ck_chatter("FromHost read: %s", cc == 0 ? "end of file" : strerror(e));
            break;
        }
        ck_packet_take(p, ELEM(mtu_in) - (uint32_t)cc);
        ck_packet_pull(p, 4); /* flags and Ethernet type */
        ck_set_mac_header(p, p->data);
        if (p->len >= 14 + CKIP_HDR) {
            const unsigned char *ip = p->data + 14;
            uint32_t hl = (uint32_t)(ip[0] & 0xF) << 2;
            memcpy(p->anno + DST_IP_ANNO_OFFSET, ip + CKIP_DST, 4);
            ck_set_network_header(p, ip, hl);
        }
        p->ts_ns = ck_now_ns();
        OUTPUT(0, p);
    }
    return n;
}

#include "standard/ckdata.h"
CK_DATA_READ_STRING(dev_name, ELEM(dev_name));
CK_DATA_READ_STRING(signal, "true");
