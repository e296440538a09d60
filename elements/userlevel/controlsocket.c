/* ControlSocket(TYPE, PORT | FILENAME | FD [, READONLY, PROXY, VERBOSE, RETRIES,
 * RETRY_WARNINGS, LOCALHOST]): Click's text protocol for handlers over a TCP or Unix-domain
 * socket (Click's elements/userlevel/controlsocket.cc, protocol version 1.3).
 *
 * TYPE TCP listens on PORT (a port number or service name; "N+" takes the first free port
 * from N, up to 10 more, Click's rule) on all addresses, or on 127.0.0.1 with LOCALHOST true;
 * TYPE UNIX on the socket file FILENAME (removed at exit); TYPE SOCKET serves the one
 * connection already open on descriptor FD.  Each connection is greeted with
 * "Click::ControlSocket/1.3" and then reads commands, one per line, answering each with
 * "CODE message" lines (CODE-message for continuation lines) as Click's does:
 *   READ|GET handler [param]   200 + "DATA n" + n bytes of the value (520/590 on error)
 *   WRITE|SET handler [data]   200, 220 (warnings) or 520 with the handler's messages
 *   READDATA|WRITEDATA|SETDATA handler n   n bytes of data follow the line
 *   READUNTIL|WRITEUNTIL handler term      data lines up to the line "term"
 *   CHECKREAD|CHECKWRITE handler; LLRPC (501: clickc elements have no LLRPCs); HELP; QUIT|CLOSE
 * Handler names are "element.handler" (an element may also be its 1-based index), or global
 * handlers without a dot ("version", "list", "stop"; a leading "." or "0." is dropped); errors
 * 510 "No element named", 511 "No handler named", 530 for a read-only/write-only handler or
 * READONLY true, 500 for syntax errors, 501 for unknown commands.
 *
 * The element polls its sockets from a task (Click waits in select) and keeps the router
 * running, as Click's driver does while a ControlSocket is open; "WRITE stop" stops it.
 * A handler's messages are collected for the reply by pointing the C library's stderr at a
 * memory stream during the call (clickc's error handlers print to stderr): with several
 * threads another thread's chatter during that call would land in the reply too.
 * Not supported (refused at initialization): PROXY; RETRIES below 0 is Click's default
 * (no retry); RETRIES >= 0 retries a failed bind once a second, as Click's timer does.
 * Handlers: port (TYPE TCP, the port bound), filename (TYPE UNIX). */
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <ctype.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <netinet/in.h>
#include <netdb.h>
#include "hotswap.h"
#include "userlevel/cksockopen.h"

typedef struct ELEM(conn) {
    int fd;
    int in_closed, out_closed;
    ck_buf in, out;
    size_t inpos, outpos;
    struct ELEM(conn) *next;
    /* waiting for the answer of a `hotconfig` write (clickc run -R): no other command is read
     * until it comes (ck_hot_result; docs/reconfiguration.md) */
    int hot_wait;
    char hot_name[64];
} ELEM(conn);

static int ELEM(listen_fd) = -1;
static int ELEM(type); /* 0 TCP, 1 UNIX, 2 SOCKET */
static char ELEM(where)[128];
static ELEM(conn) *ELEM(conns);
static int ELEM(retries);
static int64_t ELEM(next_retry_ns);
static int ELEM(active);

/* The reply codes are shared by every ControlSocket of the router: defined once per file
 * (a second instance must not redefine them; tests/devices/test_controlsocket.py). */
#ifndef CK_CONTROLSOCKET_CODES
#define CK_CONTROLSOCKET_CODES 1
enum { CS_OK = 200, CS_OK_WARN = 220, CS_SYNTAX = 500, CS_UNIMPL = 501,
       CS_NO_ELEMENT = 510, CS_NO_HANDLER = 511, CS_HANDLER_ERROR = 520, CS_LLRPC = 522,
       CS_PERMISSION = 530, CS_UNSPECIFIED = 590 };
