/* RawSocket(TYPE [, PORT, SNAPLEN, HEADROOM]): whole IPv4 packets over a raw socket of IP
 * protocol TYPE (Click's elements/userlevel/rawsocket.cc; needs root or CAP_NET_RAW).  The
 * socket has IP_HDRINCL and SO_BROADCAST.  With PORT nonzero and TYPE TCP or UDP, a socket of
 * that protocol is bound to the port on all addresses, as Click does, so that the host does
 * not answer the port's packets with resets or unreachables.
 *
 * Output 0: each packet the socket receives (the kernel gives a raw socket a copy of every
 * packet of its protocol), at most SNAPLEN bytes (the rest in the extra-length annotation),
 * HEADROOM bytes of headroom, the time it was read (Click asks the kernel's receive time
 * with SIOCGSTAMP), the network header set; one that is not IP
 * is dropped ("not IP"; Click kills it silently).  Input 0 (pull): each packet, starting with
 * its IPv4 header, is sent to its IP destination.
 *
 * The task reads (up to 32 packets a run) and pulls; the socket is nonblocking and the
 * router thread never waits for it.  A packet the socket cannot take yet (EAGAIN, ENOBUFS)
 * is held and sent first on a later run (Click backs off with a timer); while one is held
 * the router does not stop.  Counted drops: "runt IP packet" (under 20 bytes, with Click's
 * error message), "sendto failed" (with Click's message).  Receiving keeps the router
 * running (an output: the socket never ends). */
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <pcap/pcap.h>

static int ELEM(fd) = -1, ELEM(port_fd) = -1;
static ck_packet *ELEM(wq);
static int ELEM(holding), ELEM(reading);

static int ELEM(sock_error)(ck_errh *errh, const char *what)
{
    int e = errno;
    if (ELEM(fd) >= 0)
        close(ELEM(fd));
    if (ELEM(port_fd) >= 0)
        close(ELEM(port_fd));
    ELEM(fd) = ELEM(port_fd) = -1;
    return ck_error(errh, "%s: %s", what, strerror(e));
}

static int
ELEM(init)(ck_errh *errh)
{
    int proto = (int)CONF(TYPE);
    ELEM(fd) = socket(PF_INET, SOCK_RAW | SOCK_CLOEXEC | SOCK_NONBLOCK, proto);
    if (ELEM(fd) < 0)
        return ELEM(sock_error)(errh, "socket");
    if (CONF(PORT) && (proto == IPPROTO_UDP || proto == IPPROTO_TCP)) {
        ELEM(port_fd) = socket(AF_INET, (proto == IPPROTO_UDP ? SOCK_DGRAM : SOCK_STREAM)
                                        | SOCK_CLOEXEC, proto);
        if (ELEM(port_fd) < 0)
            return ELEM(sock_error)(errh, "socket");
        struct sockaddr_in sin;
        memset(&sin, 0, sizeof sin);
        sin.sin_family = AF_INET;
        sin.sin_port = htons((uint16_t)CONF(PORT));
        if (bind(ELEM(port_fd), (struct sockaddr *)&sin, sizeof sin) < 0)
            return ELEM(sock_error)(errh, "Bind for planetlab port registration failed");
    }
    int one = 1;
    if (setsockopt(ELEM(fd), IPPROTO_IP, IP_HDRINCL, &one, sizeof one) < 0)
        return ELEM(sock_error)(errh, "IP_HDRINCL");
    if (setsockopt(ELEM(fd), SOL_SOCKET, SO_BROADCAST, &one, sizeof one) < 0)
        return ELEM(sock_error)(errh, "SO_BROADCAST");
    if (NOUTPUTS > 0) {
        ELEM(reading) = 1;
        ck_source_active(+1);
    }
    return 0;
}

static void ELEM(hold)(ck_packet *p)
{
    ELEM(wq) = p;
    if (!!p != ELEM(holding)) {
        ELEM(holding) = !!p;
        ck_source_active(p ? +1 : -1);
    }
}

static void
ELEM(cleanup)(void)
{
    if (ELEM(wq))
        ck_drop(ELEM(wq), ELEMENT_INDEX, "not sent at exit");
    ELEM(hold)(NULL);
    if (ELEM(reading))
        ck_source_active(-1);
    ELEM(reading) = 0;
    if (ELEM(fd) >= 0)
        close(ELEM(fd));
    if (ELEM(port_fd) >= 0)
        close(ELEM(port_fd));
    ELEM(fd) = ELEM(port_fd) = -1;
}

/* Send p to its IP destination: 1 when done with it (sent or dropped), 0 to hold it. */
static CK_UNUSED int ELEM(send)(ck_packet *p)
{
    if (p->len < 20) {
        ck_chatter("%s: runt IP packet (%u bytes)", ELEMENT_LANDMARK, (unsigned)p->len);
        ck_drop(p, ELEMENT_INDEX, "runt IP packet");
        return 1;
    }
    struct sockaddr_in sin;
    memset(&sin, 0, sizeof sin);
    sin.sin_family = AF_INET;
    memcpy(&sin.sin_addr, p->data + 16, 4);
    while (p->len) {
        ssize_t n = sendto(ELEM(fd), p->data, p->len, MSG_NOSIGNAL | MSG_DONTWAIT,
                           (const struct sockaddr *)&sin, sizeof sin);
        if (n < 0 && (errno == ENOBUFS || errno == EAGAIN || errno == EWOULDBLOCK))
            return 0;
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            ck_chatter("%s: sendto: %s", ELEMENT_LANDMARK, strerror(errno));
            ck_drop(p, ELEMENT_INDEX, "sendto failed");
            return 1;
        }
        ck_packet_pull(p, (uint32_t)n);
    }
    ck_packet_kill(p);
    return 1;
}

static CK_UNUSED int ELEM(run_task)(void)
{
    int work = 0;
    if (ELEM(fd) < 0)
        return 0;
#if NOUTPUTS > 0
    uint32_t snaplen = (uint32_t)CONF(SNAPLEN);
    for (int i = 0; i < 32; i++) {
        ck_packet *p = ck_packet_alloc_room((uint32_t)CONF(HEADROOM), snaplen, 0);
        if (!p)
            break;
        ssize_t n = recv(ELEM(fd), p->data, snaplen, MSG_TRUNC | MSG_DONTWAIT);
        if (n <= 0) {
            if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
                ck_chatter("%s: recv: %s", ELEMENT_LANDMARK, strerror(errno));
            ck_packet_kill(p);
            break;
        }
        if ((size_t)n > snaplen)
            ck_set_anno_u32(p, EXTRA_LENGTH_ANNO_OFFSET, (uint32_t)((size_t)n - snaplen));
        else
            ck_packet_take(p, snaplen - (uint32_t)n);
        p->ts_ns = ck_now_ns();
        work++;
        if (ck_force_ip(p, DLT_RAW))
            OUTPUT(0, p);
        else
            ck_drop(p, ELEMENT_INDEX, "not IP");
    }
#endif
#if NINPUTS > 0
    for (int i = 0; i < 32; i++) {
        ck_packet *p = ELEM(wq);
        if (p)
            ELEM(hold)(NULL);
        else if (!(p = INPUT_PULL(0)))
            break;
        work++;
        if (!ELEM(send)(p)) {
            ELEM(hold)(p);
            break;
        }
    }
#endif
    return work;
}
