/* ToIPFlowDumps(FILEPATTERN [, keywords]): Click's elements/analysis/toipflowdumps.cc.  Packets
 * with a nonzero aggregate annotation (AggregateIPFlows upstream) are TCP or UDP flows; each
 * flow gets a file named by FILEPATTERN's escapes for its first packet, holding
 *
 *   !IPSummaryDump 1.3
 *   !flowid SRC SPORT DST DPORT T|U       (the flow's forward direction: PAINT 1 reverses)
 *   !aggregate AGG
 *   !data ntimestamp direction [ip_id] tcp_flags tcp_seq payload_len tcp_ack tcp_ntopt|tcp_opt
 *                              (UDP: ntimestamp direction [ip_id] payload_len)
 *   !firstseq > N, !firstseq < N  (relative sequence numbers, when nonzero)
 *   !firsttime T                  (relative timestamps)
 *
 * then a line per packet: the relative (or ABSOLUTE_TIME) timestamp (nanoseconds, the first
 * packet at 0.000000001, as Click's nanosecond build), '>' or '<' by PAINT's low bit, IP_ID's
 * id (its two bytes swapped, as Click prints it on a little-endian host), TCP's flags (Click's words: A, PA, '.' or the letters FSRPAUE), sequence
 * number, payload length and acknowledgement (relative to each direction's first unless
 * ABSOLUTE_SEQ; without ACK the acknowledgement is the other side's first), TCP_WINDOW's
 * window and, with TCP_OPT or ALL_TCP_OPT, the options (analysis/cktcpopt.h's text: MSS,
 * window scale, SACK permitted, SACK blocks renumbered like sequence numbers, and with
 * ALL_TCP_OPT timestamps).  A packet with PAINT 2 or 3 (an ICMP error AggregateIPFlows
 * assigned to the flow) is the line "#TIMESTAMP >|< ICMP_error"; its flow is the embedded
 * header's.  Lines are kept in memory and appended to the file every 128 packets or 32 notes
 * and when the flow ends: at cleanup or a write to `clear`.  A flow of fewer than MINCOUNT
 * packets leaves no file; GZIP runs "gzip -f" on each finished file.  A router that saw
 * packets but none with an aggregate warns "saw no packets with aggregate annotations".
 * BINARY writes Click's binary records after a "!binary" line (its !data names the fields in
 * their order): a big-endian record length, the time's seconds and nanoseconds, TCP's sequence
 * number, payload length and acknowledgement (UDP: the payload length), the IP ID and TCP
 * window as in the packet, TCP's flags, the direction, and the options (a length byte, then the
 * options) when the packet had some; a note is its length with the top bit set, then its text
 * line.  NOTIFIER is refused at compile time (elements/analysis/toipflowdumps.py). */
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ip/ckip.h"
#include "analysis/cktcpopt.h"

#ifndef CK_TFD_ONCE
#define CK_TFD_ONCE
extern char **environ;
enum { CK_TFD_NPKT = 128, CK_TFD_NNOTE = 32, CK_TFD_BUCKETS = 1024 };

typedef struct ck_tfd_flow {
    struct ck_tfd_flow *next;
    uint32_t agg, packet_count;
    int ip_p, outputted, npkt, nnote;
    unsigned char src[4], dst[4];
    uint16_t sport, dport;
    int64_t first_ts;
    int have_first_seq[2];
    uint32_t first_seq[2];
    char *filename;
    ck_buf lines;
} ck_tfd_flow;

static void ck_tfd_addr(ck_buf *b, const unsigned char *a)
{
    ck_buf_printf(b, "%u.%u.%u.%u", a[0], a[1], a[2], a[3]);
}

/* Click's create_directories: the directories above file name n. */
static int ck_tfd_mkdirs(const char *n, ck_errh *errh)
{
    const char *slash = strrchr(n, '/');
    if (!slash || slash == n)
        return 0;
    char *dir = strndup(n, (size_t)(slash - n));
    if (!dir)
        return ck_error(errh, "out of memory");
    int rc = 0;
    if (access(dir, F_OK) < 0) {
        rc = ck_tfd_mkdirs(dir, errh);
        if (rc == 0 && mkdir(dir, 0777) < 0)
            rc = ck_error(errh, "making directory %s: %s", dir, strerror(errno));
    }
    free(dir);
    return rc;
}

