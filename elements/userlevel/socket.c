/* Socket(TYPE, ADDR, PORT [, LOCAL_ADDR, LOCAL_PORT] | FILENAME [, LOCAL_FILENAME], keywords):
 * a socket transport, as Click's user-level Socket (elements/userlevel/socket.cc).  Packets do
 * not flow through it: input packets are written to the socket and data read from it is
 * pushed out of output 0.
 *
 * TYPE TCP/UDP is an IPv4 socket (ADDR, PORT), UNIX/UNIX_DGRAM a Unix-domain one (FILENAME;
 * a leading NUL byte names the abstract namespace).  A client (CLIENT true, or no output and
 * CLIENT not given) binds LOCAL_ADDR/LOCAL_PORT or LOCAL_FILENAME when given, then connects
 * (stream types, at initialization, as Click) or sends to the address (datagram types; a UDP
 * client with ADDR 0.0.0.0 sends each packet to its DST_IP annotation).  A server binds
 * ADDR/PORT or FILENAME; a stream server accepts one connection at a time (the next once the
 * current one is closed), a datagram server answers the last peer that sent to it (before
 * any has, the configured address, as Click).  TCP sockets get TCP_NODELAY (NODELAY),
 * SNDBUF/RCVBUF set SO_SNDBUF/SO_RCVBUF; a server's Unix socket file is removed at cleanup.
 *
 * Received data: a packet per read of at most SNAPLEN bytes (stream: whatever the read
 * returned; datagram: one datagram, its bytes beyond SNAPLEN counted in the extra-length
 * annotation) with HEADROOM bytes of headroom and, with TIMESTAMP, the time it was read.
 *
 * The router thread never blocks on the socket (Click's push blocks in select until the
 * socket is writable): the socket is nonblocking, and the element's task accepts, reads (up
 * to 32 packets a run) and writes.  A packet the socket cannot take yet waits in a send queue
 * (in order, at most SOCKET_QMAX packets; the partly written packet of a stream keeps its
 * unsent bytes) that the task retries; while packets wait the router does not stop.  Writes
 * use MSG_NOSIGNAL: a peer that went away is an EPIPE error, never a SIGPIPE.  Counted drops
 * (clickc's --stats reasons; Click kills these packets silently): "not connected" (pushed
 * with no connection), "send queue full", "send failed" (an error other than EAGAIN, ENOBUFS
 * or EINTR; a stream connection is then closed and the packets still queued for it are
 * dropped with "connection closed").  A datagram socket stays open after a failed send
 * (Click closes it) and passes an empty datagram on as an empty packet (Click takes it for
 * the end of the connection).  A pull input is pulled only while a connection is open and
 * nothing waits in the queue.
 *
 * The router keeps running while the socket can still deliver packets (an output, and a
 * listening socket or an open connection): a client whose peer closed the connection lets it
 * end.  Not supported (refused by the compiler): ALLOW, DENY. */
#include <errno.h>
#include <strings.h>
#include <fcntl.h>
#include <unistd.h>
#include <stddef.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <arpa/inet.h>

#ifndef SOCKET_QMAX
#define SOCKET_QMAX 1024
#endif
/* The keyword options as this file reads them: the element's arguments, or the fixed values
 * of a class built on this file that has no such arguments (UMLSwitch defines SOCKET_OPT and
 * SOCKET_CUSTOM_SETUP, which replaces the address setup and ELEM(init) by its own, and may
 * define SOCKET_CLEANUP_MORE()). */
#ifndef SOCKET_OPT
#define SOCKET_OPT(name) CONF(name)
#endif
/* The descriptor datagrams are read from (McastSocket reads another socket than it writes),
 * and SOCKET_IGNORE_FROM(from), nonzero for a datagram to skip (McastSocket's own). */
#ifndef SOCKET_READ_FD
#define SOCKET_READ_FD ELEM(active)
#endif
#define SOCKET_BURST 32

static int ELEM(fd) = -1, ELEM(active) = -1;
static int ELEM(family), ELEM(socktype), ELEM(client);
static union { struct sockaddr_in in; struct sockaddr_un un; } ELEM(remote), ELEM(local);
static socklen_t ELEM(remote_len), ELEM(local_len);
static ck_packet *ELEM(qhead), *ELEM(qtail);
static uint32_t ELEM(qlen);
static int ELEM(source_on), ELEM(holding);
static char ELEM(local_path)[sizeof ELEM(local).un.sun_path + 1];

