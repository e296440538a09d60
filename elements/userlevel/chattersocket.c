/* ChatterSocket(TYPE, PORT | FILENAME [, CHANNEL, QUIET_CHANNEL, GREETING, RETRIES,
 * RETRY_WARNINGS]): copies the router's messages to the clients of a TCP or Unix-domain socket
 * (Click's elements/userlevel/chattersocket.cc; docs/more-elements.md).
 *
 * clickc's chatter and error messages (ck_chatter, ck_error, ck_warning) are written to the C
 * library's standard error stream.  The first ChatterSocket to initialize points `stderr` at a
 * stream of its own (fopencookie) that writes every byte to the real standard error and
 * hands it to each ChatterSocket; the last one to clean up puts the real stream back.  Each
 * instance keeps the bytes written since its oldest client's position (nothing while it has
 * no client) and sends them without blocking; a client more than 500000 bytes behind, or whose
 * socket fails, is closed.  A new client is greeted with "Click::ChatterSocket/1.0" CRLF
 * (GREETING) and receives the messages written after it connected.  The element's task accepts
 * clients and sends what the non-blocking writes left.  Every access to the sinks, the clients
 * and the kept bytes holds one mutex (ck_cs_mutex), taken by the stream's write function
 * (which the C library calls with the stream locked, so the copies keep standard error's
 * order) and by the task: messages from any thread are safe, whatever ELEMENT_NTHREADS is.
 * The task reports its own accept errors after releasing it (they go through the stream).
 * TCP listens on every address (SO_REUSEADDR); UNIX binds FILENAME and removes it at the end.
 * RETRIES: a failed socket is tried again once a second, RETRIES times, then the router stops;
 * RETRY_WARNINGS warns at each failure with the tries left. */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <unistd.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <netinet/in.h>
#include "userlevel/cksockopen.h"

#ifndef CK_CHATTERSOCKET_SHARED
#define CK_CHATTERSOCKET_SHARED 1
/* The chatter sockets of the router: each gets every byte written to standard error. */
enum { CK_CS_MAX = 64 };
static void (*ck_cs_sinks[CK_CS_MAX])(const char *, size_t);
static int ck_cs_nsinks;
static FILE *ck_cs_real;   /* the real standard error while ck_cs_stream replaces it */
static FILE *ck_cs_stream;
static pthread_mutex_t ck_cs_mutex = PTHREAD_MUTEX_INITIALIZER;

static ssize_t ck_cs_write(void *cookie, const char *buf, size_t n)
{
    (void)cookie;
    fwrite(buf, 1, n, ck_cs_real);
    fflush(ck_cs_real);
    pthread_mutex_lock(&ck_cs_mutex);
    for (int i = 0; i < ck_cs_nsinks; i++)
        ck_cs_sinks[i](buf, n);
    pthread_mutex_unlock(&ck_cs_mutex);
    return (ssize_t)n;
}

/* Add `sink`; the first one replaces stderr.  Returns -1 when no stream could be made. */
static int ck_cs_attach(void (*sink)(const char *, size_t))
{
    if (ck_cs_nsinks == CK_CS_MAX)
        return -1;
    if (!ck_cs_nsinks) {
        cookie_io_functions_t io = {NULL, ck_cs_write, NULL, NULL};
        fflush(stderr);
        FILE *f = fopencookie(NULL, "w", io);
        if (!f)
            return -1;
        setvbuf(f, NULL, _IONBF, 0);
        ck_cs_real = stderr;
        ck_cs_stream = f;
        stderr = f;
    }
    pthread_mutex_lock(&ck_cs_mutex);
    ck_cs_sinks[ck_cs_nsinks++] = sink;
    pthread_mutex_unlock(&ck_cs_mutex);
    return 0;
}

static void ck_cs_detach(void (*sink)(const char *, size_t))
{
    int found = -1;
    for (int i = 0; i < ck_cs_nsinks; i++)
        if (ck_cs_sinks[i] == sink)
            found = i;
    if (found < 0)
        return;
    pthread_mutex_lock(&ck_cs_mutex);
    ck_cs_sinks[found] = ck_cs_sinks[--ck_cs_nsinks];
    pthread_mutex_unlock(&ck_cs_mutex);
    if (!ck_cs_nsinks) {
        if (stderr == ck_cs_stream)
            stderr = ck_cs_real;
        fclose(ck_cs_stream);
        ck_cs_stream = NULL;
    }
}
#endif

