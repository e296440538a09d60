/* FromDump(FILENAME [, TIMING, STOP, ACTIVE, FORCE_IP, END_CALL, BURST]): reads packets from
 * a pcap file with libpcap and emits them, one per task run in push context (Click's
 * elements/userlevel/fromdump.cc), or up to BURST per run (FastClick's keyword; default 1).
 *
 * Each packet keeps its capture timestamp (nanoseconds when the file has them), its MAC header
 * at the start of the data, and EXTRA_LENGTH = original length - captured length.  With
 * FORCE_IP (implied by link type IP) the IP header is located (ck_force_ip) and packets without
 * one leave on output 1, or are dropped (reason "not IP") when output 1 does not exist.  At the
 * end of the file FromDump calls END_CALL, or stops the router with STOP true.
 *
 * Malformed files behave as in Click: a file that is empty, shorter than a pcap header, has a
 * bad magic number or an unknown major version fails initialization with Click's message; a
 * truncated record ends the file silently; a captured length over 65535 reports "bad packet
 * header; giving up" and ends the file; zero-length records are emitted as empty packets; an
 * unknown link type is read as is (FORCE_IP then fails initialization).  Classic pcap records
 * are read by runtime/pcapfile.c with Click's record semantics (a record longer than the
 * file's snaplen keeps its bytes; a captured length of 0xFFFFFFFF is a packet of the whole
 * buffer, MMAP choosing Click's buffer size); other formats (pcapng, modified pcap) by
 * libpcap.  END_CALL (or STOP's
 * "NAME.stop") is called at the end of the time window and again at the end of the file, as
 * Click's FromDump::run_task does.
 *
 * START/START_AFTER skip packets before a time (absolute, or relative to the first packet);
 * END/END_AFTER/INTERVAL end the file at a time (absolute, relative to the first packet, or to
 * the start), calling END_CALL, or stopping the router with STOP, or else setting ACTIVE false,
 * as Click's FromDump::read_packet.  SAMPLE keeps each packet with that probability (a fixed
 * pseudo-random sequence, so runs repeat).  FILEPOS is not implemented (an initialization
 * error when given).
 *
 * SHARD K of SHARDS N (clickc's keywords; flow-split's sharded file sources, docs/passes.md):
 * this copy emits only the records that a HashSwitch(SHARD_OFFSET, SHARD_LENGTH) with N
 * outputs would send to output K (standard/ckhashswitch.h), reading the others' headers and
 * key bytes only; the N copies of one file (same FILENAME, SHARDS, SHARD_OFFSET, SHARD_LENGTH)
 * are one source group whose END_CALL or STOP runs once, when the last copy ends
 * (ck_source_group_leave). */
#include <pcap/pcap.h>
#include "pcapfile.h"
#include "standard/ckbool.h"
#include "standard/cksource.h"
#include "standard/cktracetimes.h"
#include "standard/ckhashswitch.h"
#include <stdio.h>
#include <errno.h>

static pcap_t *ELEM(pcap);
static const char *ELEM(filename);
static int ELEM(dlt) = -1;
static int ELEM(force_ip);
static int ELEM(active);
static uint32_t ELEM(burst) = 1; /* packets per task run (BURST, as FastClick's FromDump) */
static int ELEM(timing);
static int64_t ELEM(timing_offset); /* monotonic - packet time, set by the first packet */
static int ELEM(have_timing_offset);
static uint64_t ELEM(count);
static char *ELEM(end_call);
static int ELEM(live);    /* counted in ck_source_active */
static int ELEM(at_eof);  /* the file is finished */
static ck_packet *ELEM(held); /* read but not yet emitted (TIMING) */
static long long ELEM(filepos); /* offset of the next record (classic pcap files) */
static int ELEM(classic);       /* classic pcap (not pcapng): read by ELEM(reader) */
static ck_pcap_reader ELEM(reader);
static FILE *ELEM(file);        /* ELEM(reader)'s file */
static char ELEM(context)[512];
/* Time window (Click's FromDump: _first_time, _last_time and their flags), nanoseconds */
static ck_trace_times ELEM(times);
static uint32_t ELEM(sample) = 1u << 16; /* probability in units of 2^-16 */
static uint64_t ELEM(rng) = 0x9E3779B97F4A7C15ull;
/* SHARD/SHARDS: this copy's share of the file; the source group's key while it is counted in
 * the group (joined at initialization, left at the end or at cleanup) */
