/* FromCapDump(FILENAME [, STOP, ACTIVE, ZERO, CHECKSUM, AGGREGATE, SAMPLE]): Click's
 * elements/analysis/fromcapdump.cc.  Reads the lines of a 'cap' file; each SYN, DAT or ACK
 * line ("TYPE DIR TIME UNIQUENO SEQNO IPLEN PAYLOADLEN [FLAGS]") becomes a 40-byte IPv4 TCP
 * packet (window 65535; the payload is not in the packet: its length is in the extra-length
 * annotation and the IP length counts it).  The flow is 1.0.0.1:1 -> 2.0.0.2:2, reversed after
 * an RCV line (back after SND); PAINT is 1 for '<' lines before RCV and '>' lines after it,
 * whose flow is reversed once more.  Sequence numbers come from Click's map of packet numbers to sequence
 * numbers (each DAT and SYN extends it by its length; gaps are filled with the last packet's
 * length, 1460 at first): DAT sends its packet's sequence number and acknowledges 1, ACK
 * sequence 1 and acknowledges packet SEQNO+1, SYN sequence 0 (acknowledging 1 on the side
 * that has ACK).  FIN sets FIN; "SACK:a-b:c-d..." and "DSACK:n" add SACK options (NOP NOP
 * SACK); FR, RTO, SACK_NEW, SACK_REXMT and TIM are skipped.  Annotations: timestamp, PAINT,
 * PACKET_NUMBER (UNIQUENO), SEQUENCE_NUMBER (SEQNO), AGGREGATE (AGGREGATE).  CHECKSUM sets
 * the IP and TCP checksums.  Lines starting with '!' or '#', other words and lines that do not
 * parse are skipped.  Where a line contradicts the map, Click prints "   FILE:LINE >> N OLD
 * NEW" and aborts (an assertion); clickc prints the line and takes the new value.  Packet
 * numbers of 2^24 or more are skipped as parse errors (the map would not fit in memory), as
 * are lines whose options would pass the 40 bytes TCP allows (Click writes past them); a SACK
 * list keeps its first four blocks. */
#include <ctype.h>
#include <errno.h>

#include "ip/ckip.h"
#include "standard/ckbool.h"
#include "standard/cksource.h"
#include "standard/ckrandom.h"
#include "standard/ckfromfile.h"

enum { ELEM(no_seqno) = -1, ELEM(max_packno) = 1 << 24 };

static FILE *ELEM(f);
static int ELEM(piped), ELEM(compressed), ELEM(active), ELEM(ended), ELEM(live), ELEM(is_rcv);
static uint32_t ELEM(sampling_prob);
static uint64_t ELEM(filepos);
static long ELEM(lineno);
static char *ELEM(line);
static size_t ELEM(linecap);
static uint32_t *ELEM(map);
static size_t ELEM(mapn);

static void ELEM(update_live)(void) { ck_source_set_live(ELEM(active) && !ELEM(ended), &ELEM(live)); }

/* Click's packno2seqno(p): the map grows (doubling) and gaps before p are filled. */
static uint32_t ELEM(seqno)(uint32_t p)
{
    while ((size_t)p + 1 >= ELEM(mapn)) {
        uint32_t *m = realloc(ELEM(map), 2 * ELEM(mapn) * sizeof *m);
        if (!m)
            return 0;
        memset(m + ELEM(mapn), 0xFF, ELEM(mapn) * sizeof *m);
        ELEM(map) = m;
        ELEM(mapn) *= 2;
    }
    uint32_t *m = ELEM(map);
    if (m[p] == (uint32_t)ELEM(no_seqno)) {
        uint32_t p2 = p;
        while (m[p2 - 1] == (uint32_t)ELEM(no_seqno))
            p2--;
        uint32_t len = p2 > 1 ? m[p2 - 1] - m[p2 - 2] : 1460;
        for (; p2 <= p; p2++)
            m[p2] = m[p2 - 1] + len;
    }
    return m[p];
}

/* Click's packno2seqno(p, len): also records where packet p+1 starts. */
static uint32_t ELEM(seqno_len)(uint32_t p, uint32_t len)
{
    uint32_t s = ELEM(seqno)(p);
    if ((size_t)p + 1 < ELEM(mapn)) {
        uint32_t *next = &ELEM(map)[p + 1];
        if (*next != (uint32_t)ELEM(no_seqno) && *next != s + len)
            ck_chatter("   %s:%ld >> %u %u %u", CONF(FILENAME), ELEM(lineno), p + 1, *next,
                       s + len);
        *next = s + len;
    }
    return s;
}

static const char *ELEM(space)(const char *s, const char *e)
{
    while (s < e && isspace((unsigned char)*s))
        s++;
    return s;
}

