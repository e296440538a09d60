/* RecordTimestamp([COUNTER, N, OFFSET, DYNAMIC, NET_ORDER, SAMPLE]): FastClick's
 * elements/analysis/recordtimestamp.cc.  Records the monotonic time (ck_monotonic_ns; FastClick
 * reads its steady TSC clock) at which each packet passes, then pushes the packet on.  With
 * OFFSET, the slot is the packet's number read there (NumberPacket's 8 bytes, in network order
 * with NET_ORDER or when COUNTER's NumberPacket has NET_ORDER); with SAMPLE > 1 only numbers
 * divisible by SAMPLE are recorded, in slot number / SAMPLE.  Without OFFSET each packet takes
 * the next slot.  The table (analysis/cktimestamps.h) is what a TimestampDiff's RECORDER reads.
 *
 * N slots are reserved (0: 65536).  Without OFFSET the table grows as needed (FastClick's
 * push_back).  With OFFSET, a number past them grows the table (doubling, as FastClick's
 * Vector) only with DYNAMIC; without it FastClick stops on a failed assertion,
 * clickc prints FastClick's message once and records nothing for such numbers (the packet
 * still passes; its TimestampDiff reports the index out of range).  The table grows to at
 * most CK_RECTS_MAX slots: a larger number is not recorded (said once: "NAME ::
 * RecordTimestamp: packet number N too large").
 *
 * Concurrency: one thread (the spec names no policy), as FastClick's without a lock. */
#include "analysis/cktimestamps.h"

static ck_rects ELEM(rects);
static int ELEM(full_said), ELEM(large_said);
#if CONF_GIVEN(COUNTER)
static int CK_NP_NET_ORDER_OF(CONF(COUNTER));
#endif

static int ELEM(net_order)(void);

static int ELEM(init)(ck_errh *errh)
{
    ELEM(rects).cap = CONF(N) ? (uint64_t)CONF(N) : 65536;
    ELEM(rects).size = 0;
    ELEM(rects).sample = (uint32_t)CONF(SAMPLE);
    ELEM(rects).decl = ELEMENT_NAME " :: RecordTimestamp";
    ELEM(rects).net_order = ELEM(net_order)(); /* again at each packet: COUNTER's init may
                                                  come later */
    ELEM(rects).ts = calloc((size_t)ELEM(rects).cap, sizeof(int64_t));
    if (!ELEM(rects).ts)
        return ck_error(errh, "out of memory");
    return 0;
}

static void ELEM(cleanup)(void)
{
    free(ELEM(rects).ts);
    ELEM(rects).ts = NULL;
    ELEM(rects).size = ELEM(rects).cap = 0;
}

/* Slots allocated for at least `need` (doubling); -1 past CK_RECTS_MAX or without memory. */
static int ELEM(reserve)(uint64_t need)
{
    ck_rects *r = &ELEM(rects);
    if (need <= r->cap)
        return 0;
    uint64_t cap = r->cap ? r->cap : 1;
    while (cap < need && cap <= CK_RECTS_MAX)
        cap *= 2;
    if (cap > CK_RECTS_MAX) {
        if (!ELEM(large_said)++)
            ck_chatter("%s: packet number %llu too large", r->decl,
                       (unsigned long long)(need - 1));
        return -1;
    }
    int64_t *ts = realloc(r->ts, (size_t)cap * sizeof *ts);
    if (!ts)
        return -1;
    memset(ts + r->cap, 0, (size_t)(cap - r->cap) * sizeof *ts);
    r->ts = ts;
    r->cap = cap;
    return 0;
}

/* Room for slot i of a numbered packet: FastClick's growth of the table's size (the reserved
 * capacity first, then doubling), past the reserved capacity only with DYNAMIC. */
static int ELEM(grow)(uint64_t i)
{
    ck_rects *r = &ELEM(rects);
    while (i >= r->size) {
        if (!CONF(DYNAMIC) && i >= r->cap) {
            if (!ELEM(full_said)++)
                ck_chatter("Fatal error: DYNAMIC is not set and record timestamp reserved "
                           "capacity is too small. Use N to augment the capacity.");
            return -1;
        }
        uint64_t size = r->size == 0 ? r->cap : r->size * 2;
        if (size == 0 || ELEM(reserve)(size) < 0)
            return -1;
        r->size = size;
    }
    return 0;
}

/* The byte order of the packet numbers: COUNTER's NumberPacket's, or NET_ORDER. */
static int ELEM(net_order)(void)
{
#if CONF_GIVEN(COUNTER)
    return CK_NP_NET_ORDER_OF(CONF(COUNTER));
#else
    return CONF(NET_ORDER) ? 1 : 0;
#endif
}

static void ELEM(record)(const ck_packet *p)
{
    ck_rects *r = &ELEM(rects);
    uint64_t i;
    if (CONF(OFFSET) >= 0) {
        r->net_order = ELEM(net_order)();
        i = ck_packet_number(p, (uint32_t)CONF(OFFSET), r->net_order);
        if (r->sample > 1) {
            if (i % r->sample)
                return;
            i /= r->sample;
        }
        if (ELEM(grow)(i) < 0)
            return;
    } else {
        /* FastClick's push_back: the table always grows, DYNAMIC or not */
        i = r->size;
        if (ELEM(reserve)(i + 1) < 0)
            return;
        r->size = i + 1;
    }
    r->ts[i] = ck_monotonic_ns();
}

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    ELEM(record)(p);
    OUTPUT(0, p);
}