/* Click's Flow::output: the header (the first time), then the lines kept so far. */
enum { CK_TFD_IP_ID = 1, CK_TFD_TCP_WINDOW = 2, CK_TFD_TCP_OPT_TS = 4, CK_TFD_BINARY = 8 };

/* bits: CK_TFD_IP_ID, CK_TFD_TCP_WINDOW, CK_TFD_TCP_OPT_TS, CK_TFD_BINARY (the element's
 * arguments). */
static int ck_tfd_output(ck_tfd_flow *f, int bits, ck_errh *errh)
{
    int fd;
    if (!strcmp(f->filename, "-"))
        fd = STDOUT_FILENO;
    else if (f->outputted)
        fd = open(f->filename, O_WRONLY | O_APPEND);
    else if (ck_tfd_mkdirs(f->filename, errh) < 0)
        return -1;
    else
        fd = open(f->filename, O_WRONLY | O_CREAT | O_TRUNC, 0666);
    if (fd < 0)
        return ck_error(errh, "%s: %s", f->filename, strerror(errno));
    ck_buf sa;
    ck_buf_init(&sa);
    if (!f->outputted) {
        int tcp = f->ip_p == 6;
        ck_buf_puts(&sa, "!IPSummaryDump 1.3\n!flowid ");
        ck_tfd_addr(&sa, f->src);
        ck_buf_printf(&sa, " %u ", (unsigned)f->sport);
        ck_tfd_addr(&sa, f->dst);
        ck_buf_printf(&sa, " %u %c\n!aggregate %u\n!data ntimestamp", (unsigned)f->dport,
                      tcp ? 'T' : 'U', (unsigned)f->agg);
        const char *opt = bits & CK_TFD_TCP_OPT_TS ? " tcp_opt" : " tcp_ntopt";
        if (bits & CK_TFD_BINARY)
            ck_buf_printf(&sa, "%s%s%s%s direction%s\n",
                          tcp ? " tcp_seq payload_len tcp_ack" : " payload_len",
                          bits & CK_TFD_IP_ID ? " ip_id" : "",
                          tcp && (bits & CK_TFD_TCP_WINDOW) ? " tcp_window" : "",
                          tcp ? " tcp_flags" : "", tcp ? opt : "");
        else /* the window is written but not named, as in Click */
            ck_buf_printf(&sa, " direction%s%s%s\n", bits & CK_TFD_IP_ID ? " ip_id" : "",
                          tcp ? " tcp_flags tcp_seq payload_len tcp_ack" : " payload_len",
                          tcp ? opt : "");
        for (int d = 0; d < 2; d++)
            if (f->have_first_seq[d] && f->first_seq[d] && tcp)
                ck_buf_printf(&sa, "!firstseq %c %u\n", d ? '<' : '>', (unsigned)f->first_seq[d]);
        if (f->first_ts) {
            ck_buf_puts(&sa, "!firsttime ");
            ck_unparse_timestamp(&sa, f->first_ts);
            ck_buf_puts(&sa, "\n");
        }
        if (bits & CK_TFD_BINARY)
            ck_buf_puts(&sa, "!binary\n");
    }
    ck_buf_append(&sa, f->lines.s ? f->lines.s : "", f->lines.len);
    f->lines.len = 0;
    f->npkt = f->nnote = 0;
    size_t pos = 0;
    while (pos < sa.len) {
        ssize_t w = write(fd, sa.s + pos, sa.len - pos);
        if (w < 0 && errno == EINTR)
            continue;
        if (w < 0) {
            ck_error(errh, "%s: %s", f->filename, strerror(errno));
            break;
        }
        pos += (size_t)w;
    }
    ck_buf_free(&sa);
    if (fd != STDOUT_FILENO)
        close(fd);
    f->outputted = 1;
    return 0;
}