/* Whether the router must keep running for this socket: it may still deliver packets (an
 * output and a listening or open socket), or packets wait to be sent. */
static void ELEM(update_active)(void)
{
    int deliver = NOUTPUTS > 0 && (ELEM(active) >= 0
                                   || (!ELEM(client) && ELEM(socktype) == SOCK_STREAM
                                       && ELEM(fd) >= 0));
    if (deliver != ELEM(source_on)) {
        ck_source_active(deliver ? +1 : -1);
        ELEM(source_on) = deliver;
    }
    int hold = ELEM(qlen) > 0;
    if (hold != ELEM(holding)) {
        ck_source_active(hold ? +1 : -1);
        ELEM(holding) = hold;
    }
}

static void ELEM(drop_queue)(const char *reason)
{
    while (ELEM(qhead)) {
        ck_packet *p = ELEM(qhead);
        ELEM(qhead) = p->next;
        p->next = NULL;
        ck_drop(p, ELEMENT_INDEX, reason);
    }
    ELEM(qtail) = NULL;
    ELEM(qlen) = 0;
}

/* Close the current connection (Click's close_active); a datagram socket stays open. */
static void ELEM(close_active)(void)
{
    if (ELEM(active) >= 0 && ELEM(active) != ELEM(fd)) {
        close(ELEM(active));
        if (SOCKET_OPT(VERBOSE))
            ck_chatter("%s: closed connection %d", ELEMENT_NAME, ELEM(active));
        ELEM(active) = -1;
    } else if (ELEM(active) >= 0 && ELEM(socktype) == SOCK_STREAM) {
        /* a stream client: its only socket is the connection */
        if (SOCKET_OPT(VERBOSE))
            ck_chatter("%s: closed connection %d", ELEMENT_NAME, ELEM(active));
        close(ELEM(active));
        ELEM(active) = ELEM(fd) = -1;
    }
    ELEM(drop_queue)("connection closed");
    ELEM(update_active)();
}

/* Write as much of p as the socket takes: 1 when p is finished (sent, or dropped), 0 when
 * the socket is full (p keeps its unsent bytes). */
static int ELEM(write_packet)(ck_packet *p)
{
    while (1) {
        ssize_t n;
        if (ELEM(socktype) == SOCK_STREAM) {
            if (p->len == 0)
                break;
            n = send(ELEM(active), p->data, p->len, MSG_NOSIGNAL | MSG_DONTWAIT);
        } else {
            if (ELEM(client) && ELEM(family) == AF_INET && SOCKET_OPT(ADDR) == 0)
                ELEM(remote).in.sin_addr.s_addr = ck_anno_u32(p, DST_IP_ANNO_OFFSET);
            n = sendto(ELEM(active), p->data, p->len, MSG_NOSIGNAL | MSG_DONTWAIT,
                       (struct sockaddr *)&ELEM(remote), ELEM(remote_len));
        }
        if (n < 0) {
            if (errno == EINTR)
                continue;
            if (errno == EAGAIN || errno == EWOULDBLOCK || errno == ENOBUFS)
                return 0;
            if (SOCKET_OPT(VERBOSE))
                ck_chatter("%s: %s", ELEMENT_NAME, strerror(errno));
            ck_drop(p, ELEMENT_INDEX, "send failed");
            if (ELEM(socktype) == SOCK_STREAM)
                ELEM(close_active)();
            return 1;
        }
        if (ELEM(socktype) != SOCK_STREAM)
            break;
        ck_packet_pull(p, (uint32_t)n);
    }
    ck_packet_kill(p);
    return 1;
}

