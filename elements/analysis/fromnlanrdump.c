/* FromNLANRDump(FILENAME [, keywords]): Click's elements/analysis/fromnlanrdump.cc.  Reads
 * 44-byte cells of an NLANR trace: 4 bytes of seconds, 4 of microseconds (in TSH the top byte
 * is the link number, which goes to the PAINT annotation), then the first 36 bytes of the IPv4
 * packet (its 20-byte header and 16 bytes of TCP).  Each cell becomes a 36-byte packet with
 * that timestamp and its network header set; a cell whose bytes are not an IPv4 header of 20
 * bytes (IP options, or not IP) goes to output 1, or is a counted drop ("not a 20-byte IP
 * header"; Click frees it).  FORMAT fr (24-byte cells without a packet) yields no packets, as
 * in Click; guess takes the format from the file name (.fr, .tsh, under .gz, .z or .bz2) or
 * tsh (a .fr+ name too: Click's test for it never holds).  The file is opened as Click's FromFile (standard/ckfromfile.h); a partial last
 * cell ends the trace.  START, START_AFTER, END, END_AFTER, INTERVAL and END_CALL work as in
 * FromDump (standard/cktracetimes.h); SAMPLE draws with click_random() (RandomSeed: Click's
 * choices); TIMING keeps the trace's pacing.  At the end (or END) the END_CALL runs: by
 * default the element's "stop" with STOP, "active false" with an END, else nothing.  FILEPOS
 * is refused at initialization. */
#include <errno.h>
#include <strings.h>

#include "standard/ckbool.h"
#include "standard/cksource.h"
#include "standard/ckrandom.h"
#include "standard/ckfromfile.h"
#include "standard/cktracetimes.h"

enum { ELEM(fr), ELEM(frplus), ELEM(tsh) };

static FILE *ELEM(f);
static int ELEM(piped), ELEM(format), ELEM(cell_size), ELEM(dlt_raw);
static int ELEM(active), ELEM(ended), ELEM(eof), ELEM(live);
static uint32_t ELEM(sampling_prob);
static uint64_t ELEM(filepos), ELEM(packet_filepos);
static ck_trace_times ELEM(times);
static ck_packet *ELEM(held);
static int64_t ELEM(timing_offset);
static int ELEM(have_timing_offset);

static void ELEM(update_live)(void) { ck_source_set_live(ELEM(active) && !ELEM(ended), &ELEM(live)); }

#include "standard/cktraceend.h"

static int ELEM(guess)(const char *name)
{
    size_t n = strlen(name);
    static const char *const packed[] = {".gz", ".z", ".bz2"};
    for (int i = 0; i < 3; i++) {
        size_t k = strlen(packed[i]);
        if (n >= k && !strcasecmp(name + n - k, packed[i])) {
            n -= k;
            break;
        }
    }
    /* Click's test for ".fr+" compares a 3-character suffix with it, so it never holds: a
     * ".fr+" name is guessed tsh, with the warning (real Click does so) */
    if (n >= 3 && !strncasecmp(name + n - 3, ".fr", 3))
        return ELEM(fr);
    return ELEM(tsh);
}

static int ELEM(init)(ck_errh *errh)
{
#if CONF_GIVEN(FILEPOS)
    return ck_error(errh, "FILEPOS is not supported by clickc yet");
#endif
#include "standard/cktracetimes_conf.h"
    const char *fmt = CONF(FORMAT);
    ELEM(format) = !strcasecmp(fmt, "fr") ? ELEM(fr) : !strcasecmp(fmt, "fr+") ? ELEM(frplus)
                 : !strcasecmp(fmt, "tsh") ? ELEM(tsh) : ELEM(guess)(CONF(FILENAME));
    ELEM(cell_size) = ELEM(format) == ELEM(fr) ? 24 : 44;
    ELEM(dlt_raw) = ck_dlt_parse("IP");
    ELEM(init_end_call)();
    ELEM(active) = (int)CONF(ACTIVE);
    ELEM(sampling_prob) = ck_fromfile_sample(CONF_GIVEN(SAMPLE), (uint32_t)CONF(SAMPLE), errh);
    if (ck_fromfile_open_or_error(CONF(FILENAME), &ELEM(f), &ELEM(piped), errh) < 0)
        return -1;
    ELEM(update_live)();
    return 0;
}