#endif

/* ConnectionErrorHandler::message: "CODE msg" or "CODE-msg" (continuation), printable. */
static void ELEM(message)(ELEM(conn) *c, int code, const char *msg, size_t n, int cont)
{
    if (c->out_closed)
        return;
    ck_buf_printf(&c->out, "%d%c", code, cont ? '-' : ' ');
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)msg[i];
        if (ch >= 32 && ch < 127)
            ck_buf_append(&c->out, (const char *)&ch, 1);
        else
            ck_buf_printf(&c->out, "\\%03o", ch); /* String::printable */
    }
    ck_buf_puts(&c->out, "\r\n");
}

static void ELEM(msgs)(ELEM(conn) *c, int code, const char *msg)
{
    ELEM(message)(c, code, msg, strlen(msg), 0);
}

/* Click's transfer_messages: msg (with ":" when messages follow), then each message line. */
static void ELEM(transfer)(ELEM(conn) *c, int code, const char *msg, const char *captured)
{
    int have = captured && *captured;
    if (msg && *msg) {
        if (have) {
            char b[700];
            snprintf(b, sizeof b, "%s:", msg);
            ELEM(message)(c, code, b, strlen(b), 1);
        } else
            ELEM(message)(c, code, msg, strlen(msg), 0);
    }
    const char *s = captured;
    while (have && *s) {
        size_t n = strcspn(s, "\n");
        int last = s[n] == 0 || s[n + 1] == 0;
        ELEM(message)(c, code, s, n, !last);
        s += n + (s[n] == '\n');
    }
}

/* ---- handler lookup (Click's ControlSocket::parse_handler) ---- */

/* what: 1 readable, 2 writable, 3 both; 0 when the handler does not exist (message sent) */
static int ELEM(lookup)(ELEM(conn) *c, const char *full, char *canon, size_t cap)
{
    const ck_router_def *r = ck_current_router;
    const char *n = full;
    const char *dot = strchr(n, '.');
    if (dot == n || (dot == n + 1 && n[0] == '0'))
        n = dot + 1;
    snprintf(canon, cap, "%s", n);
    dot = strchr(canon, '.');
    char msg[700];
    if (!dot) {
        if (strcmp(canon, "version") == 0 || strcmp(canon, "list") == 0)
            return 1;
        if (strcmp(canon, "stop") == 0 || (ck_hot_write && strcmp(canon, "hotconfig") == 0))
            return 2;
        snprintf(msg, sizeof msg, "No handler named '%s'", full);
        ELEM(msgs)(c, CS_NO_HANDLER, msg);
        return 0;
    }
    char ename[512];
    size_t en = (size_t)(dot - canon);
    if (en >= sizeof ename)
        en = sizeof ename - 1;
    memcpy(ename, canon, en);
    ename[en] = 0;
    const char *hname = dot + 1;
    int elem = ck_element_find(ename);
    if (elem < 0) {
        char *end;
        long k = strtol(ename, &end, 10);
        if (*ename && !*end && k > 0 && k <= r->nelements) {
            elem = (int)k - 1;
            /* rewrite to the element's name for the runtime's calls */
            char rest[512];
            snprintf(rest, sizeof rest, "%s", hname);
            snprintf(canon, cap, "%s.%s", r->elements[elem].name, rest);
            dot = strchr(canon, '.');
            hname = dot + 1;
        }
    }
    const char *look = elem >= 0 ? r->elements[elem].name : NULL;
    char rep[540];
    if (elem < 0) { /* a replica group (docs/c-interface.md): ask its first replica */
        snprintf(rep, sizeof rep, "%s@r0", ename);
        if (ck_element_find(rep) >= 0)
            look = rep;
    }
    if (!look) {
        snprintf(msg, sizeof msg, "No element named '%s'", ename);
        ELEM(msgs)(c, CS_NO_ELEMENT, msg);
        return 0;
    }
    if (strcmp(hname, "name") == 0 || strcmp(hname, "class") == 0
        || strcmp(hname, "config") == 0 || strcmp(hname, "handlers") == 0)
        return 1;
    for (int i = 0; i < r->nhandlers; i++)
        if (strcmp(r->handlers[i].element, look) == 0 && strcmp(r->handlers[i].name, hname) == 0)
            return (r->handlers[i].read ? 1 : 0) | (r->handlers[i].write ? 2 : 0);
    snprintf(msg, sizeof msg, "No handler named '%s'", full);
    ELEM(msgs)(c, CS_NO_HANDLER, msg);
    return 0;
}

