/* UMLSwitch([PATH]): a port on a User Mode Linux switch daemon (Click's
 * elements/userlevel/umlswitch.cc).  Initialization connects to the switch's control socket
 * PATH (a Unix stream socket, /tmp/uml.ctl by default), sends the version-3 request
 * (magic 0xfeedface, version 3, REQ_NEW_CONTROL, this port's data address: an abstract
 * Unix address made of a zero byte, the process ID and the microseconds of the time), and
 * reads back the switch's data address.  Then the element is Click's Socket(UNIX_DGRAM,
 * <switch data address>, <port address>, CLIENT true) on the full 108-byte addresses, with
 * Socket's defaults (SNAPLEN 2048, HEADROOM 28, TIMESTAMP true): frames from the switch are
 * pushed out of output 0, frames pulled from input 0 are sent to it, with Socket's
 * nonblocking task and counted drops (userlevel/socket.c).  The control connection stays
 * open until cleanup: the switch drops the port when it closes.  Errors (initialization):
 * "could not connect to control socket PATH: REASON", "control setup request failed",
 * "read of data socket failed", "path to uml_switch control socket too long". */
#include <sys/time.h>

#define SOCKET_CUSTOM_SETUP 1
#define SOCKET_OPT(name) SOCKET_UML_##name
#define SOCKET_UML_VERBOSE 0
#define SOCKET_UML_SNAPLEN 2048
#define SOCKET_UML_HEADROOM 28
#define SOCKET_UML_TIMESTAMP 1
#define SOCKET_UML_NODELAY 0
#define SOCKET_UML_SNDBUF (-1)
#define SOCKET_UML_RCVBUF (-1)
#define SOCKET_UML_ADDR 1
static int ELEM(control) = -1;
#define SOCKET_CLEANUP_MORE()                                                                 \
    do {                                                                                      \
        if (ELEM(control) >= 0)                                                               \
            close(ELEM(control));                                                             \
        ELEM(control) = -1;                                                                   \
    } while (0)
#include "userlevel/socket.c"

#ifndef CK_UMLSWITCH_ONCE
#define CK_UMLSWITCH_ONCE
/* uml_switch's version-3 control request (its magic, version and request type numbers). */
struct ck_uml_request_v3 {
    uint32_t magic;
    uint32_t version;
    int type; /* REQ_NEW_CONTROL: 0 */
    struct sockaddr_un sock;
};
#endif

static int
ELEM(init)(ck_errh *errh)
{
    const char *path = (const char *)CONF(PATH);
    struct sockaddr_un ctl;
    memset(&ctl, 0, sizeof ctl);
    ctl.sun_family = AF_UNIX;
    if (strlen(path) >= sizeof ctl.sun_path)
        return ck_error(errh, "path to uml_switch control socket too long");
    memcpy(ctl.sun_path, path, strlen(path));
    ELEM(control) = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (ELEM(control) < 0)
        return ck_error(errh, "could not create control socket");
    if (connect(ELEM(control), (struct sockaddr *)&ctl,
                (socklen_t)(offsetof(struct sockaddr_un, sun_path) + strlen(path) + 1)) < 0)
        return ck_error(errh, "could not connect to control socket %s: %s", path,
                        strerror(errno));
    struct { char zero; int pid; int usecs; } name;
    struct timeval tv;
    gettimeofday(&tv, NULL);
    memset(&name, 0, sizeof name);
    name.pid = (int)getpid();
    name.usecs = (int)tv.tv_usec;
    memset(&ELEM(local), 0, sizeof ELEM(local));
    ELEM(local).un.sun_family = AF_UNIX;
    memcpy(ELEM(local).un.sun_path, &name, sizeof name);
    struct ck_uml_request_v3 req;
    memset(&req, 0, sizeof req);
    req.magic = 0xfeedfaceu;
    req.version = 3;
    req.type = 0;
    req.sock = ELEM(local).un;
    if (write(ELEM(control), &req, sizeof req) != (ssize_t)sizeof req)
        return ck_error(errh, "control setup request failed: %s", strerror(errno));
    memset(&ELEM(remote), 0, sizeof ELEM(remote));
    if (read(ELEM(control), &ELEM(remote).un, sizeof ELEM(remote).un)
        != (ssize_t)sizeof ELEM(remote).un)
        return ck_error(errh, "read of data socket failed: %s", strerror(errno));
    /* Socket(UNIX_DGRAM, data address, local address, CLIENT true): both whole paths */
    ELEM(family) = AF_UNIX;
    ELEM(socktype) = SOCK_DGRAM;
    ELEM(client) = 1;
    ELEM(remote_len) = ELEM(local_len) = (socklen_t)sizeof(struct sockaddr_un);
    return ELEM(open)(errh, 1);
}