/* Click's cp_integer in base 10: the end of the digits (s when none), the value in *v. */
static const char *ELEM(uint)(const char *s, const char *e, uint32_t *v)
{
    uint32_t x = 0;
    const char *p = s;
    for (; p < e && isdigit((unsigned char)*p); p++)
        x = x * 10 + (uint32_t)(*p - '0');
    if (p != s)
        *v = x;
    return p;
}

static void ELEM(put32)(unsigned char *b, uint32_t v)
{
    b[0] = (unsigned char)(v >> 24), b[1] = (unsigned char)(v >> 16);
    b[2] = (unsigned char)(v >> 8), b[3] = (unsigned char)v;
}

static ck_packet *ELEM(read_packet)(void)
{
    for (;;) {
        if (!ELEM(f))
            return NULL;
        ssize_t n = getline(&ELEM(line), &ELEM(linecap), ELEM(f));
        if (n < 0) {
            ck_fromfile_close(&ELEM(f), &ELEM(piped));
            return NULL;
        }
        ELEM(filepos) += (uint64_t)n;
        ELEM(lineno)++;
        const char *d = ELEM(line), *end = d + n; /* with its newline, as Click's read_line */
        if (d + 3 >= end || d[0] == '!' || d[0] == '#' || !isspace((unsigned char)d[3]))
            continue;
        if (memcmp(d, "DAT", 3) && memcmp(d, "ACK", 3) && memcmp(d, "SYN", 3)) {
            if ((!memcmp(d, "RCV", 3) || !memcmp(d, "SND", 3))
                && ELEM(is_rcv) != (d[0] == 'R'))
                ELEM(is_rcv) = !ELEM(is_rcv);
            continue;
        }
        unsigned char b[80] = {0};
        uint32_t len = 40;
        char type = d[0];
        unsigned flags = type == 'S' ? 0x02 : 0;
        d = ELEM(space)(d + 4, end);
        if (d >= end || (*d != '<' && *d != '>'))
            continue;
        int paint = (*d == '>') == ELEM(is_rcv);
        d = ELEM(space)(d + 1, end);
        uint32_t sec = 0, usec = 0;
        const char *next = ELEM(uint)(d, end, &sec);
        if (next == d)
            continue;
        d = next;
        if (d + 1 < end && *d == '.') {
            int digit = 0;
            for (d++; digit < 6 && d < end && isdigit((unsigned char)*d); digit++, d++)
                usec = usec * 10 + (uint32_t)(*d - '0');
            for (; digit < 6; digit++)
                usec *= 10;
            while (d < end && isdigit((unsigned char)*d))
                d++;
        }
        uint32_t uniqno = 0, seqno = 0, ip_len = 0, payload = 0;
        d = ELEM(uint)(ELEM(space)(d, end), end, &uniqno);
        d = ELEM(uint)(ELEM(space)(d, end), end, &seqno);
        d = ELEM(uint)(ELEM(space)(d, end), end, &ip_len);
        d = ELEM(space)(d, end);
        next = ELEM(uint)(d, end, &payload);
        if (next == d || seqno >= ELEM(max_packno) - 2)
            continue;
        int bad = 0;
        for (;;) { /* Click's parse_annotations */
            d = ELEM(space)(next, end);
            uint32_t u1 = 0, u2 = 0;
            if (d + 6 < end && !memcmp(d, "DSACK:", 6)
                && (next = ELEM(uint)(d + 6, end, &u1)) != d + 6) {
                if (u1 >= ELEM(max_packno) - 2 || len + 12 > sizeof b) {
                    bad = 1;
                    break;
                }
                unsigned char *o = b + len;
                o[0] = o[1] = 1, o[2] = 5, o[3] = 10;
                ELEM(put32)(o + 4, ELEM(seqno)(u1));
                ELEM(put32)(o + 8, ELEM(seqno)(u1 + 1));
                len += 12;
            } else if (d + 2 < end && !memcmp(d, "FIN", 3))
                flags |= 0x01, next = d + 3;
            else if (d + 1 < end && !memcmp(d, "FR", 2))
                next = d + 2;
            else if (d + 2 < end && !memcmp(d, "RTO", 3))
                next = d + 3;
            else if (d + 4 < end && !memcmp(d, "SACK:", 5)) {
                if (len + 40 > sizeof b) {
                    bad = 1;
                    break;
                }
                unsigned char *o0 = b + len, *o = o0 + 4;
                o0[0] = o0[1] = 1, o0[2] = 5;
                d += 4;
                while (d < end && *d == ':' && o + 8 <= o0 + 40) {
                    next = ELEM(uint)(d + 1, end, &u1);
                    if (next != d + 1 && next + 1 < end && next[0] == '-'
                        && isdigit((unsigned char)next[1])) {
                        d = ELEM(uint)(next + 1, end, &u2);
                        if (u1 >= ELEM(max_packno) - 2 || u2 >= ELEM(max_packno) - 2) {
                            bad = 1;
                            break;
                        }
                        ELEM(put32)(o, ELEM(seqno)(u1));
                        ELEM(put32)(o + 4, ELEM(seqno)(u2 + 1));
                        o += 8;
                    } else
                        break;
                }
                if (bad)
                    break;
                o0[3] = (unsigned char)(o - (o0 + 2));
                len = (uint32_t)(o - b);
                next = d;
            } else if (d + 7 < end && !memcmp(d, "SACK_NEW", 8))
                next = d + 8;
            else if (d + 9 < end && !memcmp(d, "SACK_REXMT", 10))
                next = d + 10;
            else if (d + 2 < end && !memcmp(d, "TIM", 3))
                next = d + 3;
            else
                break;
        }
        if (bad)
            continue;
        unsigned char *ip = b, *tcp = b + 20;
        uint32_t syn_fin = (flags & 0x02 ? 1u : 0u) + (flags & 0x01 ? 1u : 0u);
        if (type == 'D') {
            ELEM(put32)(tcp + 4, ELEM(seqno_len)(seqno, payload + syn_fin));
            ELEM(put32)(tcp + 8, 1);
            flags |= 0x10;
        } else if (type == 'A') {
            ELEM(put32)(tcp + 4, 1);
            ELEM(put32)(tcp + 8, ELEM(seqno)(seqno + 1));
            flags |= 0x10;
        } else {
            if (ELEM(is_rcv) != (paint != 0)) {
                ELEM(put32)(tcp + 8, 1);
                flags |= 0x10;
            }
            (void)ELEM(seqno_len)(seqno, payload + syn_fin);
        }
        ip[0] = 0x45;
        ip[CKIP_P] = 6;
        tcp[13] = (unsigned char)flags;
        ck_put16(tcp + 14, 65535);
        tcp[12] = (unsigned char)(((len - 20) >> 2) << 4);
        ck_put16(ip + CKIP_LEN, (uint16_t)(len + payload));
        static const unsigned char a1[4] = {1, 0, 0, 1}, a2[4] = {2, 0, 0, 2};
        int rev = paint ^ ELEM(is_rcv); /* Click reverses its flow ID at RCV, and for PAINT */
        memcpy(ip + CKIP_SRC, rev ? a2 : a1, 4);
        memcpy(ip + CKIP_DST, rev ? a1 : a2, 4);
        ck_put16(tcp, rev ? 2 : 1);
        ck_put16(tcp + 2, rev ? 1 : 2);
        if (CONF(CHECKSUM)) {
            ck_ip_set_cksum(ip, 20);
            ck_transport_set_cksum(ip, tcp, len - 20, 16);
        }
        ck_packet *q = ck_packet_make(b, len);
        if (!q) {
            ck_count_drop(ELEMENT_INDEX, "out of memory");
            continue;
        }
        q->ts_ns = (int64_t)sec * 1000000000 + (int64_t)usec * 1000;
        ck_set_network_header(q, q->data, 20);
        q->anno[PAINT_ANNO_OFFSET] = (unsigned char)paint;
        ck_set_anno_u32(q, 32, uniqno); /* PACKET_NUMBER */
        ck_set_anno_u32(q, 36, seqno);  /* SEQUENCE_NUMBER */
        ck_set_anno_u32(q, EXTRA_LENGTH_ANNO_OFFSET, payload);
        ck_set_anno_u32(q, AGGREGATE_ANNO_OFFSET, (uint32_t)CONF(AGGREGATE));
        return q;
    }
}

