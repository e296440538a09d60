/* FromDAGDump(FILENAME [, keywords]): Click's elements/analysis/fromdagdump.cc.  Reads a DAG
 * trace record by record.  Each record starts with a 16-byte header: an 8-byte little-endian
 * ERF timestamp (seconds in the high 32 bits, the binary fraction in the low 32, converted to
 * nanoseconds with Endace's rounding), the type, flags, and the big-endian rlen, lctr, wlen.
 *
 * Types 1 (HDLC/POS, link type HDLC), 2 (Ethernet: 2 bytes of offset skipped, wlen less its
 * 4-byte CRC; ETHER) and 3, 4 (ATM, AAL5; SUNATM) are ERF records of rlen bytes: the packet is
 * the bytes after the header.  Type 0, any record when ENCAP is given, and every record after
 * one of another type (Click warns once and assumes ATM from then on) are legacy 64-byte cells
 * read by ENCAP: ATM (the default), PPP, PPP_HDLC the 48 bytes after the header; HDLC the same,
 * its wire length in bytes 10-11; SUNATM the last 4 header bytes and the 48; ETHER the wire
 * length in bytes 8-9 and the last 6 header bytes with the 48; IP the last 8 with the 48.  A
 * known wire length sets EXTRA_LENGTH (wire length less the packet's, modulo 2^32).  A short
 * record or an rlen below 16 ends the trace.  FORCE_IP sends non-IP packets to output 1, or
 * counts them as drops ("not an IP packet"; Click frees them).
 *
 * START, START_AFTER, END, END_AFTER, INTERVAL as FromDump (standard/cktracetimes.h); END_CALL
 * (standard/cktraceend.h) runs at the end of the window (the record found past it is kept, as
 * Click keeps it, and emitted if the window is extended) and after the last packet.  SAMPLE
 * draws with click_random(), TIMING keeps the trace's pacing.  A record skipped by START or
 * SAMPLE is skipped whole (Click reads the next header right after the skipped one's header, in
 * the middle of the record).  The file is opened as Click's FromFile (standard/ckfromfile.h). */
#include <strings.h>

#include "ip/ckip.h"
#include "standard/ckbool.h"
#include "standard/cksource.h"
#include "standard/ckrandom.h"
#include "standard/ckfromfile.h"
#include "standard/cktracetimes.h"

static FILE *ELEM(f);
static int ELEM(piped), ELEM(active), ELEM(eof), ELEM(more), ELEM(live), ELEM(warned);
static int ELEM(base_dlt), ELEM(dlt);
static int ELEM(dlt_atm), ELEM(dlt_sunatm), ELEM(dlt_ether), ELEM(dlt_hdlc);
static uint32_t ELEM(sampling_prob);
static uint64_t ELEM(filepos);
static ck_trace_times ELEM(times);
static ck_packet *ELEM(held);
static unsigned char ELEM(first)[16]; /* the first header, read at initialization */
static int ELEM(have_first);
static int64_t ELEM(timing_offset);
static int ELEM(have_timing_offset);

#include "standard/cktraceend.h"

static void ELEM(update_live)(void) { ck_source_set_live(ELEM(active) && !ELEM(eof), &ELEM(live)); }

static size_t ELEM(read)(void *buf, size_t n)
{
    size_t got = ELEM(f) ? fread(buf, 1, n, ELEM(f)) : 0;
    ELEM(filepos) += got;
    return got;
}

static void ELEM(skip)(size_t n)
{
    unsigned char buf[256];
    while (n > 0) {
        size_t k = n < sizeof buf ? n : sizeof buf;
        if (ELEM(read)(buf, k) != k)
            return;
        n -= k;
    }
}

/* Click's stamp_to_time. */
static int64_t ELEM(stamp_ns)(const unsigned char *h)
{
    uint64_t stamp = 0;
    for (int i = 7; i >= 0; i--)
        stamp = stamp << 8 | h[i];
    uint32_t sec = (uint32_t)(stamp >> 32);
    uint64_t frac = (stamp & 0xFFFFFFFFu) * 1000000000u;
    frac += (frac & 0x80000000u) << 1;
    uint32_t nsec = (uint32_t)(frac >> 32);
    if (nsec >= 1000000000u)
        nsec -= 1000000000u, sec++;
    return (int64_t)sec * 1000000000 + nsec;
}

