/* AggregateLast([NOTIFIER, STOP_AFTER_CLEAR]): keeps one packet per AGGREGATE annotation, the
 * latest (Click's elements/analysis/aggregatelast.cc).  A packet replacing a kept one takes
 * over its counts: EXTRA_PACKETS += 1 + the kept one's, EXTRA_LENGTH += the kept one's length
 * + its EXTRA_LENGTH, FIRST_TIMESTAMP = the kept one's (the first of an aggregate gets its own
 * timestamp); the replaced packet leaves on output 1, or is dropped ("not last").  Writing
 * clear emits every kept packet on output 0 in increasing aggregate order (Click's table of 64
 * planes of 65536 columns of 1024 rows, kept here) and, with STOP_AFTER_CLEAR, stops the
 * router.  Click runs the clear from a task scheduled by the write (and first thing in a
 * push); clickc runs it in the write handler, which gives the same packets in the same order.
 * Packets kept at exit are dropped ("held at exit"; Click's cleanup frees them). */
#include "standard/ckoutput.h"

#define AL_ROW_BITS 10
#define AL_COL_BITS 16
#define AL_NPLANE (1u << (32 - AL_ROW_BITS - AL_COL_BITS))
#define AL_NCOL (1u << AL_COL_BITS)
#define AL_NROW (1u << AL_ROW_BITS)

static ck_packet ***ELEM(planes)[AL_NPLANE];

/* The kept-packet slot of aggregate agg, or NULL when memory ran out. */
static ck_packet **ELEM(slot)(uint32_t agg)
{
    ck_packet ****plane = &ELEM(planes)[agg >> (AL_ROW_BITS + AL_COL_BITS)];
    if (!*plane && !(*plane = calloc(AL_NCOL, sizeof **plane)))
        return NULL;
    ck_packet ***col = &(*plane)[(agg >> AL_ROW_BITS) & (AL_NCOL - 1)];
    if (!*col && !(*col = calloc(AL_NROW, sizeof **col)))
        return NULL;
    return &(*col)[agg & (AL_NROW - 1)];
}

/* Every kept packet to emit (out) or free, and the table emptied. */
static void ELEM(flush)(int out)
{
    for (uint32_t i = 0; i < AL_NPLANE; i++) {
        ck_packet ***plane = ELEM(planes)[i];
        if (!plane)
            continue;
        ELEM(planes)[i] = NULL;
        for (uint32_t j = 0; j < AL_NCOL; j++) {
            ck_packet **row = plane[j];
            if (!row)
                continue;
            for (uint32_t k = 0; k < AL_NROW; k++)
                if (row[k]) {
                    if (out)
                        OUTPUT(0, row[k]);
                    else
                        ck_drop(row[k], ELEMENT_INDEX, "held at exit");
                }
            free(row);
        }
        free(plane);
    }
}

static void
ELEM(cleanup)(void)
{
    ELEM(flush)(0);
}

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    ck_packet **r = ELEM(slot)(ck_anno_u32(p, AGGREGATE_ANNO_OFFSET));
    if (!r) {
        ck_drop(p, ELEMENT_INDEX, "out of memory");
        return;
    }
    ck_packet *old = *r;
    if (old) {
        ck_set_anno_u32(p, EXTRA_PACKETS_ANNO_OFFSET, ck_anno_u32(p, EXTRA_PACKETS_ANNO_OFFSET) + 1 +
                                                          ck_anno_u32(old, EXTRA_PACKETS_ANNO_OFFSET));
        ck_set_anno_u32(p, EXTRA_LENGTH_ANNO_OFFSET, ck_anno_u32(p, EXTRA_LENGTH_ANNO_OFFSET) + old->len +
                                                         ck_anno_u32(old, EXTRA_LENGTH_ANNO_OFFSET));
        memcpy(p->anno + FIRST_TIMESTAMP_ANNO_OFFSET, old->anno + FIRST_TIMESTAMP_ANNO_OFFSET, 8);
    } else
        memcpy(p->anno + FIRST_TIMESTAMP_ANNO_OFFSET, &p->ts_ns, 8);
    *r = p;
    if (old)
        CK_OUTPUT1_OR_DROP(old, "not last");
}

static CK_UNUSED int ELEM(write_clear)(const char *value, ck_errh *errh)
{
    (void)value, (void)errh;
    ELEM(flush)(1);
    if (CONF(STOP_AFTER_CLEAR))
        ck_router_stop();
    return 0;
}
#undef AL_ROW_BITS
#undef AL_COL_BITS
#undef AL_NPLANE
#undef AL_NCOL
#undef AL_NROW