static int ELEM(shards) = 1, ELEM(shard);
static uint32_t ELEM(shard_off), ELEM(shard_len);
static char ELEM(group)[300];
static int ELEM(grouped);
/* SHARDS on a mapped file: the header offsets of this copy's next records, found ahead by
 * ELEM(scan_ahead) ([iahead, nahead) pending), and the position after the last record it
 * scanned.  ELEM(reader).pos stays the position after the last record emitted (what
 * packet_filepos reads and a hot swap moves): nothing read ahead is lost at a swap. */
#define CK_FD_AHEAD 16
static uint64_t ELEM(ahead)[CK_FD_AHEAD];
static int ELEM(iahead), ELEM(nahead);
static uint64_t ELEM(scan_pos);

static CK_UNUSED void ELEM(set_live)(int live)
{
    if (live != ELEM(live)) {
        ck_source_active(live ? 1 : -1);
        ELEM(live) = live;
    }
}

/* Read the classic pcap file header of fn: with keep, a classic file stays open for
 * ELEM(reader).  With report, a file Click refuses fails with Click's message
 * (FromDump::initialize, FromFile): -1; otherwise 0. */
static CK_UNUSED int ELEM(check_header)(ck_errh *errh, const char *fn, int report, int keep)
{
    FILE *f = fopen(fn, "rb");
    if (!f)
        return report ? ck_error(errh, "%s: %s", fn, strerror(errno)) : -1;
    /* The file exists: Click's context names it, "While initializing 'fd :: FromDump(FILE)'". */
    if (errh && errh->context && !errh->context_printed) {
        snprintf(ELEM(context), sizeof ELEM(context), "While initializing '%s :: FromDump(%s)':",
                 ELEMENT_NAME, fn);
        errh->context = ELEM(context);
    }
    ck_pcap_reader r;
    int st = ck_pcap_open(&r, f, CONF(MMAP) ? CK_PCAP_MMAP_UNIT : CK_PCAP_READ_UNIT);
    if (st == CK_PCAP_OK && keep) {
        ELEM(reader) = r;
        ELEM(file) = f;
        ELEM(classic) = 1;
        ELEM(filepos) = (long long)r.pos;
        return 0;
    }
    ck_pcap_close(&r);
    fclose(f);
    if (st == CK_PCAP_OK || st == CK_PCAP_OTHER || !report)
        return 0; /* libpcap's answer decides */
    if (st == CK_PCAP_EMPTY)
        return ck_error_at(errh, fn, "empty file");
    if (st == CK_PCAP_SHORT)
        return ck_error_at(errh, fn, "not a tcpdump file (too short)");
    if (st == CK_PCAP_BAD_MAGIC)
        return ck_error_at(errh, fn, "not a tcpdump file (bad magic number)");
    return ck_error_at(errh, fn, "unknown major version %d", r.major);
}

/* After pcap_next_ex failed (files that are not classic pcap): Click ends silently on a
 * truncated record and reports other errors ("bad packet header; giving up"). */
static CK_UNUSED void ELEM(diagnose_read_error)(void)
{
    if (strstr(pcap_geterr(ELEM(pcap)), "truncated") == NULL)
        ck_chatter("%s: bad packet header; giving up", ELEM(filename));
}

/* Close the classic reader's file and its mapping (a predecessor whose file a hot swap moved
 * away has none: the mapping went with the file). */
static CK_UNUSED void ELEM(close_file)(void)
{
    if (!ELEM(file))
        return;
    ck_pcap_close(&ELEM(reader));
    fclose(ELEM(file));
    ELEM(file) = NULL;
}