/* Run a handler call with stderr captured; returns the call's result, *text the messages. */
#define CS_CAPTURE(result, text, call) do { \
        char *cap_ = NULL; size_t caplen_ = 0; \
        fflush(stderr); \
        FILE *saved_ = stderr, *mem_ = open_memstream(&cap_, &caplen_); \
        if (mem_) stderr = mem_; \
        result = (call); \
        if (mem_) { fflush(mem_); stderr = saved_; fclose(mem_); } \
        text = cap_; \
    } while (0)

static void ELEM(read_command)(ELEM(conn) *c, const char *hname, const char *param, size_t plen)
{
    char canon[600], msg[700];
    int what = ELEM(lookup)(c, hname, canon, sizeof canon);
    if (!what)
        return;
    if (!(what & 1)) {
        snprintf(msg, sizeof msg, "Handler '%s' write-only", hname);
        ELEM(msgs)(c, CS_PERMISSION, msg);
        return;
    }
    char *p = malloc(plen + 1);
    if (!p)
        return;
    memcpy(p, param, plen);
    p[plen] = 0;
    ck_buf val;
    ck_buf_init(&val);
    ck_errh errh;
    ck_errh_init(&errh, NULL, NULL);
    int r;
    char *text;
    CS_CAPTURE(r, text, ck_handler_read_param(canon, p, &val, &errh));
    if (r < 0 || errh.nerrors > 0) {
        snprintf(msg, sizeof msg, "Read handler '%s' error", hname);
        ELEM(transfer)(c, CS_UNSPECIFIED, msg, text);
    } else {
        snprintf(msg, sizeof msg, "Read handler '%s' OK", hname);
        ELEM(msgs)(c, CS_OK, msg);
        ck_buf_printf(&c->out, "DATA %zu\r\n", val.len);
        ck_buf_append(&c->out, ck_buf_str(&val), val.len);
    }
    free(text);
    free(p);
    ck_buf_free(&val);
}

static void ELEM(write_command)(ELEM(conn) *c, const char *hname, const char *data, size_t dlen)
{
    char canon[600], msg[700];
    int what = ELEM(lookup)(c, hname, canon, sizeof canon);
    if (!what)
        return;
    if (!(what & 2)) {
        snprintf(msg, sizeof msg, "Handler '%s' read-only", hname);
        ELEM(msgs)(c, CS_PERMISSION, msg);
        return;
    }
    if (CONF(READONLY)) {
        snprintf(msg, sizeof msg, "Permission denied for '%s'", hname);
        ELEM(msgs)(c, CS_PERMISSION, msg);
        return;
    }
    char *d = malloc(dlen + 1);
    if (!d)
        return;
    memcpy(d, data, dlen);
    d[dlen] = 0;
    ck_errh errh;
    ck_errh_init(&errh, NULL, NULL);
    int r;
    char *text;
    CS_CAPTURE(r, text, ck_handler_write(canon, d, &errh));
    if (r == CK_HANDLER_PENDING && errh.nerrors == 0) { /* hotconfig: the answer comes later */
        c->hot_wait = 1;
        snprintf(c->hot_name, sizeof c->hot_name, "%s", hname);
        free(text);
        free(d);
        return;
    }
    int code = (errh.nerrors > 0 || r < 0) ? CS_HANDLER_ERROR
             : errh.nwarnings > 0 ? CS_OK_WARN : CS_OK;
    snprintf(msg, sizeof msg, code == CS_OK ? "Write handler '%s' OK"
                              : code == CS_OK_WARN ? "Write handler '%s' OK with warnings"
                              : "Write handler '%s' error", hname);
    ELEM(transfer)(c, code, msg, text);
    free(text);
    free(d);
}

