/* The flow lookup read handler of IPRewriter (`tcp_lookup`) and TCPRewriter (`lookup`):
 * Click's TCPRewriter::tcp_lookup_handler (elements/tcpudp/tcprewriter.cc), a read handler
 * with a parameter (docs/c-interface.md, "Read handlers with a parameter").
 *
 * The buffer holds "SADDR SPORT DADDR DPORT" on entry.  When the map has an entry for that
 * flow (either direction), the value is the flow as rewritten, in the same format; otherwise
 * it is empty.  Bad parameters give Click's Args messages, one per line, in Click's order:
 * "NAME: required argument missing", "NAME: parse error", "SPORT: overflow, range 0-65535",
 * "too many arguments".  Ports are numbers (C's strtoul with base 0: 0x hex, 0 octal, a '+'
 * allowed) or service names: Click's built-in list (elements/ip/ipnameinfo.cc), then the
 * system's services database for TCP.  The guarded part is shared; ELEM(lookup_text), after
 * it, is defined once per including instance (after rewriter_push.h). */
#ifndef CLICKC_REWRITER_LOOKUP_H
#define CLICKC_REWRITER_LOOKUP_H
#include <errno.h>
#include <netdb.h>
#include <stdlib.h>
#include <string.h>
#include "ip/ckip.h"
#include "tcpudp/rewriter_flow.h"

/* Well-known TCP/UDP service names Click resolves without the services database. */
static const struct { const char *name; uint16_t port; } rw_known_ports[] = {
    {"auth", 113}, {"bootpc", 68}, {"bootps", 67}, {"chargen", 19}, {"daytime", 13},
    {"discard", 9}, {"dns", 53}, {"domain", 53}, {"echo", 7}, {"finger", 79}, {"ftp", 21},
    {"ftp-data", 20}, {"https", 443}, {"imap3", 220}, {"imaps", 993}, {"irc", 194},
    {"netbios-dgm", 138}, {"netbios-ns", 137}, {"netbios-ssn", 139}, {"nntp", 119},
    {"ntp", 123}, {"pop3", 110}, {"pop3s", 995}, {"pptp", 1723}, {"rip", 520}, {"route", 520},
    {"smtp", 25}, {"snmp", 161}, {"snmp-trap", 162}, {"ssh", 22}, {"sunrpc", 111},
    {"telnet", 23}, {"tftp", 69}, {"www", 80},
};

/* Parse a TCP port (Click's IPPortArg(IP_PROTO_TCP)) into host order; on failure append
 * "NAME: MESSAGE\n" to err and return -1. */
static inline int rw_parse_tcp_port(const char *w, const char *name, uint16_t *port, ck_buf *err)
{
    if (*w && *w != '-') {
        char *end;
        errno = 0;
        unsigned long long v = strtoull(w, &end, 0);
        if (!*end && end != w) {
            if (errno || v > 0xFFFFFFFFull)
                goto bad;
            if (v > 0xFFFF) {
                ck_buf_printf(err, "%s: overflow, range 0-65535\n", name);
                return -1;
            }
            *port = (uint16_t)v;
            return 0;
        }
    }
    for (size_t i = 0; i < sizeof rw_known_ports / sizeof rw_known_ports[0]; i++)
        if (strcmp(w, rw_known_ports[i].name) == 0) {
            *port = rw_known_ports[i].port;
            return 0;
        }
    if (*w) {
        struct servent *s = getservbyname(w, "tcp");
        if (s) {
            *port = rw_ntohs((uint16_t)s->s_port);
            return 0;
        }
    }
bad:
    ck_buf_printf(err, "%s: parse error\n", name);
    return -1;
}

/* The handler body: `param` -> `out` (cleared first) for flows of map `m`. */
static inline int rw_lookup_handler(rw_map *m, const char *param, ck_buf *out)
{
    static const char *const names[4] = {"SADDR", "SPORT", "DADDR", "DPORT"};
    char words[5][64];
    int nw = 0, extra = 0;
    const char *p = param;
    for (;;) {
        while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
            p++;
        if (!*p)
            break;
        size_t n = strcspn(p, " \t\n\r");
        if (nw < 4) {
            size_t k = n < sizeof words[0] - 1 ? n : sizeof words[0] - 1;
            memcpy(words[nw], p, k);
            words[nw][k] = '\0';
            if (n != k) /* too long to be an address or a port */
                words[nw][0] = '\x01', words[nw][1] = '\0';
            nw++;
        } else
            extra = 1;
        p += n;
    }
    ck_buf err;
    ck_buf_init(&err);
    uint32_t saddr = 0, daddr = 0;
    uint16_t sport = 0, dport = 0;
    for (int i = 0; i < 4; i++) {
        if (i >= nw) {
            ck_buf_printf(&err, "%s: required argument missing\n", names[i]);
            continue;
        }
        if (i == 0 || i == 2) {
            if (ck_ip_parse(words[i], i == 0 ? &saddr : &daddr) < 0)
                ck_buf_printf(&err, "%s: parse error\n", names[i]);
        } else
            (void)rw_parse_tcp_port(words[i], names[i], i == 1 ? &sport : &dport, &err);
    }
    if (extra)
        ck_buf_puts(&err, "too many arguments\n");
    ck_buf_clear(out);
    if (err.len) {
        err.s[--err.len] = '\0'; /* the last newline */
        ck_buf_append(out, ck_buf_str(&err), err.len);
        ck_buf_free(&err);
        return -EINVAL;
    }
    ck_buf_free(&err);
    rw_flowid key = rw_make_flowid(saddr, rw_htons(sport), daddr, rw_htons(dport));
    rw_entry *e = rw_map_get(m, &key);
    if (e) {
        rw_flowid r = rw_entry_rewritten(e);
        rw_unparse_addr(out, r.saddr);
        ck_buf_printf(out, " %u ", (unsigned)rw_ntohs(r.sport));
        rw_unparse_addr(out, r.daddr);
        ck_buf_printf(out, " %u", (unsigned)rw_ntohs(r.dport));
    }
    return 0;
}

#endif

/* The handler itself, on map m of this instance (a read handler with a parameter: `out` holds
 * the parameter on entry), under the table lock (rewriter_push.h). */
static CK_UNUSED int ELEM(lookup_text)(rw_map *m, ck_buf *out)
{
    char *param = ck_strdup(ck_buf_str(out));
    ELEM(lock)();
    rw_catch_up(ELEM(rw));
    int r = rw_lookup_handler(m, param, out);
    ELEM(unlock)();
    free(param);
    return r;
}