/* Send the queued packets in order; 1 when the queue is empty. */
static int ELEM(flush)(void)
{
    while (ELEM(qhead) && ELEM(active) >= 0) {
        ck_packet *p = ELEM(qhead);
        ELEM(qhead) = p->next;
        if (!ELEM(qhead))
            ELEM(qtail) = NULL;
        ELEM(qlen)--;
        p->next = NULL;
        if (!ELEM(write_packet)(p)) { /* the socket is full: p stays first */
            p->next = ELEM(qhead);
            ELEM(qhead) = p;
            if (!ELEM(qtail))
                ELEM(qtail) = p;
            ELEM(qlen)++;
            break;
        }
    }
    ELEM(update_active)();
    return ELEM(qhead) == NULL;
}

static void ELEM(enqueue)(ck_packet *p)
{
    if (ELEM(qlen) >= SOCKET_QMAX) {
        ck_drop(p, ELEMENT_INDEX, "send queue full");
        return;
    }
    p->next = NULL;
    if (ELEM(qtail))
        ELEM(qtail)->next = p;
    else
        ELEM(qhead) = p;
    ELEM(qtail) = p;
    ELEM(qlen)++;
}

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    if (ELEM(active) < 0) {
        ck_drop(p, ELEMENT_INDEX, "not connected");
        return;
    }
    if (ELEM(qhead)) {
        ELEM(enqueue)(p);
        ELEM(flush)();
    } else if (!ELEM(write_packet)(p)) {
        ELEM(enqueue)(p);
        ELEM(update_active)();
    }
}

static int ELEM(sock_error)(ck_errh *errh, const char *call)
{
    int e = errno;
    if (ELEM(fd) >= 0)
        close(ELEM(fd));
    ELEM(fd) = -1;
    return ck_error(errh, "%s: %s", call, strerror(e));
}

/* A sockaddr_un for path (abstract when it starts with NUL: Click's rule on the length). */
static CK_UNUSED socklen_t ELEM(unix_addr)(struct sockaddr_un *sun, const char *path, size_t len)
{
    memset(sun, 0, sizeof *sun);
    sun->sun_family = AF_UNIX;
    memcpy(sun->sun_path, path, len);
    return (socklen_t)(offsetof(struct sockaddr_un, sun_path) + len + (len && path[0] ? 1 : 0));
}

#ifndef SOCKET_CUSTOM_SETUP
/* Family, type, client side and addresses from the arguments; returns 1 when a client has a
 * local address to bind, 0 when not, -1 on error. */
static int ELEM(setup)(ck_errh *errh)
{
    const char *type = (const char *)CONF(TYPE);
    int inet = strcasecmp(type, "TCP") == 0 || strcasecmp(type, "UDP") == 0;
    ELEM(family) = inet ? AF_INET : AF_UNIX;
    ELEM(socktype) = strcasecmp(type, "TCP") == 0 || strcasecmp(type, "UNIX") == 0
                     ? SOCK_STREAM : SOCK_DGRAM;
    ELEM(client) = CONF_GIVEN(CLIENT) ? (int)CONF(CLIENT) : NOUTPUTS == 0;
    int local_given = 0;
    if (inet) {
        ELEM(remote).in.sin_family = AF_INET;
        ELEM(remote).in.sin_port = htons((uint16_t)CONF(PORT));
        ELEM(remote).in.sin_addr.s_addr = (uint32_t)CONF(ADDR);
        ELEM(remote_len) = sizeof ELEM(remote).in;
        ELEM(local).in.sin_family = AF_INET;
        ELEM(local).in.sin_port = htons((uint16_t)CONF(LOCAL_PORT));
        ELEM(local).in.sin_addr.s_addr = (uint32_t)CONF(LOCAL_ADDR);
        ELEM(local_len) = sizeof ELEM(local).in;
        local_given = CONF(LOCAL_PORT) != 0;
    } else {
        const char *rp = (const char *)CONF(FILENAME), *lp = (const char *)CONF(LOCAL_FILENAME);
        size_t rn = (size_t)CONF_LEN(FILENAME), ln = (size_t)CONF_LEN(LOCAL_FILENAME);
        if (rn >= sizeof ELEM(remote).un.sun_path || ln >= sizeof ELEM(local).un.sun_path)
            return ck_error(errh, "filename too long");
        ELEM(remote_len) = ELEM(unix_addr)(&ELEM(remote).un, rp ? rp : "", rp ? rn : 0);
        ELEM(local_len) = ELEM(unix_addr)(&ELEM(local).un, lp ? lp : "", lp ? ln : 0);
        local_given = lp && ln > 0;
    }
    return local_given;
}
#endif