static int
ELEM(init)(ck_errh *errh)
{
#if CONF_GIVEN(FILEPOS)
    return ck_error(errh, "FILEPOS is not supported by clickc yet");
#endif
#if CONF_GIVEN(SAMPLE)
    if ((uint64_t)CONF(SAMPLE) > (1u << 16)) {
        ck_warning(errh, "SAMPLE probability reduced to 1");
        ELEM(sample) = 1u << 16;
    } else {
        ELEM(sample) = (uint32_t)CONF(SAMPLE);
        if (ELEM(sample) == 0)
            ck_warning(errh, "SAMPLE probability is 0; emitting no packets");
    }
#endif
#include "standard/cktracetimes_conf.h"
    ELEM(filename) = CONF(FILENAME);
    ELEM(active) = (int)CONF(ACTIVE);
    ELEM(burst) = CONF(BURST) ? (uint32_t)CONF(BURST) : 1u;
    ELEM(timing) = (int)CONF(TIMING);
    ELEM(force_ip) = (int)CONF(FORCE_IP);
#if CONF_GIVEN(END_CALL)
    if (CONF(STOP))
        return ck_error(errh, "END_CALL and STOP are mutually exclusive");
    ELEM(end_call) = ck_strdup(CONF(END_CALL));
#else
    /* Click: STOP calls this element's "stop" handler (inactive, router stops); an END alone
     * sets it inactive. */
    char call[300];
    if (CONF(STOP)) {
        snprintf(call, sizeof call, "%s.stop", ELEMENT_NAME);
        ELEM(end_call) = ck_strdup(call);
    } else if (ELEM(times).have_last) {
        snprintf(call, sizeof call, "%s.active false", ELEMENT_NAME);
        ELEM(end_call) = ck_strdup(call);
    }
#endif
    char errbuf[PCAP_ERRBUF_SIZE];
    errbuf[0] = '\0';
    ELEM(pcap) = pcap_open_offline_with_tstamp_precision(ELEM(filename), PCAP_TSTAMP_PRECISION_NANO,
                                                         errbuf);
    if (!ELEM(pcap)) {
        if (ELEM(check_header)(errh, ELEM(filename), 1, 0) < 0)
            return -1;
        return ck_error_at(errh, ELEM(filename), "%s", errbuf);
    }
    (void)ELEM(check_header)(errh, ELEM(filename), 0, 1);
    ELEM(dlt) = pcap_datalink(ELEM(pcap));
    if (ELEM(force_ip)) {
        if (!ck_dlt_force_ipable(ELEM(dlt))) {
            int linktype = ELEM(dlt) == DLT_RAW ? 101 : ELEM(dlt);
            return ck_error_at(errh, ELEM(filename), "unknown linktype %d; can't force IP packets",
                               linktype);
        }
    } else if (ELEM(dlt) == DLT_RAW)
        ELEM(force_ip) = 1;
    if (CONF(SHARDS) > 1) {
        if (ELEM(timing) || ELEM(sample) < (1u << 16) ||
            ELEM(times).have_first || ELEM(times).have_last)
            return ck_error(errh, "SHARDS: not with TIMING, SAMPLE or a time window (START, END, "
                                  "INTERVAL): each shard would pace, sample or end on its own");
        if (CONF(SHARD) >= CONF(SHARDS) || CONF(SHARDS) > 256)
            return ck_error(errh, "SHARD must be less than SHARDS (at most 256)");
        if (CONF(SHARD_LENGTH) == 0 || CONF(SHARD_LENGTH) > 64)
            return ck_error(errh, "SHARD_LENGTH must be 1 to 64 bytes with SHARDS");
        ELEM(shards) = (int)CONF(SHARDS);
        ELEM(shard) = (int)CONF(SHARD);
        ELEM(shard_off) = (uint32_t)CONF(SHARD_OFFSET);
        ELEM(shard_len) = (uint32_t)CONF(SHARD_LENGTH);
        snprintf(ELEM(group), sizeof ELEM(group), "FromDump|%s|%d|%u|%u", ELEM(filename),
                 ELEM(shards), ELEM(shard_off), ELEM(shard_len));
        ELEM(grouped) = ck_source_group_join(ELEM(group)) > 0;
    }
    ELEM(set_live)(ELEM(active));
    return 0;
}

static void
ELEM(cleanup)(void)
{
    if (ELEM(held))
        ck_packet_kill(ELEM(held));
    ELEM(held) = NULL;
    if (ELEM(pcap))
        pcap_close(ELEM(pcap));
    ELEM(pcap) = NULL;
    ELEM(close_file)();
    free(ELEM(end_call));
    ELEM(end_call) = NULL;
    ELEM(set_live)(0);
    if (ELEM(grouped))
        (void)ck_source_group_leave(ELEM(group));
    ELEM(grouped) = 0;
}

#ifdef CK_HOT
/* clickc run -R (ElementSpec.hot): a FromDump of the same FILENAME goes on where its
 * predecessor was (its open file, position, held packet and count move; its own are closed) */
