/* ToDump(FILENAME [, SNAPLEN, ENCAP, EXTRA_LENGTH, UNBUFFERED, NANO]): writes every packet to a
 * pcap file with libpcap (pcap_dump), then passes it on to output 0 when that exists (Click's
 * elements/userlevel/todump.cc).  In pull context with no output, a task pulls one packet per
 * run.  FILENAME "-" is standard output.  A packet's timestamp is written as is (the current
 * time when unset); the original length is the packet length plus EXTRA_LENGTH (unless
 * EXTRA_LENGTH false); at most SNAPLEN bytes are captured (0: no limit).  NANO defaults to true,
 * as in Click builds with nanosecond timestamps, so timestamps survive a FromDump -> ToDump
 * round trip exactly.  USE_ENCAP_FROM is not implemented.
 * Concurrency (docs/concurrency.md): with ELEMENT_NTHREADS > 1 (several threads push into one
 * ToDump) each record is written under a lock (standard/ckstat.h CK_ELEMENT_LOCK), so records
 * never interleave; the count and the active flag are relaxed atomics. */
#include "standard/ckstat.h"
#include <pcap/pcap.h>
#include <stdio.h>
#include <errno.h>

static pcap_t *ELEM(pcap);
static pcap_dumper_t *ELEM(dumper);
static const char *ELEM(filename);
static uint32_t ELEM(snaplen);
static int ELEM(extra_length);
static int ELEM(active);
static int ELEM(nano);
static uint64_t ELEM(count);
static CK_UNUSED ck_elem_lock ELEM(lock);

static CK_UNUSED int ELEM(encap_by_name)(const char *name) { return ck_dlt_parse(name); }
static CK_UNUSED int ELEM(encap_by_number)(long dlt) { return (int)dlt; }

static int
ELEM(init)(ck_errh *errh)
{
#if CONF_GIVEN(USE_ENCAP_FROM)
    return ck_error(errh, "USE_ENCAP_FROM is not supported by clickc yet");
#endif
    int dlt = DLT_EN10MB;
#if CONF_GIVEN(ENCAP)
    dlt = _Generic((CONF(ENCAP)), char *: ELEM(encap_by_name), const char *: ELEM(encap_by_name),
                   default: ELEM(encap_by_number))(CONF(ENCAP));
    if (dlt < 0)
        return ck_error(errh, "bad encapsulation type");
#endif
    ELEM(filename) = CONF(FILENAME);
    ELEM(snaplen) = (uint32_t)CONF(SNAPLEN);
    if (ELEM(snaplen) == 0)
        ELEM(snaplen) = 0xFFFFFFFFu;
    ELEM(extra_length) = (int)CONF(EXTRA_LENGTH);
#if CONF_GIVEN(NANO)
    ELEM(nano) = (int)CONF(NANO);
#else
    ELEM(nano) = 1;
#endif
#ifdef CK_HOT
    /* clickc run -R: a predecessor writing the same file hands its dumper over (ELEM(hot_take));
     * opening the file again would truncate what it wrote */
    if (ck_hot_predecessor() && CK_HOT_SAME_STRING(ck_hot_predecessor(), filename)) {
        ELEM(active) = 1;
        return 0;
    }
#endif
    int header_snaplen = ELEM(snaplen) > 0x7FFFFFFFu ? 0x7FFFFFFF : (int)ELEM(snaplen);
    ELEM(pcap) = pcap_open_dead_with_tstamp_precision(
        dlt, header_snaplen, ELEM(nano) ? PCAP_TSTAMP_PRECISION_NANO : PCAP_TSTAMP_PRECISION_MICRO);
    if (!ELEM(pcap))
        return ck_error(errh, "out of memory");
    errno = 0;
    ELEM(dumper) = pcap_dump_open(ELEM(pcap), ELEM(filename));
    if (!ELEM(dumper)) {
        int e = errno;
        if (e)
            return ck_error(errh, "%s: %s", ELEM(filename), strerror(e));
        return ck_error(errh, "%s: %s", ELEM(filename), pcap_geterr(ELEM(pcap)));
    }
    if (CONF(UNBUFFERED))
        setvbuf(pcap_dump_file(ELEM(dumper)), NULL, _IONBF, 0);
    ELEM(active) = 1;
    return 0;
}