/* Open the socket ELEM(setup) (or the class's own setup) described: bind, connect or
 * listen as Click's Socket::initialize does. */
static int ELEM(open)(ck_errh *errh, int local_given)
{
    int inet = ELEM(family) == AF_INET;
    ELEM(fd) = socket(ELEM(family), ELEM(socktype) | SOCK_CLOEXEC, 0);
    if (ELEM(fd) < 0)
        return ELEM(sock_error)(errh, "socket");
    int one = 1;
    if (inet && ELEM(socktype) == SOCK_STREAM && SOCKET_OPT(NODELAY)
        && setsockopt(ELEM(fd), IPPROTO_TCP, TCP_NODELAY, &one, sizeof one) < 0)
        return ELEM(sock_error)(errh, "setsockopt(TCP_NODELAY)");
    int sndbuf = (int)SOCKET_OPT(SNDBUF), rcvbuf = (int)SOCKET_OPT(RCVBUF);
    if (sndbuf >= 0 && setsockopt(ELEM(fd), SOL_SOCKET, SO_SNDBUF, &sndbuf, sizeof sndbuf) < 0)
        return ELEM(sock_error)(errh, "setsockopt(SO_SNDBUF)");
    if (rcvbuf >= 0 && setsockopt(ELEM(fd), SOL_SOCKET, SO_RCVBUF, &rcvbuf, sizeof rcvbuf) < 0)
        return ELEM(sock_error)(errh, "setsockopt(SO_RCVBUF)");
    if (!ELEM(client)) {
        memcpy(&ELEM(local), &ELEM(remote), sizeof ELEM(local));
        ELEM(local_len) = ELEM(remote_len);
    }
    if (!ELEM(client) || local_given) {
        if (ELEM(socktype) == SOCK_STREAM)
            setsockopt(ELEM(fd), SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
        if (bind(ELEM(fd), (struct sockaddr *)&ELEM(local), ELEM(local_len)) < 0)
            return ELEM(sock_error)(errh, "bind");
        if (ELEM(family) == AF_UNIX && ELEM(local).un.sun_path[0])
            snprintf(ELEM(local_path), sizeof ELEM(local_path), "%s", ELEM(local).un.sun_path);
    }
    if (ELEM(client)) {
        if (ELEM(socktype) == SOCK_STREAM) {
            /* as Click, the connection is made while the router initializes */
            int rc;
            do
                rc = connect(ELEM(fd), (struct sockaddr *)&ELEM(remote), ELEM(remote_len));
            while (rc < 0 && errno == EINTR);
            if (rc < 0)
                return ELEM(sock_error)(errh, "connect");
            if (SOCKET_OPT(VERBOSE))
                ck_chatter("%s: opened connection %d", ELEMENT_NAME, ELEM(fd));
        }
        ELEM(active) = ELEM(fd);
    } else if (ELEM(socktype) == SOCK_STREAM) {
        if (listen(ELEM(fd), 2) < 0)
            return ELEM(sock_error)(errh, "listen");
        if (SOCKET_OPT(VERBOSE))
            ck_chatter("%s: listening for connections (%d)", ELEMENT_NAME, ELEM(fd));
    } else
        ELEM(active) = ELEM(fd);
    fcntl(ELEM(fd), F_SETFL, fcntl(ELEM(fd), F_GETFL) | O_NONBLOCK);
    ELEM(update_active)();
    return 0;
}

#ifndef SOCKET_CUSTOM_SETUP
static int
ELEM(init)(ck_errh *errh)
{
    int local_given = ELEM(setup)(errh);
    return local_given < 0 ? -1 : ELEM(open)(errh, local_given);
}
#endif

static void
ELEM(cleanup)(void)
{
    if (ELEM(active) >= 0 && ELEM(active) != ELEM(fd))
        close(ELEM(active));
    ELEM(active) = -1;
    ELEM(drop_queue)("not sent at exit");
    if (ELEM(fd) >= 0) {
        shutdown(ELEM(fd), SHUT_RDWR);
        close(ELEM(fd));
        ELEM(fd) = -1;
        if (ELEM(local_path)[0] && !ELEM(client))
            unlink(ELEM(local_path));
    }
#ifdef SOCKET_CLEANUP_MORE
    SOCKET_CLEANUP_MORE();
#endif
}

/* Read one packet; 1 when one was pushed, 0 when nothing was there (or the peer closed). */
static CK_UNUSED int ELEM(read_one)(void)
{
    uint32_t snaplen = (uint32_t)SOCKET_OPT(SNAPLEN);
    ck_packet *p = ck_packet_alloc_room((uint32_t)SOCKET_OPT(HEADROOM), snaplen, 0);
    if (!p)
        return 0;
    union { struct sockaddr_in in; struct sockaddr_un un; } from;
    socklen_t from_len = sizeof from;
    ssize_t n;
    do {
        if (ELEM(socktype) == SOCK_STREAM)
            n = recv(ELEM(active), p->data, snaplen, MSG_DONTWAIT);
        else
            n = recvfrom(SOCKET_READ_FD, p->data, snaplen, MSG_DONTWAIT | MSG_TRUNC,
                         (struct sockaddr *)&from, &from_len);
    } while (n < 0 && errno == EINTR);
    if (n < 0 || (n == 0 && ELEM(socktype) == SOCK_STREAM)) {
        int e = errno;
        ck_packet_kill(p);
        if (n == 0 || (e != EAGAIN && e != EWOULDBLOCK)) {
            if (n < 0 && SOCKET_OPT(VERBOSE))
                ck_chatter("%s: %s", ELEMENT_NAME, strerror(e));
            if (ELEM(socktype) == SOCK_STREAM)
                ELEM(close_active)();
        }
        return 0;
    }
#ifdef SOCKET_IGNORE_FROM
    if (SOCKET_IGNORE_FROM(&from)) {
        ck_packet_kill(p);
        return 1;
    }
#endif
    if (ELEM(socktype) != SOCK_STREAM && !ELEM(client) && from_len <= sizeof ELEM(remote)) {
        memcpy(&ELEM(remote), &from, from_len);
        ELEM(remote_len) = from_len;
    }
    if ((size_t)n > snaplen)
        ck_set_anno_u32(p, EXTRA_LENGTH_ANNO_OFFSET, (uint32_t)((size_t)n - snaplen));
    else
        ck_packet_take(p, snaplen - (uint32_t)n);
    if (SOCKET_OPT(TIMESTAMP))
        p->ts_ns = ck_now_ns();
    OUTPUT(0, p);
    return 1;
}

static CK_UNUSED int ELEM(run_task)(void)
{
    int work = 0;
    if (ELEM(socktype) == SOCK_STREAM && !ELEM(client) && ELEM(active) < 0 && ELEM(fd) >= 0) {
        int c = accept4(ELEM(fd), NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (c >= 0) {
            ELEM(active) = c;
            if (SOCKET_OPT(VERBOSE))
                ck_chatter("%s: opened connection %d", ELEMENT_NAME, c);
            work++;
        } else if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
            ck_chatter("%s: accept: %s", ELEMENT_NAME, strerror(errno));
    }
#if NOUTPUTS > 0
    for (int i = 0; i < SOCKET_BURST && ELEM(active) >= 0 && ELEM(read_one)(); i++)
        work++;
#endif
    if (ELEM(qhead)) {
        uint32_t before = ELEM(qlen);
        ELEM(flush)();
        work += (int)(before - ELEM(qlen));
    }
#if NINPUTS > 0
    if (!INPUT_IS_PUSH(0)) {
        for (int i = 0; i < SOCKET_BURST && ELEM(active) >= 0 && !ELEM(qhead); i++) {
            ck_packet *p = INPUT_PULL(0);
            if (!p)
                break;
            work++;
            if (!ELEM(write_packet)(p)) {
                ELEM(enqueue)(p);
                ELEM(update_active)();
            }
        }
    }
#endif
    return work;
}

#undef SOCKET_BURST
#undef SOCKET_OPT
#undef SOCKET_READ_FD
#undef SOCKET_IGNORE_FROM
#undef SOCKET_CUSTOM_SETUP
#undef SOCKET_CLEANUP_MORE