static CK_UNUSED int ELEM(hot_take)(const ck_hot_elem *old, ck_errh *errh)
{
    (void)errh;
    if (!CK_HOT_SAME_STRING(old, filename))
        return 0;
    if (ELEM(held))
        ck_packet_kill(ELEM(held));
    if (ELEM(pcap))
        pcap_close(ELEM(pcap));
    ELEM(close_file)();
    ELEM(held) = NULL;
    ELEM(pcap) = NULL;
    CK_HOT_MOVE(old, pcap);
    CK_HOT_MOVE(old, file);
    CK_HOT_MOVE(old, held);
    CK_HOT_MOVE(old, reader);
    CK_HOT_COPY(old, filepos);
    CK_HOT_COPY(old, classic);
    CK_HOT_COPY(old, dlt);
    CK_HOT_COPY(old, count);
    CK_HOT_COPY(old, at_eof);
    CK_HOT_COPY(old, timing_offset);
    CK_HOT_COPY(old, have_timing_offset);
    ELEM(set_live)(ELEM(active) && !ELEM(at_eof));
    if (ELEM(at_eof) && ELEM(grouped)) {
        /* a shard whose predecessor had ended: it left the source group then, and so does
         * this one, which will not end again (the last running shard ends the group) */
        ELEM(grouped) = 0;
        (void)ck_source_group_leave(ELEM(group));
    }
    return 0;
}
#endif

/* The end of the file: no more packets; END_CALL or STOP. */
static CK_UNUSED void ELEM(finish)(void)
{
    if (ELEM(at_eof))
        return;
    ELEM(at_eof) = 1;
    ELEM(set_live)(0);
    if (ELEM(grouped)) {
        ELEM(grouped) = 0;
        if (ck_source_group_leave(ELEM(group)) > 0)
            return; /* another shard of the file is still reading: the last one ends it */
    }
    if (ELEM(end_call)) {
        ck_errh errh;
        ck_errh_init(&errh, ELEMENT_LANDMARK, NULL);
        (void)ck_call_write_text(ELEM(end_call), &errh);
    }
}

/* Whether this copy emits the record (SHARDS: its HashSwitch choice is SHARD); data holds
 * the record's first len bytes (libpcap's reader), or NULL to peek at them in the file. */
static CK_UNUSED int ELEM(own_record)(const ck_pcap_record *rec, const unsigned char *data,
                                      uint32_t len)
{
    if (ELEM(shards) <= 1)
        return 1;
    unsigned char key[64];
    if (!data && (data = ck_pcap_mapped(&ELEM(reader), rec)) != NULL)
        len = rec->data_len; /* the key in place: no copy */
    else if (!data) {
        len = (uint32_t)ck_pcap_peek(&ELEM(reader), rec, ELEM(shard_off), key, ELEM(shard_len));
        data = key;
        if (len < ELEM(shard_len))
            return ELEM(shard) == 0; /* shorter than the key: HashSwitch's output 0 */
        return ck_hashswitch_choice(data, len, 0, len, ELEM(shards)) == ELEM(shard);
    }
    return ck_hashswitch_choice(data, len, ELEM(shard_off), ELEM(shard_len), ELEM(shards)) ==
           ELEM(shard);
}

/* SHARDS: find this copy's next records ahead in the mapped file (at most CK_FD_AHEAD of them,
 * scanning at most 4 * CK_FD_AHEAD records), with no branch on whose each record is (half of
 * them are another copy's, at random: a branch would be mispredicted every other record).
 * Stops at a record ck_pcap_next_inline would not read inline (the end of the mapping, a
 * header the plain reader must judge), which read_packet then reads as before. */
static CK_UNUSED void ELEM(scan_ahead)(void)
{
    ck_pcap_reader *r = &ELEM(reader);
    if (ELEM(scan_pos) > r->pos)
        r->pos = ELEM(scan_pos); /* the records after the last one emitted were others' */
    ELEM(iahead) = ELEM(nahead) = 0;
    uint64_t pos = r->pos;
    int n = 0;
    for (int i = 0; i < 4 * CK_FD_AHEAD && n < CK_FD_AHEAD; i++) {
        int64_t cap = ck_pcap_inline_caplen(r, pos);
        if (cap < 0 || r->map_len - pos - 16 < (uint64_t)cap)
            break; /* ck_pcap_next's case, or bytes past the mapping */
        int mine = ck_hashswitch_choice(r->map + pos + 16, (uint64_t)cap, ELEM(shard_off),
                                        ELEM(shard_len), ELEM(shards)) == ELEM(shard);
        ELEM(ahead)[n] = pos;
        n += mine;
        pos += 16 + (uint64_t)cap;
    }
    ELEM(nahead) = n;
    ELEM(scan_pos) = pos;
    if (n == 0)
        r->pos = pos; /* every record scanned was another copy's */
}