enum { ELEM(max_backlog) = 500000 };

typedef struct ELEM(client) {
    int fd;
    uint64_t pos; /* bytes of the message stream this client has been sent */
} ELEM(client);

static int ELEM(listen_fd) = -1;
static int ELEM(attached);
static int ELEM(active);
static int ELEM(retries);
static int64_t ELEM(next_retry_ns);
static ELEM(client) *ELEM(clients);
static int ELEM(nclients), ELEM(cap_clients);
/* The message stream from byte ELEM(base): ELEM(kept) bytes in ELEM(data). */
static char *ELEM(data);
static size_t ELEM(kept), ELEM(cap_data);
static uint64_t ELEM(base);

/* Send client i what it lacks; close it on error or when too far behind.  Lock held. */
static void ELEM(flush_one)(int i)
{
    ELEM(client) *c = &ELEM(clients)[i];
    uint64_t end = ELEM(base) + ELEM(kept);
    int bad = end - c->pos > ELEM(max_backlog);
    while (!bad && c->pos < end) {
        ssize_t w = send(c->fd, ELEM(data) + (c->pos - ELEM(base)), (size_t)(end - c->pos),
                         MSG_NOSIGNAL | MSG_DONTWAIT);
        if (w < 0 && errno == EINTR)
            continue;
        if (w < 0) {
            bad = errno != EAGAIN && errno != EWOULDBLOCK;
            break;
        }
        c->pos += (uint64_t)w;
    }
    if (bad) {
        close(c->fd);
        ELEM(clients)[i] = ELEM(clients)[--ELEM(nclients)];
    }
}

/* Send every client what it lacks, then drop the bytes every client has.  Lock held. */
static void ELEM(flush)(void)
{
    for (int i = ELEM(nclients) - 1; i >= 0; i--)
        ELEM(flush_one)(i);
    uint64_t low = ELEM(base) + ELEM(kept);
    for (int i = 0; i < ELEM(nclients); i++)
        if (ELEM(clients)[i].pos < low)
            low = ELEM(clients)[i].pos;
    size_t drop = (size_t)(low - ELEM(base));
    if (drop) {
        memmove(ELEM(data), ELEM(data) + drop, ELEM(kept) - drop);
        ELEM(kept) -= drop;
        ELEM(base) = low;
    }
}

/* The stream's sink: keep the bytes while there are clients, and try to send them. */
static void ELEM(sink)(const char *buf, size_t n)
{
    if (!ELEM(nclients) || !n)
        return;
    if (ELEM(kept) + n > ELEM(cap_data)) {
        size_t cap = ELEM(cap_data) ? ELEM(cap_data) : 4096;
        while (cap < ELEM(kept) + n)
            cap *= 2;
        char *d = realloc(ELEM(data), cap);
        if (!d)
            return; /* the message still reached standard error */
        ELEM(data) = d;
        ELEM(cap_data) = cap;
    }
    memcpy(ELEM(data) + ELEM(kept), buf, n);
    ELEM(kept) += n;
    ELEM(flush)();
}

static int ELEM(open_socket)(ck_errh *errh)
{
    const char *sys = "socket";
    int tcp = strcasecmp((const char *)CONF(TYPE), "TCP") == 0;
    ELEM(retries)--;
    int fd = socket(tcp ? PF_INET : PF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        goto fail;
    if (tcp) {
        int one = 1;
        if (setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) < 0)
            ck_warning(errh, "setsockopt: %s", strerror(errno));
        struct sockaddr_in sa;
        memset(&sa, 0, sizeof sa);
        sa.sin_family = AF_INET;
        sa.sin_addr.s_addr = htonl(INADDR_ANY);
        sa.sin_port = htons((uint16_t)CONF(PORT));
        sys = "bind";
        if (bind(fd, (struct sockaddr *)&sa, sizeof sa) < 0)
            goto fail;
    } else {
        sys = "bind";
#if CONF_GIVEN(FILENAME)
        if (ck_sock_bind_unix(fd, (const char *)CONF(FILENAME)) < 0)
            goto fail;
#endif
    }
    sys = "listen";
    if (ck_sock_listen(fd) < 0)
        goto fail;
    ELEM(listen_fd) = fd;
    return 0;
fail:
    return ck_sock_failed(errh, fd, sys, ELEM(retries), CONF(RETRY_WARNINGS));
}