static void ELEM(check_command)(ELEM(conn) *c, const char *hname, int write)
{
    char canon[600], msg[700];
    int what = ELEM(lookup)(c, hname, canon, sizeof canon);
    if (!what)
        return;
    int ok = write ? (what & 2) : (what & 1);
    if (write && CONF(READONLY) && ok)
        snprintf(msg, sizeof msg, "Permission denied for '%s'", hname);
    else if (ok)
        snprintf(msg, sizeof msg, "%s handler '%s' OK", write ? "Write" : "Read", hname);
    else
        snprintf(msg, sizeof msg, "Handler '%s' not %s", hname, write ? "writable" : "readable");
    ELEM(msgs)(c, write && CONF(READONLY) && ok ? CS_PERMISSION : ok ? CS_OK : CS_NO_HANDLER, msg);
}

static const char *const ELEM(help)[] = {
    "Commands supported:",
    "READ handler [arg...]   call read handler, return DATA",
    "READDATA handler len    call read handler with len data bytes, return DATA",
    "READUNTIL handler term  call read handler, take data until term, return DATA",
    "WRITE handler [arg...]  call write handler",
    "WRITEDATA handler len   call write handler, pass len data bytes",
    "WRITEUNTIL handler term call write handler, take data until term",
    "CHECKREAD handler       check if read handler is valid",
    "CHECKWRITE handler      check if write handler is valid",
    "LLRPC elt#number [len]  call LLRPC, pass len data bytes, return DATA",
    "QUIT                    close connection",
};

/* Click's parse_command on line [ls, le) (end of line included); returns 1 when more input
 * is needed (the line stays unread), else 0. */