static CK_UNUSED ck_packet *ELEM(next)(void)
{
    if (!ELEM(active) || ELEM(ended))
        return NULL;
    for (;;) {
        ck_packet *p = ELEM(read_packet)();
        if (!p) {
            ELEM(ended) = 1;
            ELEM(update_live)();
            if (CONF(STOP))
                ck_router_stop();
            return NULL;
        }
        if (ck_fromfile_sampled(ELEM(sampling_prob)))
            return ck_source_took(p, NULL);
        ck_packet_kill(p);
    }
}
#include "standard/cksource_task.h"

static int ELEM(init)(ck_errh *errh)
{
    ELEM(active) = (int)CONF(ACTIVE);
    ELEM(sampling_prob) = ck_fromfile_sample(CONF_GIVEN(SAMPLE), (uint32_t)CONF(SAMPLE), errh);
    ELEM(mapn) = 1024;
    ELEM(map) = malloc(ELEM(mapn) * sizeof *ELEM(map));
    if (!ELEM(map))
        return ck_error(errh, "out of memory");
    memset(ELEM(map), 0xFF, ELEM(mapn) * sizeof *ELEM(map));
    ELEM(map)[0] = 0;
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
    free(ELEM(map));
    ELEM(map) = NULL;
    ck_source_set_live(0, &ELEM(live));
}

#define CK_FF_ACTIVE_MSG "type mismatch"
#define CK_FF_FILENAME CONF(FILENAME)
#define CK_FF_COMPRESSED ELEM(compressed)
#include "standard/ckfromfile_handlers.h"