/* A packet of the first `keep` bytes of h[from..16) followed by `rest` bytes of the file, or
 * NULL at the end of the file. */
static ck_packet *ELEM(make)(const unsigned char *h, int from, uint32_t rest)
{
    uint32_t head = (uint32_t)(16 - from);
    ck_packet *p = ck_packet_alloc(head + rest);
    if (!p) {
        ck_count_drop(ELEMENT_INDEX, "out of memory");
        return NULL;
    }
    memcpy(p->data, h + from, head);
    if (ELEM(read)(p->data + head, rest) != rest) {
        ck_packet_kill(p);
        return NULL;
    }
    return p;
}

/* A record of a type above 4 (Click's "odd" type): the dump is taken for old-style ATM cells
 * from here on, with Click's warning (to errh at initialization, else a chatter line). */
static void ELEM(odd_type)(int type, ck_errh *errh)
{
    if (type <= 4 || ELEM(base_dlt) >= 0)
        return;
    ELEM(base_dlt) = ELEM(dlt_atm);
    if (errh) {
        ck_warning(errh, "odd DAG cell type %d, assuming old-style ATM encapsulation", type);
        ck_chatter("  (To avoid this warning, specify an explicit ENCAP.)");
    } else
        ck_chatter("%s :: FromDAGDump: DAG cell with odd type %d, assuming old-style\n"
                   "  ATM encapsulation for rest of dump.  Packets may have been read "
                   "incorrectly!\n  (To avoid this warning, specify an explicit "
                   "ENCAP.)", ELEMENT_NAME, type);
}

/* Click's read_packet: the next record's packet into ELEM(held); returns 0 when no more is to
 * be read now (end of the file, or the window's END made the element inactive). */
static int ELEM(read_packet)(void)
{
    ELEM(held) = NULL;
    for (;;) {
        unsigned char h[16];
        if (!ELEM(more))
            return 0;
        if (ELEM(have_first)) {
            memcpy(h, ELEM(first), 16);
            ELEM(have_first) = 0;
        } else if (ELEM(read)(h, 16) != 16) {
            ELEM(eof) = 1;
            return 0;
        }
        int type = h[8];
        uint32_t rlen = ck_get16(h + 10), wire = 0;
        int legacy = type == 0 || ELEM(base_dlt) >= 0;
        if (!legacy && type > 4) {
            ELEM(odd_type)(type, NULL);
            legacy = 1;
        }
        uint32_t body = legacy ? 48 : rlen >= 16 ? rlen - 16 : 0;
        int64_t ts = ELEM(stamp_ns)(h);
        if (ck_trace_times_before(&ELEM(times), ts)) {
            ELEM(skip)(body);
            continue;
        }
        while (ck_trace_times_past_end(&ELEM(times), ts)) {
            ELEM(call_end)();
            if (!ELEM(active))
                ELEM(more) = 0;
        }
        if (!ck_fromfile_sampled(ELEM(sampling_prob))) {
            ELEM(skip)(body);
            continue;
        }
        ck_packet *p;
        if (legacy) {
            int d = ELEM(base_dlt) < 0 ? ELEM(dlt_atm) : ELEM(base_dlt);
            ELEM(dlt) = d;
            if (d == ELEM(dlt_sunatm))
                p = ELEM(make)(h, 12, 48);
            else if (d == ELEM(dlt_ether)) {
                wire = ck_get16(h + 8);
                p = ELEM(make)(h, 10, 48);
            } else if (d == ELEM(dlt_hdlc) || d == ELEM(dlt_atm) || d == ck_dlt_parse("PPP")
                       || d == ck_dlt_parse("PPP_HDLC")) {
                if (d == ELEM(dlt_hdlc))
                    wire = ck_get16(h + 10);
                p = ELEM(make)(h, 16, 48);
            } else
                p = ELEM(make)(h, 8, 48);
        } else {
            wire = ck_get16(h + 14);
            if (type == 2) {
                ELEM(skip)(2);
                rlen -= 2;
                wire -= 4;
                ELEM(dlt) = ELEM(dlt_ether);
            } else
                ELEM(dlt) = type == 1 ? ELEM(dlt_hdlc) : ELEM(dlt_sunatm);
            if (rlen < 16) {
                ELEM(eof) = 1;
                return 0;
            }
            p = ELEM(make)(h, 16, rlen - 16);
        }
        if (!p) {
            ELEM(eof) = 1;
            return 0;
        }
        p->ts_ns = ts;
        if (wire)
            ck_set_anno_u32(p, EXTRA_LENGTH_ANNO_OFFSET, wire - p->len);
        if (CONF(FORCE_IP) && !ck_force_ip(p, ELEM(dlt))) {
            if (NOUTPUTS > 1)
                OUTPUT(1, p);
            else
                ck_drop(p, ELEMENT_INDEX, "not an IP packet");
            continue;
        }
        ELEM(held) = p;
        return ELEM(more);
    }
}