/* "gzip -f NAME" (a name starting with '-' gets "./"), waited for. */
static int ck_tfd_gzip(const char *name, ck_errh *errh)
{
    char *arg = malloc(strlen(name) + 3);
    if (!arg)
        return ck_error(errh, "out of memory");
    sprintf(arg, "%s%s", name[0] == '-' ? "./" : "", name);
    char *argv[] = {"gzip", "-f", arg, NULL};
    pid_t pid;
    int rc = posix_spawnp(&pid, "gzip", NULL, NULL, argv, environ), status = 0;
    free(arg);
    if (rc != 0)
        return ck_error(errh, "gzip failed: %s; cancelling compression", strerror(rc));
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    if (!WIFEXITED(status) || WEXITSTATUS(status))
        return ck_error(errh, "compressor did not exit normally; cancelling compression");
    return 0;
}
#endif /* CK_TFD_ONCE */

static ck_tfd_flow *ELEM(map)[CK_TFD_BUCKETS];
static uint32_t ELEM(nagg), ELEM(nnoagg);
static int ELEM(gzip);
static int ELEM(tcp_opt);  /* 0, 1 (TCP_OPT), 2 (ALL_TCP_OPT) */
static int ELEM(bits);     /* ck_tfd_output's */

static void ELEM(errh)(ck_errh *errh) { ck_errh_init(errh, ELEMENT_LANDMARK, NULL); }

/* Click's end_flow. */
static void ELEM(end_flow)(ck_tfd_flow *f, ck_errh *errh)
{
    if (f->packet_count >= (uint32_t)CONF(MINCOUNT)) {
        ck_tfd_output(f, ELEM(bits), errh);
        if (ELEM(gzip) && strcmp(f->filename, "-") && ck_tfd_gzip(f->filename, errh) < 0)
            ELEM(gzip) = 0;
    } else if (f->outputted && unlink(f->filename) < 0)
        ck_error(errh, "%s: %s", f->filename, strerror(errno));
    free(f->filename);
    ck_buf_free(&f->lines);
    free(f);
}

static void ELEM(end_all)(ck_errh *errh)
{
    for (int i = 0; i < CK_TFD_BUCKETS; i++)
        while (ELEM(map)[i]) {
            ck_tfd_flow *f = ELEM(map)[i];
            ELEM(map)[i] = f->next;
            ELEM(end_flow)(f, errh);
        }
}

/* Click's expand_filename. */
static char *ELEM(expand)(const ck_packet *p, const unsigned char *ip, const unsigned char *th)
{
    const char *s = CONF_GIVEN(OUTPUT_PATTERN) ? CONF(OUTPUT_PATTERN)
                  : CONF_GIVEN(FILEPATTERN) ? CONF(FILEPATTERN) : "-";
    size_t len = strlen(s);
    ck_buf sa, sub;
    ck_buf_init(&sa);
    ck_buf_init(&sub);
    for (size_t i = 0; i < len; i++) {
        if (s[i] != '%') {
            ck_buf_append(&sa, s + i, 1);
            continue;
        }
        i++;
        int zero = 0, width = -1, prec = -1;
        if (i < len && s[i] == '0')
            zero = 1, i++;
        if (i < len && isdigit((unsigned char)s[i]))
            for (width = 0; i < len && isdigit((unsigned char)s[i]); i++)
                width = width * 10 + (s[i] - '0');
        if (i < len && s[i] == '.')
            for (prec = 0, i++; i < len && isdigit((unsigned char)s[i]); i++)
                prec = prec * 10 + (s[i] - '0');
        sub.len = 0;
        char c = i < len ? s[i] : 0;
        if (!c)
            ck_chatter("%s: bad filename pattern", ELEMENT_LANDMARK);
        else if (c == 'n' || c == 'x' || c == 'X') {
            uint32_t v = ck_anno_u32(p, AGGREGATE_ANNO_OFFSET);
            if (prec >= 0 && prec <= 3)
                v = (v >> ((3 - prec) * 8)) & 255;
            else if (prec >= 4 && prec <= 5)
                v = (v >> ((5 - prec) * 16)) & 65535;
            ck_buf_printf(&sub, c == 'n' ? "%u" : c == 'x' ? "%x" : "%X", (unsigned)v);
        } else if (c == 's' || c == 'd') {
            const unsigned char *a = ip + (c == 's' ? 12 : 16);
            if (prec < 0 || prec > 3)
                ck_tfd_addr(&sub, a);
            else
                ck_buf_printf(&sub, "%u", (unsigned)a[prec]);
        } else if (c == 'S' || c == 'D')
            ck_buf_printf(&sub, "%u", (unsigned)ck_get16(th + (c == 'S' ? 0 : 2)));
        else if (c == 'p')
            ck_buf_puts(&sub, ip[9] == 6 ? "T" : "U");
        else if (c == '%')
            ck_buf_puts(&sub, "%");
        else
            ck_chatter("%s: bad filename pattern `%%%c'", ELEMENT_LANDMARK, c);
        for (int k = width - (int)sub.len; k > 0; k--)
            ck_buf_puts(&sa, zero ? "0" : "_");
        ck_buf_append(&sa, sub.s ? sub.s : "", sub.len);
    }
    char *out = ck_strdup(ck_buf_str(&sa));
    ck_buf_free(&sa);
    ck_buf_free(&sub);
    return out;
}