static void ELEM(finish)(void)
{
    if (ELEM(ended) && ELEM(eof))
        return;
    ELEM(ended) = ELEM(eof) = 1;
    ELEM(update_live)();
    ELEM(call_end)();
}

/* The next cell's packet, NULL at the end (after finish) or when END made the element
 * inactive; skipped records are read past. */
static ck_packet *ELEM(read_packet)(void)
{
    for (;;) {
        unsigned char cell[44];
        if (!ELEM(f) || ELEM(format) == ELEM(fr)
            || fread(cell, 1, (size_t)ELEM(cell_size), ELEM(f)) != (size_t)ELEM(cell_size)) {
            ELEM(finish)();
            return NULL;
        }
        ELEM(packet_filepos) = ELEM(filepos);
        ELEM(filepos) += (uint64_t)ELEM(cell_size);
        uint32_t sec = (uint32_t)cell[0] << 24 | (uint32_t)cell[1] << 16 | (uint32_t)cell[2] << 8
                       | cell[3];
        uint32_t usec = (uint32_t)cell[4] << 24 | (uint32_t)cell[5] << 16 | (uint32_t)cell[6] << 8
                        | cell[7];
        int64_t ts = (int64_t)sec * 1000000000
                   + (int64_t)(ELEM(format) == ELEM(tsh) ? usec & 0xFFFFFF : usec) * 1000;
        if (ck_trace_times_before(&ELEM(times), ts))
            continue;
        while (ck_trace_times_past_end(&ELEM(times), ts)) {
            ELEM(call_end)();
            if (!ELEM(active)) {
                ELEM(ended) = 1;
                ELEM(update_live)();
                return NULL;
            }
        }
        if (!ck_fromfile_sampled(ELEM(sampling_prob)))
            continue;
        ck_packet *p = ck_packet_make(cell + 8, 36);
        if (!p) {
            ck_count_drop(ELEMENT_INDEX, "out of memory");
            continue;
        }
        p->ts_ns = ts;
        if (ELEM(format) == ELEM(tsh))
            p->anno[PAINT_ANNO_OFFSET] = (unsigned char)(usec >> 24);
        if (!ck_force_ip(p, ELEM(dlt_raw)) || ck_transport_header(p) - ck_network_header(p) != 20) {
            if (NOUTPUTS > 1)
                OUTPUT(1, p);
            else
                ck_drop(p, ELEMENT_INDEX, "not a 20-byte IP header");
            continue;
        }
        return p;
    }
}

static CK_UNUSED ck_packet *ELEM(next)(void)
{
    if (!ELEM(active))
        return NULL;
    ck_packet *p = ELEM(held);
    ELEM(held) = NULL;
    if (!p && !(p = ELEM(read_packet)()))
        return NULL;
    if (CONF(TIMING)
        && !ck_trace_timing_due(&ELEM(timing_offset), &ELEM(have_timing_offset), p->ts_ns)) {
        ELEM(held) = p;
        return NULL;
    }
    return ck_source_took(p, NULL);
}
#include "standard/cksource_task.h"

#define CK_FF_ACTIVE_MSG "type mismatch"
#define CK_FF_FILENAME CONF(FILENAME)
#define CK_FF_COMPRESSED ELEM(piped)
#include "standard/ckfromfile_handlers.h"
CK_DATA_READ_STRING(filename, CONF(FILENAME));
CK_DATA_READ(packet_filepos, ELEM(packet_filepos));

/* stopped by the time window, not by the file: go on */
#define CK_TR_ON_EXTEND ELEM(ended) = ELEM(eof), ELEM(update_live)()
#include "standard/cktracereader.h"
