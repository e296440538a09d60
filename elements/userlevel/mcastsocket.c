/* McastSocket(MCASTIP, MCASTPORT [, SOURCEIP, SOURCEPORT, keywords]): a UDP multicast
 * transport (Click's elements/userlevel/mcastsocket.cc).  A receive socket bound to
 * MCASTIP:MCASTPORT (SO_REUSEADDR, so several listeners share it) joins the group on
 * SOURCEIP's interface (any when not given); a send socket, bound to SOURCEIP:SOURCEPORT and
 * sending through SOURCEIP's interface when SOURCEIP is given, sends each input packet to the
 * group, with IP_MULTICAST_LOOP as LOOP says.  Datagrams received are pushed out of output 0;
 * with SOURCEIP, those from SOURCEIP:SOURCEPORT (this element's own, looped back) are
 * skipped, as Click skips them.  Reading, writing, the send queue and the counted drops are
 * Socket's (userlevel/socket.c, included): the router thread never blocks on the sockets. */
#define SOCKET_CUSTOM_SETUP 1
#define SOCKET_OPT(name) SOCKET_MC_##name
#define SOCKET_MC_VERBOSE 0
#define SOCKET_MC_SNAPLEN CONF(SNAPLEN)
#define SOCKET_MC_HEADROOM CONF(HEADROOM)
#define SOCKET_MC_TIMESTAMP CONF(TIMESTAMP)
#define SOCKET_MC_NODELAY 0
#define SOCKET_MC_SNDBUF CONF(SNDBUF)
#define SOCKET_MC_RCVBUF (-1)
#define SOCKET_MC_ADDR 1
static int ELEM(recv_fd) = -1;
static struct sockaddr_in ELEM(source);
#define SOCKET_READ_FD ELEM(recv_fd)
#define SOCKET_IGNORE_FROM(f)                                                                 \
    (ELEM(source).sin_addr.s_addr && (f)->in.sin_addr.s_addr == ELEM(source).sin_addr.s_addr  \
     && (f)->in.sin_port == ELEM(source).sin_port)
#define SOCKET_CLEANUP_MORE()                                                                 \
    do {                                                                                      \
        if (ELEM(recv_fd) >= 0)                                                               \
            close(ELEM(recv_fd));                                                             \
        ELEM(recv_fd) = -1;                                                                   \
    } while (0)
#include "userlevel/socket.c"

static int ELEM(mc_error)(ck_errh *errh, const char *what)
{
    int e = errno;
    if (ELEM(recv_fd) >= 0)
        close(ELEM(recv_fd));
    ELEM(recv_fd) = -1;
    return ck_error(errh, "%s: %s", what, strerror(e));
}

static int
ELEM(init)(ck_errh *errh)
{
    struct sockaddr_in group;
    memset(&group, 0, sizeof group);
    group.sin_family = AF_INET;
    group.sin_port = htons((uint16_t)CONF(MCASTPORT));
    group.sin_addr.s_addr = (uint32_t)CONF(MCASTIP);
    memset(&ELEM(source), 0, sizeof ELEM(source));
    ELEM(source).sin_family = AF_INET;
    ELEM(source).sin_port = htons((uint16_t)CONF(SOURCEPORT));
    ELEM(source).sin_addr.s_addr = CONF_GIVEN(SOURCEIP) ? (uint32_t)CONF(SOURCEIP) : 0;
    ELEM(recv_fd) = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC | SOCK_NONBLOCK, IPPROTO_UDP);
    if (ELEM(recv_fd) < 0)
        return ELEM(mc_error)(errh, "socket");
    int one = 1, rcvbuf = (int)CONF(RCVBUF);
    if (rcvbuf >= 0
        && setsockopt(ELEM(recv_fd), SOL_SOCKET, SO_RCVBUF, &rcvbuf, sizeof rcvbuf) < 0)
        return ELEM(mc_error)(errh, "setsockopt(SO_RCVBUF)");
    if (setsockopt(ELEM(recv_fd), SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) < 0)
        return ELEM(mc_error)(errh, "setsockopt(SO_REUSEADDR)");
    if (bind(ELEM(recv_fd), (struct sockaddr *)&group, sizeof group) < 0)
        return ELEM(mc_error)(errh, "bind");
    struct ip_mreq mreq;
    mreq.imr_multiaddr = group.sin_addr;
    mreq.imr_interface = ELEM(source).sin_addr;
    if (setsockopt(ELEM(recv_fd), IPPROTO_IP, IP_ADD_MEMBERSHIP, &mreq, sizeof mreq) < 0)
        return ELEM(mc_error)(errh, "setsockopt(IP_ADD_MEMBERSHIP)");
    /* the send socket is Socket's, a UDP client of the group */
    ELEM(family) = AF_INET;
    ELEM(socktype) = SOCK_DGRAM;
    ELEM(client) = 1;
    memcpy(&ELEM(remote).in, &group, sizeof group);
    ELEM(remote_len) = sizeof group;
    memcpy(&ELEM(local).in, &ELEM(source), sizeof ELEM(source));
    ELEM(local_len) = sizeof ELEM(source);
    if (ELEM(open)(errh, ELEM(source).sin_addr.s_addr != 0) < 0)
        return ELEM(mc_error)(errh, "socket");
    if (ELEM(source).sin_addr.s_addr) {
        socklen_t len = sizeof ELEM(source);
        if (ELEM(source).sin_port == 0
            && getsockname(ELEM(fd), (struct sockaddr *)&ELEM(source), &len) != 0)
            return ELEM(mc_error)(errh, "getsockname");
        if (setsockopt(ELEM(fd), IPPROTO_IP, IP_MULTICAST_IF, &ELEM(source).sin_addr,
                       sizeof ELEM(source).sin_addr) < 0)
            return ELEM(mc_error)(errh, "setsockopt(IP_MULTICAST_IF)");
    }
    int loop = CONF(LOOP) ? 1 : 0;
    if (setsockopt(ELEM(fd), IPPROTO_IP, IP_MULTICAST_LOOP, &loop, sizeof loop) < 0)
        return ELEM(mc_error)(errh, "setsockopt(IP_MULTICAST_LOOP)");
    return 0;
}