/* A record read_packet skipped (before START, not sampled): a sentinel, never a packet. */
static ck_packet ELEM(skip_sentinel);
#define CK_FD_SKIPPED (&ELEM(skip_sentinel))

/* Read the next record into a packet; NULL at the end of the file (after finish()), or
 * CK_FD_SKIPPED for a record not emitted. */
static CK_UNUSED ck_packet *ELEM(read_packet)(void)
{
    if (ELEM(at_eof) || !ELEM(pcap))
        return NULL;
    ck_pcap_record rec = {0};
    const u_char *bytes = NULL;
    int64_t ts;
    if (ELEM(classic)) {
        int r = 0;
        if (ELEM(shards) > 1) { /* this copy's next record, found ahead */
            while (ELEM(iahead) == ELEM(nahead)) {
                uint64_t before = ELEM(reader).pos;
                ELEM(scan_ahead)();
                if (ELEM(nahead) == 0 && ELEM(reader).pos == before)
                    break; /* nothing more to read inline */
            }
            if (ELEM(iahead) < ELEM(nahead)) {
                ELEM(reader).pos = ELEM(ahead)[ELEM(iahead)++];
                r = ck_pcap_next_inline(&ELEM(reader), &rec); /* 1: scan_ahead checked it */
            }
        }
        if (r != 1)
            while ((r = ck_pcap_next_inline(&ELEM(reader), &rec)) == 1 &&
                   !ELEM(own_record)(&rec, NULL, 0))
                ; /* another shard's record (SHARDS) */
        if (r != 1) {
            if (r < 0)
                ck_chatter("%s: bad packet header; giving up", ELEM(filename));
            ELEM(finish)();
            return NULL;
        }
        ELEM(filepos) = (long long)ELEM(reader).pos;
        ts = rec.ts_ns;
    } else {
        struct pcap_pkthdr *h;
        int r;
        while ((r = pcap_next_ex(ELEM(pcap), &h, &bytes)) == 1 && h->caplen <= 65535 &&
               !ELEM(own_record)(&rec, bytes, h->caplen > h->len ? h->len : h->caplen))
            ; /* another shard's record (SHARDS) */
        if (r != 1) {
            /* -2: end of file. -1: a truncated record (Click stops silently) or a bad header. */
            if (r == -1)
                ELEM(diagnose_read_error)();
            ELEM(finish)();
            return NULL;
        }
        if (h->caplen > 65535) {
            ck_chatter("%s: bad packet header; giving up", ELEM(filename));
            ELEM(finish)();
            return NULL;
        }
        rec.data_len = h->caplen > h->len ? h->len : h->caplen; /* tcptrace's off-by-one */
        rec.pad = 0;
        rec.extra_length = h->len - rec.data_len;
        ts = (int64_t)h->ts.tv_sec * 1000000000 + (int64_t)h->ts.tv_usec; /* ns precision */
    }
    if (ck_trace_times_before(&ELEM(times), ts))
        return CK_FD_SKIPPED;
    while (ck_trace_times_past_end(&ELEM(times), ts)) {
        if (ELEM(end_call)) {
            ck_errh errh;
            ck_errh_init(&errh, ELEMENT_LANDMARK, NULL);
            (void)ck_call_write_text(ELEM(end_call), &errh);
        }
        if (!ELEM(active)) {
            ELEM(at_eof) = 1;
            ELEM(set_live)(0);
            return NULL;
        }
    }
    if (ELEM(sample) < (1u << 16)) {
        ELEM(rng) ^= ELEM(rng) << 13, ELEM(rng) ^= ELEM(rng) >> 7, ELEM(rng) ^= ELEM(rng) << 17;
        if ((uint32_t)(ELEM(rng) >> 40 & 0xFFFF) >= ELEM(sample))
            return CK_FD_SKIPPED;
    }
    ck_packet *p = bytes ? ck_packet_make(bytes, rec.data_len)
                         : ck_packet_alloc(rec.data_len + rec.pad);
    if (!p) {
        ck_count_drop(ELEMENT_INDEX, "out of memory");
        return NULL;
    }
    if (!bytes && ck_pcap_data(&ELEM(reader), &rec, p->data) < 0) {
        ck_packet_kill(p); /* a truncated record: Click ends silently */
        ELEM(finish)();
        return NULL;
    }
    p->ts_ns = ts;
    ck_set_anno_u32(p, EXTRA_LENGTH_ANNO_OFFSET, rec.extra_length);
    ck_set_mac_header(p, p->data);
    return p;
}

