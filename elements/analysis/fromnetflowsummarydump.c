/* FromNetFlowSummaryDump(FILENAME [, STOP, ACTIVE, ZERO, MULTIPACKET, LINK, TIMING]): Click's
 * elements/analysis/fromnetflowsumdump.cc.  Each line of the file holds a flow record of 15 or
 * more fields separated by '|' (a line counts its newline, as Click's FromFile::read_line, so
 * the 15th field of a 15-field line ends in it and does not parse); lines starting with '!' or
 * '#' are skipped.  The fields read: 0 source and 1 destination address, 3 input and 4 output
 * interface, 5 packets, 6 bytes, 7 start and 8 end time (Unix seconds), 9 source and 10
 * destination port, 12 TCP flags, 13 protocol, 14 TOS; each is a whole Click integer (IntArg:
 * decimal, 0x hex, 0 octal, 0b binary) or dotted address.  A record with fewer than 15 fields
 * or fewer than 10 good ones ends the reading (the first time with "FILE:LINE: bad format").
 *
 * The packet: a 20-byte IPv4 header (version 4, header length 5, the addresses, protocol, TOS,
 * ip_len the byte count pinned at 65535) and, for TCP, a 20-byte header with the ports, the
 * flags and offset 5; for UDP an 8-byte header with the ports and the UDP length (ip_len - 20);
 * otherwise nothing.  Other bytes are zero.  Annotations: FIRST_TIMESTAMP the start time, the
 * timestamp the end time (the start time when the end is 0), EXTRA_PACKETS packets - 1,
 * EXTRA_LENGTH bytes - the packet's length (modulo 2^32, as Click), PAINT the interface of
 * LINK.  MULTIPACKET splits a record into its packets (analysis/ckmultipacket.h, shared with
 * FromIPSummaryDump); TIMING keeps the records' pacing (standard/cktracetimes.h).  The file is
 * opened as Click's FromFile (standard/ckfromfile.h). */
#include <ctype.h>
#include <strings.h>

#include "ip/ckip.h"
#include "standard/ckbool.h"
#include "standard/cksource.h"
#include "standard/ckfromfile.h"
#include "standard/cktracetimes.h"

static FILE *ELEM(f);
static int ELEM(piped), ELEM(compressed), ELEM(active), ELEM(ended), ELEM(live), ELEM(link);
static int ELEM(format_complaint);
static uint64_t ELEM(filepos);
static long ELEM(lineno);
static char *ELEM(line);
static size_t ELEM(linecap);
static ck_packet *ELEM(held), *ELEM(work);
static uint32_t ELEM(mp_length);
static int64_t ELEM(mp_end_ts), ELEM(mp_delta);
static int64_t ELEM(timing_offset);
static int ELEM(have_timing_offset);

static void ELEM(update_live)(void) { ck_source_set_live(ELEM(active) && !ELEM(ended), &ELEM(live)); }

#include "analysis/ckmultipacket.h"

/* A whole field as Click's IntArg for a uint32_t: 1 with *v set, 0 when it does not parse
 * (Click does not trim, so a field with blanks fails). */
static int ELEM(uint)(const char *s, size_t n, uint32_t *v)
{
    char buf[40];
    uint64_t x;
    if (n == 0 || n >= sizeof buf || isspace((unsigned char)s[0])
        || isspace((unsigned char)s[n - 1]))
        return 0;
    memcpy(buf, s, n);
    buf[n] = '\0';
    if (ck_intarg_unsigned(buf, UINT32_MAX, &x) != CK_INTARG_OK)
        return 0;
    *v = (uint32_t)x;
    return 1;
}

/* A dotted IPv4 address filling the whole field: 1 with out[0..4) set. */
static int ELEM(addr)(const char *s, size_t n, unsigned char *out)
{
    unsigned part[4] = {0, 0, 0, 0};
    int k = 0, digits = 0;
    for (size_t i = 0; i < n; i++) {
        if (isdigit((unsigned char)s[i])) {
            part[k] = part[k] * 10 + (unsigned)(s[i] - '0');
            if (++digits > 3 || part[k] > 255)
                return 0;
        } else if (s[i] == '.' && digits && k < 3)
            k++, digits = 0;
        else
            return 0;
    }
    if (k != 3 || !digits)
        return 0;
    for (int i = 0; i < 4; i++)
        out[i] = (unsigned char)part[i];
    return 1;
}

/* Click's read_packet: the next record's packet, NULL at the end of the file or at a bad
 * record (which ends the reading). */