static int ELEM(parse_command)(ELEM(conn) *c, const char *ls, const char *le)
{
    const char *w[64], *we[64];
    int nw = 0;
    for (const char *s = ls; s < le && nw < 64;) {
        while (s < le && isspace((unsigned char)*s))
            s++;
        const char *f = s;
        while (s < le && !isspace((unsigned char)*s))
            s++;
        if (f < s) {
            w[nw] = f;
            we[nw++] = s;
        }
    }
    if (nw == 0)
        return 0;
    char cmd[32], h[600];
    size_t cn = (size_t)(we[0] - w[0]);
    if (cn >= sizeof cmd)
        cn = sizeof cmd - 1;
    for (size_t i = 0; i < cn; i++)
        cmd[i] = (char)toupper((unsigned char)w[0][i]);
    cmd[cn] = 0;
    if (nw >= 2)
        snprintf(h, sizeof h, "%.*s", (int)(we[1] - w[1]), w[1]);
    char msg[700];
    if (!strcmp(cmd, "READ") || !strcmp(cmd, "GET") || !strcmp(cmd, "WRITE") || !strcmp(cmd, "SET")) {
        if (nw < 2) {
            ELEM(msgs)(c, CS_SYNTAX, "Wrong number of arguments");
            return 0;
        }
        const char *d = nw > 2 ? w[2] : "";
        size_t dl = nw > 2 ? (size_t)(we[nw - 1] - w[2]) : 0;
        if (cmd[0] == 'R' || cmd[0] == 'G')
            ELEM(read_command)(c, h, d, dl);
        else
            ELEM(write_command)(c, h, d, dl);
        return 0;
    }
    if (!strcmp(cmd, "READDATA") || !strcmp(cmd, "WRITEDATA") || !strcmp(cmd, "SETDATA")) {
        if (nw != 3) {
            ELEM(msgs)(c, CS_SYNTAX, "Wrong number of arguments");
            return 0;
        }
        char num[32];
        snprintf(num, sizeof num, "%.*s", (int)(we[2] - w[2]), w[2]);
        int64_t len;
        if (ck_parse_int64(num, &len) < 0 || len < 0 || len > INT32_MAX) {
            /* Click passes the command name where message() takes its continuation flag:
             * the reply is the format text itself, as a continuation line */
            const char *m = "Syntax error in '%s'";
            ELEM(message)(c, CS_SYNTAX, m, strlen(m), 1);
            return 0;
        }
        size_t avail = c->in.len - (size_t)(le - ck_buf_str(&c->in));
        if (avail < (size_t)len) {
            if (c->in_closed) {
                ELEM(msgs)(c, CS_SYNTAX, "Not enough data");
                return 0;
            }
            return 1;
        }
        if (cmd[0] == 'R')
            ELEM(read_command)(c, h, le, (size_t)len);
        else
            ELEM(write_command)(c, h, le, (size_t)len);
        c->inpos += (size_t)len;
        return 0;
    }
    if (!strcmp(cmd, "READUNTIL") || !strcmp(cmd, "WRITEUNTIL")) {
        if (nw < 2) {
            ELEM(msgs)(c, CS_SYNTAX, "Wrong number of arguments");
            return 0;
        }
        const char *until = nw > 2 ? w[2] : "";
        size_t ul = nw > 2 ? (size_t)(we[nw - 1] - w[2]) : 0;
        const char *s = le, *end = ck_buf_str(&c->in) + c->in.len, *lb, *lend;
        for (;;) {
            lb = lend = s;
            for (; s != end && *s != '\n' && *s != '\r'; ++s)
                if (!isspace((unsigned char)*s))
                    lend = s + 1;
            if (s == end) {
                if (c->in_closed) {
                    ELEM(msgs)(c, CS_SYNTAX, "Not enough data");
                    return 0;
                }
                return 1;
            }
            if (*s == '\r' && s + 1 != end && s[1] == '\n')
                s += 2;
            else
                ++s;
            if ((size_t)(lend - lb) == ul && memcmp(lb, until, ul) == 0)
                break;
        }
        if (cmd[0] == 'R')
            ELEM(read_command)(c, h, le, (size_t)(lb - le));
        else
            ELEM(write_command)(c, h, le, (size_t)(lb - le));
        c->inpos += (size_t)(s - le);
        return 0;
    }
    if (!strcmp(cmd, "CHECKREAD") || !strcmp(cmd, "CHECKWRITE")) {
        if (nw != 2)
            ELEM(msgs)(c, CS_SYNTAX, "Wrong number of arguments");
        else
            ELEM(check_command)(c, h, cmd[5] == 'W');
        return 0;
    }
    if (!strcmp(cmd, "LLRPC")) {
        if (nw != 2 && nw != 3)
            ELEM(msgs)(c, CS_SYNTAX, "Wrong number of arguments");
        else {
            snprintf(msg, sizeof msg, "Cannot call LLRPC '%s' remotely", h);
            ELEM(msgs)(c, CS_UNIMPL, msg);
        }
        return 0;
    }
    if (!strcmp(cmd, "CLOSE") || !strcmp(cmd, "QUIT")) {
        if (nw != 1)
            ELEM(msgs)(c, CS_SYNTAX, "Bad command syntax");
        ELEM(msgs)(c, CS_OK, "Goodbye!");
        c->in_closed = 1;
        ck_buf_clear(&c->in);
        c->inpos = 0;
        return -1;
    }
    if (!strcmp(cmd, "HELP")) {
        int nh = (int)(sizeof ELEM(help) / sizeof ELEM(help)[0]);
        for (int i = 0; i < nh; i++)
            ELEM(message)(c, CS_OK, ELEM(help)[i], strlen(ELEM(help)[i]), i < nh - 1);
        return 0;
    }
    snprintf(msg, sizeof msg, "Command '%s' unimplemented", cmd);
    ELEM(msgs)(c, CS_UNIMPL, msg);
    return 0;
}