static void
ELEM(cleanup)(void)
{
    if (ELEM(dumper)) {
        if (strcmp(ELEM(filename), "-") == 0)
            pcap_dump_flush(ELEM(dumper)); /* libpcap closes stdout on pcap_dump_close */
        else
            pcap_dump_close(ELEM(dumper));
    }
    ELEM(dumper) = NULL;
    if (ELEM(pcap))
        pcap_close(ELEM(pcap));
    ELEM(pcap) = NULL;
}

#ifdef CK_HOT
/* clickc run -R (ElementSpec.hot): the same FILENAME goes on in the same file, in order */
static CK_UNUSED int ELEM(hot_take)(const ck_hot_elem *old, ck_errh *errh)
{
    (void)errh;
    if (!CK_HOT_SAME_STRING(old, filename))
        return 0;
    CK_HOT_MOVE(old, pcap);
    CK_HOT_MOVE(old, dumper);
    CK_HOT_COPY(old, count);
    return 0;
}
#endif

static CK_UNUSED void ELEM(write_packet)(ck_packet *p)
{
    struct pcap_pkthdr h;
    int64_t ts = p->ts_ns ? p->ts_ns : ck_now_ns();
    h.ts.tv_sec = (time_t)(ts / 1000000000);
    long sub = (long)(ts % 1000000000);
    if (sub < 0) {
        sub += 1000000000;
        h.ts.tv_sec -= 1;
    }
    h.ts.tv_usec = (suseconds_t)(ELEM(nano) ? sub : sub / 1000);
    uint32_t to_write = p->len;
    h.len = to_write + (ELEM(extra_length) ? ck_anno_u32(p, EXTRA_LENGTH_ANNO_OFFSET) : 0);
    if (to_write > ELEM(snaplen))
        to_write = ELEM(snaplen);
    h.caplen = to_write;
    CK_ELEMENT_LOCK(ELEM(lock));
    if (!CK_STAT_LOAD(ELEM(active))) { /* another thread hit an error meanwhile */
        CK_ELEMENT_UNLOCK(ELEM(lock));
        return;
    }
    pcap_dump((u_char *)ELEM(dumper), &h, p->data);
    FILE *f = pcap_dump_file(ELEM(dumper));
    if (ferror(f)) {
        CK_STAT_STORE(ELEM(active), 0);
        ck_chatter("ToDump(%s): %s", ELEM(filename), strerror(errno ? errno : EIO));
    } else
        CK_STAT_ADD(ELEM(count), 1);
    CK_ELEMENT_UNLOCK(ELEM(lock));
}

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    if (CK_STAT_LOAD(ELEM(active)))
        ELEM(write_packet)(p);
    if (NOUTPUTS > 0)
        OUTPUT(0, p);
    else
        ck_packet_kill(p);
}

static CK_UNUSED ck_packet *ELEM(pull)(int port)
{
    (void)port;
    ck_packet *p = INPUT_PULL(0);
    if (p && CK_STAT_LOAD(ELEM(active)))
        ELEM(write_packet)(p);
    return p;
}

static CK_UNUSED int ELEM(run_task)(void)
{
    if (INPUT_IS_PUSH(0) || NOUTPUTS > 0 || !ELEM(active))
        return 0;
    ck_packet *p = INPUT_PULL(0);
    if (!p)
        return 0;
    ELEM(write_packet)(p);
    ck_packet_kill(p);
    return 1;
}

#include "standard/ckdata.h"
CK_DATA_READ_STRING(filename, strcmp(ELEM(filename), "-") == 0 ? "<stdout>" : ELEM(filename));
CK_DATA_READ(count, CK_STAT_LOAD(ELEM(count)));

static CK_UNUSED int ELEM(write_reset_counts)(const char *value, ck_errh *errh)
{
    (void)value, (void)errh;
    CK_STAT_STORE(ELEM(count), 0);
    return 0;
}