static int ELEM(init)(ck_errh *errh)
{
    ELEM(retries) = (int)CONF(RETRIES);
    if (ELEM(open_socket)(errh) < 0) {
        if (ELEM(retries) < 0)
            return -1;
        ELEM(next_retry_ns) = ck_monotonic_ns() + 1000000000;
    }
    if (ck_cs_attach(ELEM(sink)) < 0)
        return ck_error(errh, "cannot copy standard error: %s", strerror(errno));
    ELEM(attached) = 1;
    ck_source_active(+1); /* Click's driver keeps waiting on the socket */
    ELEM(active) = 1;
    return 0;
}

static CK_UNUSED int ELEM(run_task)(void)
{
    int work = 0;
    if (ELEM(listen_fd) < 0 && ELEM(active) && ck_monotonic_ns() >= ELEM(next_retry_ns)) {
        ck_errh errh; /* Click's default error handler: no landmark, no context */
        ck_errh_init(&errh, NULL, NULL);
        if (ELEM(open_socket)(&errh) < 0) {
            if (ELEM(retries) >= 0)
                ELEM(next_retry_ns) = ck_monotonic_ns() + 1000000000;
            else {
                ELEM(active) = 0;
                ck_source_active(-1);
                ck_router_stop();
            }
        }
        work = 1;
    }
    if (ELEM(listen_fd) < 0)
        return work;
    int fd = accept(ELEM(listen_fd), NULL, NULL);
    int accept_errno = fd < 0 ? errno : 0;
    pthread_mutex_lock(&ck_cs_mutex);
    if (fd >= 0) {
        fcntl(fd, F_SETFL, O_NONBLOCK);
        fcntl(fd, F_SETFD, FD_CLOEXEC);
        if (CONF(GREETING)) {
            static const char greeting[] = "Click::ChatterSocket/1.0\r\n";
            if (send(fd, greeting, sizeof greeting - 1, MSG_NOSIGNAL) != sizeof greeting - 1)
                accept_errno = -1;
        }
        if (ELEM(nclients) == ELEM(cap_clients)) {
            int cap = ELEM(cap_clients) ? 2 * ELEM(cap_clients) : 4;
            ELEM(client) *n = realloc(ELEM(clients), (size_t)cap * sizeof *n);
            if (n) {
                ELEM(clients) = n;
                ELEM(cap_clients) = cap;
            }
        }
        if (ELEM(nclients) < ELEM(cap_clients))
            ELEM(clients)[ELEM(nclients)++] = (ELEM(client)){fd, ELEM(base) + ELEM(kept)};
        else
            close(fd);
        work = 1;
    }
    size_t before = ELEM(kept);
    ELEM(flush)();
    work |= before != ELEM(kept);
    pthread_mutex_unlock(&ck_cs_mutex);
    /* reported after the lock: the message itself goes to the clients */
    if (accept_errno == -1)
        ck_chatter("%s fd %d: unable to write greeting!", ELEMENT_NAME, fd);
    else if (fd < 0 && accept_errno != EAGAIN && accept_errno != EWOULDBLOCK
             && accept_errno != EINTR)
        ck_chatter("%s: accept: %s", ELEMENT_NAME, strerror(accept_errno));
    return work;
}

static void ELEM(cleanup)(void)
{
    if (ELEM(listen_fd) >= 0) {
        shutdown(ELEM(listen_fd), SHUT_RDWR);
        close(ELEM(listen_fd));
#if CONF_GIVEN(FILENAME)
        unlink((const char *)CONF(FILENAME));
#endif
        ELEM(listen_fd) = -1;
    }
    if (ELEM(attached)) {
        ck_cs_detach(ELEM(sink));
        ELEM(attached) = 0;
    }
    for (int i = 0; i < ELEM(nclients); i++)
        close(ELEM(clients)[i].fd);
    ELEM(nclients) = 0;
    free(ELEM(clients));
    ELEM(clients) = NULL;
    free(ELEM(data));
    ELEM(data) = NULL;
    ELEM(kept) = ELEM(cap_data) = 0;
}