/* Apply FORCE_IP: returns p, or NULL after sending a non-IP packet to output 1 / dropping. */
static CK_UNUSED ck_packet *ELEM(check_ip)(ck_packet *p)
{
    if (!ELEM(force_ip) || ck_force_ip(p, ELEM(dlt)))
        return p;
    if (NOUTPUTS > 1 && OUTPUT_IS_PUSH(1))
        OUTPUT(1, p);
    else
        ck_drop(p, ELEMENT_INDEX, "not IP");
    return NULL;
}

/* The next packet to emit, honoring TIMING; NULL when none is due (or the file ended). */
static CK_UNUSED ck_packet *ELEM(fetch)(void)
{
    for (int retry = 0; retry < 16; retry++) {
        ck_packet *p = ELEM(held);
        ELEM(held) = NULL;
        if (!p && !(p = ELEM(read_packet)()))
            return NULL;
        if (p == CK_FD_SKIPPED)
            continue;
        if (ELEM(timing)
            && !ck_trace_timing_due(&ELEM(timing_offset), &ELEM(have_timing_offset), p->ts_ns)) {
            ELEM(held) = p;
            return NULL;
        }
        if ((p = ELEM(check_ip)(p)) != NULL)
            return p;
    }
    return NULL;
}

/* The next packet to send while ACTIVE, counted (standard/cksource_task.h). */
static CK_UNUSED ck_packet *ELEM(next)(void)
{
    return ELEM(active) ? ck_source_took(ELEM(fetch)(), &ELEM(count)) : NULL;
}
#define SOURCE_BURST ELEM(burst)
#include "standard/cksource_task.h"

#include "standard/ckdata.h"
CK_DATA_READ(count, ELEM(count));
CK_DATA_READ_BOOL(active, ELEM(active));
CK_DATA_READ_WITH(encap, ck_dlt_unparse, ELEM(dlt));
CK_DATA_READ_WITH(sampling_prob, ck_unparse_real2, ELEM(sample), 16);
CK_DATA_READ_STRING(filename, ELEM(filename) ? ELEM(filename) : "");
CK_DATA_READ(packet_filepos, ELEM(classic) ? ELEM(filepos) : 0LL);
CK_DATA_WRITE_BOOL_THEN(active, ELEM(active), "type mismatch",
                        ELEM(set_live)(ELEM(active) && !ELEM(at_eof)));

static CK_UNUSED int ELEM(write_stop)(const char *value, ck_errh *errh)
{
    (void)value, (void)errh;
    ELEM(active) = 0;
    ELEM(set_live)(0);
    ck_router_stop();
    return 0;
}

static CK_UNUSED int ELEM(write_reset_counts)(const char *value, ck_errh *errh)
{
    (void)value, (void)errh;
    ELEM(count) = 0;
    return 0;
}

static CK_UNUSED int ELEM(write_reset_timing)(const char *value, ck_errh *errh)
{
    (void)value, (void)errh;
    ELEM(have_timing_offset) = 0;
    ELEM(times).first_relative = ELEM(times).last_relative = ELEM(times).last_interval = 0;
    ELEM(times).have_any = 0;
    return 0;
}

/* stopped by the time window, not by the file: go on */
#define CK_TR_ON_EXTEND                        \
    do {                                       \
        if (ELEM(at_eof) && ELEM(pcap))        \
            ELEM(at_eof) = 0;                  \
        ELEM(set_live)(!ELEM(at_eof));         \
    } while (0)
#include "standard/cktraceextend.h"
#undef CK_FD_SKIPPED