static ck_packet *ELEM(read_packet)(void)
{
    for (;;) {
        if (!ELEM(f))
            return NULL;
        ssize_t n = getline(&ELEM(line), &ELEM(linecap), ELEM(f));
        if (n <= 0) {
            ck_fromfile_close(&ELEM(f), &ELEM(piped));
            return NULL;
        }
        ELEM(filepos) += (uint64_t)n;
        ELEM(lineno)++;
        const char *d = ELEM(line);
        if (d[0] == '!' || d[0] == '#')
            continue;
        const char *w[15];
        size_t wl[15];
        int nw = 0;
        for (ssize_t pos = 0; pos < n && nw < 15; nw++) {
            ssize_t start = pos;
            while (pos < n && d[pos] != '|')
                pos++;
            w[nw] = d + start;
            wl[nw] = (size_t)(pos - start);
            pos++;
        }
        unsigned char b[40] = {0};
        unsigned char *ip = b, *th = b + 20;
        uint32_t j = 0, bytes = 0, in = 0, out = 0;
        int ok = 0, paint = -1;
        int64_t first = 0, ts = 0;
        uint32_t extra_packets = 0;
        if (nw == 15) {
            if (ELEM(uint)(w[7], wl[7], &j))
                first = (int64_t)j * 1000000000, ok++;
            if (ELEM(uint)(w[8], wl[8], &j))
                ts = j ? (int64_t)j * 1000000000 : first, ok++;
            if (ELEM(uint)(w[5], wl[5], &j))
                extra_packets = j - 1, ok++;
            ok += ELEM(uint)(w[6], wl[6], &bytes);
            if ((ELEM(link) == 1 || ELEM(uint)(w[3], wl[3], &in))
                && (ELEM(link) == 0 || ELEM(uint)(w[4], wl[4], &out))) {
                uint32_t m = ELEM(link) == 2 ? 15 : 255;
                paint = (int)(((in < m ? in : m) << (ELEM(link) == 2 ? 4 : 0)) | (out < m ? out : m));
                ok++;
            }
            ok += ELEM(addr)(w[0], wl[0], ip + CKIP_SRC);
            ok += ELEM(addr)(w[1], wl[1], ip + CKIP_DST);
            if (ELEM(uint)(w[13], wl[13], &j) && j <= 0xFF)
                ip[CKIP_P] = (unsigned char)j, ok++;
            if (ELEM(uint)(w[14], wl[14], &j) && j <= 0xFF)
                ip[CKIP_TOS] = (unsigned char)j, ok++;
            if (ELEM(uint)(w[9], wl[9], &j) && j <= 0xFFFF)
                ck_put16(th, (uint16_t)j), ok++;
            if (ELEM(uint)(w[10], wl[10], &j) && j <= 0xFFFF)
                ck_put16(th + 2, (uint16_t)j), ok++;
            if (ELEM(uint)(w[12], wl[12], &j) && j <= 0xFF)
                th[13] = (unsigned char)j, ok++;
        }
        if (ok < 10) {
            if (!ELEM(format_complaint))
                ck_chatter("%s:%ld: bad format", CONF(FILENAME), ELEM(lineno));
            ELEM(format_complaint) = 1;
            return NULL;
        }
        uint32_t ip_len = bytes <= 65535 ? bytes : 65535, len = 40;
        ip[0] = 0x45;
        ck_put16(ip + CKIP_LEN, (uint16_t)ip_len);
        if (ip[CKIP_P] == 6) {
            th[12] = 5 << 4;
        } else if (ip[CKIP_P] == 17) {
            ck_put16(th + 4, (uint16_t)(ip_len - 20));
            len = 28;
        } else
            len = 20;
        ck_packet *q = ck_packet_make(b, len);
        if (!q) {
            ck_count_drop(ELEMENT_INDEX, "out of memory");
            return NULL;
        }
        ck_set_network_header(q, q->data, 20);
        q->ts_ns = ts;
        memcpy(q->anno + FIRST_TIMESTAMP_ANNO_OFFSET, &first, 8);
        ck_set_anno_u32(q, EXTRA_PACKETS_ANNO_OFFSET, extra_packets);
        ck_set_anno_u32(q, EXTRA_LENGTH_ANNO_OFFSET, bytes - len);
        if (paint >= 0)
            q->anno[PAINT_ANNO_OFFSET] = (unsigned char)paint;
        return q;
    }
}

static CK_UNUSED ck_packet *ELEM(next)(void)
{
    if (!ELEM(active) || ELEM(ended))
        return NULL;
    ck_packet *p = ELEM(held);
    ELEM(held) = NULL;
    while (!p) {
        p = ELEM(work) ? ELEM(work) : ELEM(read_packet)();
        if (!p) {
            ELEM(ended) = 1;
            ELEM(update_live)();
            if (CONF(STOP))
                ck_router_stop();
            return NULL;
        }
        if (CONF(MULTIPACKET))
            p = ELEM(multipacket)(p);
    }
    if (CONF(TIMING)
        && !ck_trace_timing_due(&ELEM(timing_offset), &ELEM(have_timing_offset), p->ts_ns)) {
        ELEM(held) = p;
        return NULL;
    }
    return ck_source_took(p, NULL);
}
#include "standard/cksource_task.h"

static int ELEM(init)(ck_errh *errh)
{
    const char *link = CONF(LINK);
    ELEM(link) = !strcasecmp(link, "output") ? 1 : !strcasecmp(link, "both") ? 2 : 0;
    ELEM(active) = (int)CONF(ACTIVE);
    if (ck_fromfile_open_or_error(CONF(FILENAME), &ELEM(f), &ELEM(piped), errh) < 0)
        return -1;
    ELEM(compressed) = ELEM(piped);
    ELEM(update_live)();
    return 0;
}

static void ELEM(cleanup)(void)
{
    ck_fromfile_close(&ELEM(f), &ELEM(piped));
    free(ELEM(line));
    ELEM(line) = NULL;
    if (ELEM(held))
        ck_packet_kill(ELEM(held));
    if (ELEM(work) && ELEM(work) != ELEM(held))
        ck_packet_kill(ELEM(work));
    ELEM(held) = ELEM(work) = NULL;
    ck_source_set_live(0, &ELEM(live));
}

#include "standard/ckfromfile_basehandlers.h"
CK_DATA_READ_STRING(filename, CONF(FILENAME));