/* Click's store_opt: the options to show into keep[0..40), SACK blocks renumbered; their
 * length (0: none, or an option that does not parse). */
static size_t ELEM(store_opt)(ck_tfd_flow *f, const unsigned char *th, int dir,
                              unsigned char *keep)
{
    size_t n = 0;
    const unsigned char *o = th + 20, *end = th + ((th[12] >> 4) << 2);
    while (o < end) {
        unsigned kind = o[0];
        if (kind == 0)
            break;
        if (kind == 1) {
            o++;
            continue;
        }
        if (o + 1 >= end)
            return 0;
        unsigned olen = o[1];
        int good = 0;
        if (kind == 2 || kind == 3 || kind == 4 || kind == 8) {
            static const unsigned want[9] = {0, 0, 4, 3, 2, 0, 0, 0, 10};
            if (olen != want[kind] || o + olen > end)
                return 0;
            good = kind != 8 || ELEM(tcp_opt) == 2;
        } else if (kind == 5) {
            if (olen % 8 != 2 || o + olen > end)
                return 0;
            good = 1;
        } else if (olen == 0 || o + olen > end)
            return 0;
        if (good) {
            memcpy(keep + n, o, olen);
            if (kind == 5)
                for (unsigned k = 2; k < olen; k += 8) {
                    int od = !dir;
                    if (!f->have_first_seq[od]) {
                        f->first_seq[od] = ck_tcpopt_get32(o + k);
                        f->have_first_seq[od] = 1;
                    }
                    for (int h = 0; h < 8; h += 4) {
                        uint32_t v = ck_tcpopt_get32(o + k + (unsigned)h) - f->first_seq[od];
                        unsigned char *q = keep + n + k + (unsigned)h;
                        q[0] = (unsigned char)(v >> 24), q[1] = (unsigned char)(v >> 16);
                        q[2] = (unsigned char)(v >> 8), q[3] = (unsigned char)v;
                    }
                }
            n += olen;
        }
        o += olen;
    }
    return n;
}

static void ELEM(put32)(ck_buf *b, uint32_t v)
{
    unsigned char x[4] = {(unsigned char)(v >> 24), (unsigned char)(v >> 16),
                          (unsigned char)(v >> 8), (unsigned char)v};
    ck_buf_append(b, (const char *)x, 4);
}

