/* KernelFilter(drop dev DEVNAME, ... [, IPTABLES_COMMAND]): while the router runs, the kernel
 * drops the packets arriving on each DEVNAME (FromDevice still sees them), as Click's
 * elements/userlevel/kernelfilter.cc: initialization runs "IPTABLES -A INPUT -i DEVNAME -j
 * DROP" for each device and cleanup "IPTABLES -D INPUT -i DEVNAME -j DROP" in reverse order
 * for those that were installed, through /bin/sh with an empty standard input.  IPTABLES is
 * IPTABLES_COMMAND, else /sbin/iptables or /usr/sbin/iptables when executable, else the
 * initialization fails with Click's "no 'iptables' executable found" (Debian's iptables
 * package provides it; this project's machines have none, so a router using KernelFilter
 * there fails to initialize, as Click's would).  The device name is quoted for the shell as
 * Click's shell_quote does.  Whatever the command prints on standard output is an error
 * ("COMMAND: OUTPUT"); its exit status is not looked at, as in Click. */
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/wait.h>

#define KF_MAXDEV 32
static char ELEM(devs)[KF_MAXDEV][64];
static int ELEM(installed)[KF_MAXDEV];
static int ELEM(ndevs);

#ifndef CK_KERNELFILTER_ONCE
#define CK_KERNELFILTER_ONCE
/* Click's shell_quote: s unchanged when every byte is safe, else quoted with '...' from the
 * first unsafe byte (a quote inside as '"'"'). */
static void ck_kf_quote(ck_buf *out, const char *s)
{
    int quoting = 0;
    for (const char *p = s; *p; p++) {
        unsigned char c = (unsigned char)*p;
        int safe = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
                   || strchr("./-_,~", c) != NULL;
        if (!safe && !quoting) {
            ck_buf_append(out, "'", 1);
            quoting = 1;
        }
        if (c == '\'')
            ck_buf_puts(out, "'\"'\"'");
        else
            ck_buf_append(out, p, 1);
    }
    if (quoting)
        ck_buf_append(out, "'", 1);
}

/* Run cmd with /bin/sh, stdin empty; its standard output in out.  -1 when it cannot run. */
static int ck_kf_run(const char *cmd, ck_buf *out)
{
    int pfd[2];
    if (pipe(pfd) < 0)
        return -1;
    pid_t child = fork();
    if (child < 0) {
        close(pfd[0]);
        close(pfd[1]);
        return -1;
    }
    if (child == 0) {
        int nul = open("/dev/null", O_RDONLY);
        if (nul >= 0)
            dup2(nul, 0);
        dup2(pfd[1], 1);
        close(pfd[0]);
        close(pfd[1]);
        execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
        _exit(127);
    }
    close(pfd[1]);
    char buf[4096];
    ssize_t r;
    while ((r = read(pfd[0], buf, sizeof buf)) != 0) {
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            break;
        ck_buf_append(out, buf, (size_t)r);
    }
    close(pfd[0]);
    int status;
    while (waitpid(child, &status, 0) < 0 && errno == EINTR)
        ;
    return 0;
}

/* Click's KernelFilter::device_filter: add (or delete) the DROP rule of dev. */
static int ck_kf_filter(const char *iptables, const char *dev, int add, ck_errh *errh)
{
    ck_buf cmd;
    ck_buf_init(&cmd);
    if (iptables && *iptables)
        ck_buf_puts(&cmd, iptables);
    else if (access("/sbin/iptables", X_OK) == 0)
        ck_buf_puts(&cmd, "/sbin/iptables");
    else if (access("/usr/sbin/iptables", X_OK) == 0)
        ck_buf_puts(&cmd, "/usr/sbin/iptables");
    else {
        ck_buf_free(&cmd);
        return ck_error(errh, "no 'iptables' executable found");
    }
    ck_buf_printf(&cmd, " %s INPUT -i ", add ? "-A" : "-D");
    ck_kf_quote(&cmd, dev);
    ck_buf_puts(&cmd, " -j DROP");
    ck_buf out;
    ck_buf_init(&out);
    int rc = 0;
    if (ck_kf_run(ck_buf_str(&cmd), &out) < 0)
        rc = ck_error(errh, "'%s': %s", ck_buf_str(&cmd), strerror(errno));
    else if (out.len)
        rc = ck_error(errh, "%s: %s", ck_buf_str(&cmd), ck_buf_str(&out));
    ck_buf_free(&out);
    ck_buf_free(&cmd);
    return rc;
}
#endif

static int
ELEM(init)(ck_errh *errh)
{
    const char *p = (const char *)CONF(DEVICES);
    const char *iptables = CONF_GIVEN(IPTABLES_COMMAND) ? (const char *)CONF(IPTABLES_COMMAND)
                                                        : NULL;
    int rc = 0;
    while (p && *p) {
        while (*p == ' ')
            p++;
        size_t n = strcspn(p, " ");
        if (!n)
            break;
        if (ELEM(ndevs) == KF_MAXDEV || n >= sizeof ELEM(devs)[0])
            return ck_error(errh, "too many devices or device name too long");
        memcpy(ELEM(devs)[ELEM(ndevs)], p, n);
        ELEM(devs)[ELEM(ndevs)][n] = 0;
        p += n;
        int k = ELEM(ndevs)++;
        if (ck_kf_filter(iptables, ELEM(devs)[k], 1, errh) == 0)
            ELEM(installed)[k] = 1;
        else
            rc = -1;
    }
    return rc;
}

static void
ELEM(cleanup)(void)
{
    ck_errh errh;
    ck_errh_init(&errh, ELEMENT_LANDMARK, NULL);
    const char *iptables = CONF_GIVEN(IPTABLES_COMMAND) ? (const char *)CONF(IPTABLES_COMMAND)
                                                        : NULL;
    for (int k = ELEM(ndevs) - 1; k >= 0; k--)
        if (ELEM(installed)[k]) {
            ck_kf_filter(iptables, ELEM(devs)[k], 0, &errh);
            ELEM(installed)[k] = 0;
        }
}

#undef KF_MAXDEV