static void ELEM(add_conn)(int fd)
{
    ELEM(conn) *c = calloc(1, sizeof *c);
    if (!c) {
        close(fd);
        return;
    }
    fcntl(fd, F_SETFL, O_NONBLOCK);
    fcntl(fd, F_SETFD, FD_CLOEXEC);
    c->fd = fd;
    ck_buf_init(&c->in);
    ck_buf_init(&c->out);
    ck_buf_puts(&c->out, "Click::ControlSocket/1.3\r\n");
    c->next = ELEM(conns);
    ELEM(conns) = c;
}

static void ELEM(free_conn)(ELEM(conn) *c)
{
    close(c->fd);
    ck_buf_free(&c->in);
    ck_buf_free(&c->out);
    free(c);
}

/* Click's initialize_socket: 0, or -1 after reporting (an error, or a warning with retries) */
static int ELEM(open_socket)(ck_errh *errh)
{
    const char *sys = "socket";
    ELEM(retries)--;
    if (ELEM(type) == 2) {
        ELEM(add_conn)(atoi(ELEM(where)));
        return 0;
    }
    int fd = socket(ELEM(type) == 0 ? PF_INET : PF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        goto fail;
    if (ELEM(type) == 0) {
        int one = 1;
        if (setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) < 0)
            ck_warning(errh, "setsockopt: %s", strerror(errno));
        size_t wl = strlen(ELEM(where));
        int plus = wl && ELEM(where)[wl - 1] == '+';
        int port = atoi(ELEM(where));
        if (port == 0 && !plus) {
            struct servent *se = getservbyname(ELEM(where), "tcp");
            if (se)
                port = ntohs((uint16_t)se->s_port);
        }
        struct sockaddr_in sa;
        memset(&sa, 0, sizeof sa);
        sa.sin_family = AF_INET;
        sa.sin_addr.s_addr = htonl(CONF(LOCALHOST) ? INADDR_LOOPBACK : INADDR_ANY);
        sa.sin_port = htons((uint16_t)port);
        int tries = 0;
        sys = "bind";
        while (bind(fd, (struct sockaddr *)&sa, sizeof sa) < 0) {
            if (tries > 10 || !plus || port >= 65534)
                goto fail;
            ++port, ++tries;
            sa.sin_port = htons((uint16_t)port);
        }
        snprintf(ELEM(where), sizeof ELEM(where), "%d", port);
    } else {
        sys = "bind";
        if (ck_sock_bind_unix(fd, ELEM(where)) < 0)
            goto fail;
    }
    sys = "listen";
    if (ck_sock_listen(fd) < 0)
        goto fail;
    ELEM(listen_fd) = fd;
    return 0;
fail:
    return ck_sock_failed(errh, fd, sys, ELEM(retries), CONF(RETRY_WARNINGS));
}

/* The second comma-separated argument of conf, without surrounding spaces, and unquoted
 * when it is one double-quoted string (Click's cp_argvec and FilenameArg); -1 when it does
 * not fit in cap bytes. */