/* Click's Flow::add_pkt, each packet formatted at once (text or BINARY records). */
static void ELEM(add_pkt)(ck_tfd_flow *f, const ck_packet *p, const unsigned char *ip,
                          ck_errh *errh)
{
    int paint = p->anno[PAINT_ANNO_OFFSET];
    ck_buf *b = &f->lines;
    if (paint >= 2) { /* an ICMP error: a note that counts as a packet */
        if (f->nnote >= CK_TFD_NNOTE)
            ck_tfd_output(f, ELEM(bits), errh);
        ck_buf note;
        ck_buf_init(&note);
        ck_unparse_timestamp(&note, p->ts_ns);
        ck_buf_printf(&note, " %c ICMP_error", paint & 1 ? '>' : '<');
        if (CONF(BINARY))
            ELEM(put32)(b, (uint32_t)(note.len + 6) | 0x80000000u);
        ck_buf_puts(b, "#");
        ck_buf_append(b, ck_buf_str(&note), note.len);
        ck_buf_puts(b, "\n");
        ck_buf_free(&note);
        f->nnote++;
        if (f->packet_count < UINT32_MAX)
            f->packet_count++;
        return;
    }
    if (f->npkt >= CK_TFD_NPKT)
        ck_tfd_output(f, ELEM(bits), errh);
    int dir = paint & 1, tcp = f->ip_p == 6;
    unsigned hl = (unsigned)(ip[0] & 15) << 2;
    const unsigned char *th = ck_transport_header(p);
    uint32_t seq = 0, ack = 0;
    unsigned flags = 0, plen = (uint16_t)(ck_get16(ip + 2) - 8);
    unsigned char opts[40];
    size_t nopt = 0;
    if (tcp) {
        uint32_t s = ck_tcpopt_get32(th + 4), a = ck_tcpopt_get32(th + 8);
        flags = th[13];
        if (!f->have_first_seq[dir])
            f->first_seq[dir] = s, f->have_first_seq[dir] = 1;
        if (!(flags & 0x10))
            a = f->first_seq[!dir];
        else if (!f->have_first_seq[!dir])
            f->first_seq[!dir] = a, f->have_first_seq[!dir] = 1;
        unsigned off = (unsigned)(th[12] >> 4);
        seq = s - f->first_seq[dir];
        ack = a - f->first_seq[!dir];
        plen = (uint16_t)(ck_get16(ip + 2) - hl - (off << 2));
        if (ELEM(tcp_opt) && off > 5
            && (off != 8 || ck_tcpopt_get32(th + 20) != 0x0101080A || ELEM(tcp_opt) == 2))
            nopt = ELEM(store_opt)(f, th, dir, opts);
    }
    int64_t t = p->ts_ns - f->first_ts;
    if (CONF(BINARY)) { /* Click's output_binary: big-endian words, then raw fields */
        size_t start = b->len;
        ELEM(put32)(b, 0);
        ELEM(put32)(b, (uint32_t)(t / 1000000000));
        ELEM(put32)(b, (uint32_t)(t % 1000000000));
        if (tcp) {
            ELEM(put32)(b, seq);
            ELEM(put32)(b, plen);
            ELEM(put32)(b, ack);
        } else
            ELEM(put32)(b, plen);
        if (CONF(IP_ID))
            ck_buf_append(b, (const char *)ip + 4, 2);
        if (CONF(TCP_WINDOW) && tcp)
            ck_buf_append(b, (const char *)th + 14, 2);
        unsigned char fd[2] = {(unsigned char)flags, (unsigned char)dir};
        ck_buf_append(b, tcp ? (const char *)fd : (const char *)fd + 1, tcp ? 2 : 1);
        if (nopt) {
            unsigned char len = (unsigned char)nopt;
            ck_buf_append(b, (const char *)&len, 1);
            ck_buf_append(b, (const char *)opts, nopt);
        }
        uint32_t rl = (uint32_t)(b->len - start);
        unsigned char *r = (unsigned char *)b->s + start;
        r[0] = (unsigned char)(rl >> 24), r[1] = (unsigned char)(rl >> 16);
        r[2] = (unsigned char)(rl >> 8), r[3] = (unsigned char)rl;
    } else {
        ck_unparse_timestamp(b, t);
        ck_buf_printf(b, " %c ", dir ? '<' : '>');
        if (CONF(IP_ID)) /* Click prints the id's bytes swapped (on a little-endian host) */
            ck_buf_printf(b, "%u ", (unsigned)(ip[5] << 8 | ip[4]));
        if (tcp) {
            if (flags == 0x10)
                ck_buf_puts(b, "A");
            else if (flags == 0x18)
                ck_buf_puts(b, "PA");
            else if (flags == 0)
                ck_buf_puts(b, ".");
            else
                for (int k = 0; k < 7; k++)
                    if (flags & (1u << k))
                        ck_buf_append(b, &"FSRPAUE"[k], 1);
            ck_buf_printf(b, " %u %u %u", (unsigned)seq, plen, (unsigned)ack);
            if (CONF(TCP_WINDOW))
                ck_buf_printf(b, " %u", (unsigned)ck_get16(th + 14));
            if (nopt) {
                ck_buf_puts(b, " ");
                ck_tcpopt_unparse(b, opts, nopt);
            }
            ck_buf_puts(b, "\n");
        } else
            ck_buf_printf(b, "%u\n", plen);
    }
    f->npkt++;
    if (f->packet_count < UINT32_MAX)
        f->packet_count++;
}

