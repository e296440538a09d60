/* Opening the listening socket of ControlSocket and ChatterSocket (Click's
 * initialize_socket in both): binding a Unix-domain socket file, listening, and reporting a
 * failed system call as Click's initialize_socket_error does.  Once per router (include
 * guard). */
#ifndef CLICKC_CKSOCKOPEN_H
#define CLICKC_CKSOCKOPEN_H
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>
#include <sys/un.h>

/* Bind fd to the socket file path (cut to the address's room); bind's result. */
static CK_UNUSED int ck_sock_bind_unix(int fd, const char *path)
{
    struct sockaddr_un sa;
    memset(&sa, 0, sizeof sa);
    sa.sun_family = AF_UNIX;
    size_t n = strlen(path);
    if (n >= sizeof sa.sun_path)
        n = sizeof sa.sun_path - 1;
    memcpy(sa.sun_path, path, n);
    return bind(fd, (struct sockaddr *)&sa, sizeof sa);
}

/* Listen on fd with Click's backlog of 2 and make it non-blocking; listen's result. */
static CK_UNUSED int ck_sock_listen(int fd)
{
    if (listen(fd, 2) < 0)
        return -1;
    fcntl(fd, F_SETFL, O_NONBLOCK);
    return 0;
}

/* System call sys failed on fd (closed here when open; errno is the call's).  With tries left
 * (retries >= 0, counted down before the attempt) a warning naming them when warn, else an
 * error: "SYS: STRERROR".  Returns -1. */
static CK_UNUSED int ck_sock_failed(ck_errh *errh, int fd, const char *sys, int retries,
                                    int warn)
{
    int e = errno;
    if (fd >= 0)
        close(fd);
    if (retries >= 0) {
        if (warn)
            ck_warning(errh, "%s: %s (%d %s left)", sys, strerror(e), retries + 1,
                       retries == 0 ? "try" : "tries");
        return -1;
    }
    return ck_error(errh, "%s: %s", sys, strerror(e));
}
#endif