static int ELEM(second_arg)(const char *conf, char *out, size_t cap)
{
    const char *s = conf ? conf : "";
    int quote = 0, depth = 0;
    for (; *s; s++) {
        if (*s == '\\' && quote == '"' && s[1])
            s++;
        else if (quote) {
            if (*s == quote)
                quote = 0;
        } else if (*s == '"' || *s == '\'')
            quote = *s;
        else if (*s == '(' || *s == '[' || *s == '{')
            depth++;
        else if ((*s == ')' || *s == ']' || *s == '}') && depth)
            depth--;
        else if (*s == ',' && !depth)
            break;
    }
    if (*s)
        s++;
    while (isspace((unsigned char)*s))
        s++;
    const char *e = s;
    quote = 0;
    depth = 0;
    for (; *e; e++) {
        if (*e == '\\' && quote == '"' && e[1])
            e++;
        else if (quote) {
            if (*e == quote)
                quote = 0;
        } else if (*e == '"' || *e == '\'')
            quote = *e;
        else if (*e == ',')
            break;
    }
    while (e > s && isspace((unsigned char)e[-1]))
        e--;
    if (e - s >= 2 && (*s == '"' || *s == '\'') && e[-1] == *s) {
        s++;
        e--;
    }
    if ((size_t)(e - s) >= cap)
        return -1;
    memcpy(out, s, (size_t)(e - s));
    out[e - s] = 0;
    return 0;
}

static int
ELEM(init)(ck_errh *errh)
{
    const char *t = (const char *)CONF(TYPE);
    ELEM(type) = strcasecmp(t, "TCP") == 0 ? 0 : strcasecmp(t, "UNIX") == 0 ? 1 : 2;
    /* PORT, FILENAME or FD: the second argument of the configuration as the router runs it
     * (after NAME=VALUE parameters), checked by the compiler's parser */
    if (ELEM(second_arg)(ck_current_router->elements[ELEMENT_INDEX].config, ELEM(where),
                         sizeof ELEM(where)) < 0)
        return ck_error(errh, "filename too long");
    if (ELEM(type) == 1 && strlen(ELEM(where)) >= sizeof(((struct sockaddr_un *)0)->sun_path))
        return ck_error(errh, "filename too long");
#if CONF_GIVEN(PROXY)
    return ck_error(errh, "PROXY is not supported by clickc yet");
#endif
    ELEM(retries) = (int)CONF(RETRIES);
    if (ck_hot_predecessor()) {
        /* a hot swap: the predecessor's socket and connections move here (ELEM(hot_give)) */
    } else if (ELEM(open_socket)(errh) < 0) {
        if (ELEM(retries) < 0)
            return -1;
        ELEM(next_retry_ns) = ck_monotonic_ns() + 1000000000;
    }
    ck_source_active(+1); /* Click's driver keeps running while the socket is open */
    ELEM(active) = 1;
    return 0;
}

static void ELEM(flush)(ELEM(conn) *c)
{
    while (!c->out_closed && c->outpos < c->out.len) {
        /* MSG_NOSIGNAL: a client that went away gives EPIPE, not a SIGPIPE that would kill
         * the router (Click's driver ignores SIGPIPE) */
        ssize_t w = send(c->fd, ck_buf_str(&c->out) + c->outpos, c->out.len - c->outpos,
                         MSG_NOSIGNAL);
        if (w < 0 && errno == EINTR)
            continue;
        if (w < 0) {
            if (errno == EPIPE || (errno != EAGAIN && errno != EWOULDBLOCK))
                c->out_closed = 1;
            break;
        }
        c->outpos += (size_t)w;
    }
    if (c->outpos == c->out.len) {
        ck_buf_clear(&c->out);
        c->outpos = 0;
    }
}

/* One connection's turn: read what is there, answer every complete command, write.
 * Returns 1 when the connection is finished. */
static int ELEM(serve)(ELEM(conn) *c)
{
    if (!c->in_closed) {
        char buf[2048];
        ssize_t r = read(c->fd, buf, sizeof buf);
        if (r > 0)
            ck_buf_append(&c->in, buf, (size_t)r);
        else if (r == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR))
            c->in_closed = 1;
    }
    while (c->inpos < c->in.len && !c->hot_wait) {
        const char *base = ck_buf_str(&c->in);
        const char *ls = base + c->inpos, *end = base + c->in.len, *le = ls;
        while (le != end && *le != '\r' && *le != '\n')
            ++le;
        if (le == end && !c->in_closed)
            break;
        if (le + 2 <= end && le[0] == '\r' && le[1] == '\n')
            le += 2;
        else if (le != end)
            ++le;
        size_t old = c->inpos;
        c->inpos = (size_t)(le - base);
        int r = ELEM(parse_command)(c, ls, le);
        if (r > 0) {
            c->inpos = old;
            break;
        }
        if (r < 0)
            break;
    }
    if (c->inpos == c->in.len) {
        ck_buf_clear(&c->in);
        c->inpos = 0;
    }
    ELEM(flush)(c);
    return (c->in_closed && c->in.len == 0 && c->out.len == 0) || c->out_closed;
}