/* Click's find_aggregate with a packet: the flow, created for a TCP or UDP packet (or an ICMP
 * error about one); NULL otherwise. */
static ck_tfd_flow *ELEM(find)(const ck_packet *p, uint32_t agg)
{
    if (!agg)
        return NULL;
    ck_tfd_flow **pp = &ELEM(map)[agg & (CK_TFD_BUCKETS - 1)], *f;
    for (f = *pp; f && f->agg != agg; f = f->next)
        ;
    if (f)
        return f;
    const unsigned char *ip = ck_network_header(p), *th = ck_transport_header(p);
    if (!ip || !th || p->data + p->len < th + 4)
        return NULL;
    const unsigned char *fip = ip, *fth = th;
    if (ip[9] == 1) { /* the embedded header of an ICMP error */
        fip = th + 8;
        if (p->data + p->len < fip + 20)
            return NULL;
        fth = fip + ((fip[0] & 15) << 2);
        if (p->data + p->len < fth + 4)
            return NULL;
    }
    if ((fip[9] != 6 && fip[9] != 17) || (fip[9] == 6 && ip[9] == 6 && p->data + p->len < th + 20))
        return NULL;
    f = calloc(1, sizeof *f);
    if (!f)
        return NULL;
    f->agg = agg;
    f->ip_p = fip[9];
    int rev = p->anno[PAINT_ANNO_OFFSET] & 1;
    memcpy(rev ? f->dst : f->src, fip + 12, 4);
    memcpy(rev ? f->src : f->dst, fip + 16, 4);
    f->sport = rev ? ck_get16(fth + 2) : ck_get16(fth);
    f->dport = rev ? ck_get16(fth) : ck_get16(fth + 2);
    f->have_first_seq[0] = f->have_first_seq[1] = (int)CONF(ABSOLUTE_SEQ);
    f->first_ts = CONF(ABSOLUTE_TIME) ? 0 : p->ts_ns - 1; /* the first packet at 1 ns */
    f->filename = ELEM(expand)(p, ip, th);
    ck_buf_init(&f->lines);
    f->next = *pp;
    *pp = f;
    return f;
}

static void ELEM(action)(const ck_packet *p)
{
    ck_tfd_flow *f = ELEM(find)(p, ck_anno_u32(p, AGGREGATE_ANNO_OFFSET));
    if (!f) {
        ELEM(nnoagg)++;
        return;
    }
    ELEM(nagg)++;
    ck_errh errh;
    ELEM(errh)(&errh);
    ELEM(add_pkt)(f, p, ck_network_header(p), &errh);
}

#define CK_OBSERVE(p) ELEM(action)(p)
#include "standard/ckobserve_sink.h"

static CK_UNUSED ck_packet *ELEM(pull)(int port)
{
    (void)port;
    ck_packet *p = INPUT_PULL(0);
    if (p)
        ELEM(action)(p);
    return p;
}

static int ELEM(init)(ck_errh *errh)
{
    (void)errh;
    ELEM(gzip) = (int)CONF(GZIP);
    ELEM(tcp_opt) = CONF(ALL_TCP_OPT) ? 2 : CONF(TCP_OPT) ? 1 : 0;
    ELEM(bits) = (CONF(IP_ID) ? CK_TFD_IP_ID : 0) | (CONF(TCP_WINDOW) ? CK_TFD_TCP_WINDOW : 0)
               | (ELEM(tcp_opt) == 2 ? CK_TFD_TCP_OPT_TS : 0) | (CONF(BINARY) ? CK_TFD_BINARY : 0);
    return 0;
}

static void ELEM(cleanup)(void)
{
    ck_errh errh;
    ELEM(errh)(&errh);
    ELEM(end_all)(&errh);
    if (ELEM(nnoagg) > 0 && ELEM(nagg) == 0)
        ck_chatter("%s :: ToIPFlowDumps: warning: saw no packets with aggregate annotations",
                   ELEMENT_NAME);
}

static CK_UNUSED int ELEM(write_clear)(const char *value, ck_errh *errh)
{
    (void)value;
    ELEM(end_all)(errh);
    return 0;
}