static CK_UNUSED ck_packet *ELEM(next)(void)
{
    if (!ELEM(active))
        return NULL;
    if (!ELEM(held) && !ELEM(read_packet)() && !ELEM(held)) {
        ELEM(update_live)();
        ELEM(call_end)();
        return NULL;
    }
    ck_packet *p = ELEM(held);
    if (CONF(TIMING)
        && !ck_trace_timing_due(&ELEM(timing_offset), &ELEM(have_timing_offset), p->ts_ns))
        return NULL;
    if (!ELEM(read_packet)()) {
        ELEM(update_live)();
        ELEM(call_end)();
    }
    return ck_source_took(p, NULL);
}
#include "standard/cksource_task.h"

static int ELEM(init)(ck_errh *errh)
{
#include "standard/cktracetimes_conf.h"
    ELEM(dlt_atm) = ck_dlt_parse("ATM");
    ELEM(dlt_sunatm) = ck_dlt_parse("SUNATM");
    ELEM(dlt_ether) = ck_dlt_parse("ETHER");
    ELEM(dlt_hdlc) = ck_dlt_parse("HDLC");
    ELEM(base_dlt) = ELEM(dlt) = -1;
#if CONF_GIVEN(ENCAP)
    ELEM(base_dlt) = ck_dlt_parse(CONF(ENCAP));
    if (ELEM(base_dlt) != ELEM(dlt_sunatm) && ELEM(base_dlt) != ELEM(dlt_hdlc)
        && ELEM(base_dlt) != ELEM(dlt_ether) && ELEM(base_dlt) != ELEM(dlt_atm)
        && ELEM(base_dlt) != ck_dlt_parse("PPP") && ELEM(base_dlt) != ck_dlt_parse("PPP_HDLC")
        && ELEM(base_dlt) != ck_dlt_parse("IP"))
        return ck_error(errh, "bad encapsulation type");
#endif
    ELEM(init_end_call)();
    ELEM(active) = (int)CONF(ACTIVE);
    ELEM(more) = 1;
    ELEM(sampling_prob) = ck_fromfile_sample(CONF_GIVEN(SAMPLE), (uint32_t)CONF(SAMPLE), errh);
    if (ck_fromfile_open_or_error(CONF(FILENAME), &ELEM(f), &ELEM(piped), errh) < 0)
        return -1;
    if (CONF(FORCE_IP) && CONF(TIMING))
        return ck_error(errh, "FORCE_IP and TIMING options are incompatible");
    /* Click reads the first record at initialization: its odd type is warned about there */
    if (ELEM(read)(ELEM(first), 16) == 16) {
        ELEM(have_first) = 1;
        ELEM(odd_type)(ELEM(first)[8], errh);
    } else
        ELEM(eof) = 1;
    ELEM(update_live)();
    return 0;
}

#define CK_FF_COMPRESSED ELEM(piped)
#define CK_FF_OWN_ENCAP
#include "standard/ckfromfile_handlers.h"
CK_DATA_READ_STRING(filename, CONF(FILENAME));

static CK_UNUSED int ELEM(read_encap)(ck_buf *out)
{
    ck_dlt_unparse(out, ELEM(dlt));
    return 0;
}

#define CK_TR_ON_EXTEND ELEM(more) = 1, ELEM(update_live)()
#include "standard/cktracereader.h"