static CK_UNUSED int ELEM(run_task)(void)
{
    int work = 0;
    if (ELEM(listen_fd) < 0 && ELEM(type) != 2 && ELEM(retries) >= 0
        && ck_monotonic_ns() >= ELEM(next_retry_ns)) {
        ck_errh errh;
        ck_errh_init(&errh, ELEMENT_LANDMARK, NULL);
        if (ELEM(open_socket)(&errh) < 0) {
            if (ELEM(retries) >= 0)
                ELEM(next_retry_ns) = ck_monotonic_ns() + 1000000000;
            else
                ck_router_stop();
        }
    }
    if (ELEM(listen_fd) >= 0) {
        int fd = accept(ELEM(listen_fd), NULL, NULL);
        if (fd >= 0) {
            if (CONF(VERBOSE))
                ck_chatter("%s: opened connection %d", ELEMENT_NAME, fd);
            ELEM(add_conn)(fd);
            work = 1;
        } else if (errno != EAGAIN && errno != EWOULDBLOCK)
            ck_chatter("%s: accept: %s", ELEMENT_NAME, strerror(errno));
    }
    for (ELEM(conn) **pc = &ELEM(conns); *pc;) {
        ELEM(conn) *c = *pc;
        size_t before = c->in.len + c->out.len;
        if (ELEM(serve)(c)) {
            *pc = c->next;
            if (CONF(VERBOSE))
                ck_chatter("%s: closed connection %d", ELEMENT_NAME, c->fd);
            ELEM(free_conn)(c);
            work = 1;
            continue;
        }
        work |= before != c->in.len + c->out.len;
        int code;
        const char *text;
        if (c->hot_wait && ck_hot_result(&code, &text) != 0) {
            char msg[700];
            c->hot_wait = 0;
            snprintf(msg, sizeof msg, code == CS_OK ? "Write handler '%s' OK" : "Write handler '%s' error",
                     c->hot_name);
            ELEM(transfer)(c, code, msg, code == CS_OK ? NULL : text);
            work = 1;
        }
        pc = &c->next;
    }
    return work;
}

static void
ELEM(cleanup)(void)
{
    if (ELEM(listen_fd) >= 0) {
        shutdown(ELEM(listen_fd), SHUT_RDWR);
        close(ELEM(listen_fd));
        if (ELEM(type) == 1)
            unlink(ELEM(where));
        ELEM(listen_fd) = -1;
    }
    while (ELEM(conns)) {
        ELEM(conn) *c = ELEM(conns);
        ELEM(conns) = c->next;
        ELEM(flush)(c);
        ELEM(free_conn)(c);
    }
}

/* clickc run -R: after the successor copied the socket and its connections (ElementSpec.hot),
 * this element forgets them so that its cleanup closes nothing. */
static CK_UNUSED void ELEM(hot_give)(void)
{
    ELEM(listen_fd) = -1;
    ELEM(conns) = NULL;
    ELEM(active) = 0;
}

static CK_UNUSED int ELEM(read_port)(ck_buf *out)
{
    if (ELEM(type) == 0)
        ck_buf_puts(out, ELEM(where));
    return 0;
}

static CK_UNUSED int ELEM(read_filename)(ck_buf *out)
{
    if (ELEM(type) == 1)
        ck_buf_puts(out, ELEM(where));
    return 0;
}

#undef CS_CAPTURE
