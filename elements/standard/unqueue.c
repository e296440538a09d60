/* Unqueue([BURST, ACTIVE, LIMIT]): a task that pulls up to BURST packets from its input and
 * pushes them to its output, stopping after LIMIT packets in all when LIMIT >= 0 (Click's
 * elements/standard/unqueue.cc). A negative BURST means no limit per run.  Its BURST is a
 * burst for vector mode (ElementSpec.burst): the packets it pulls in one run can cross a vector
 * region together (standard/ckburst.h), as a source's do. */
static int ELEM(active);
static int32_t ELEM(burst);
static int32_t ELEM(limit);
static uint32_t ELEM(count);

static int
ELEM(init)(ck_errh *errh)
{
    (void)errh;
    ELEM(active) = (int)CONF(ACTIVE);
    ELEM(burst) = (int32_t)CONF(BURST);
    if (ELEM(burst) < 0)
        ELEM(burst) = 0x7FFFFFFF;
    ELEM(limit) = (int32_t)CONF(LIMIT);
    return 0;
}

#include "standard/ckburst.h"

static CK_UNUSED int ELEM(run_task)(void)
{
    if (!ELEM(active))
        return 0;
    int32_t worked = 0, limit = ELEM(burst);
    if (ELEM(limit) >= 0 && (int64_t)ELEM(count) + limit >= (int64_t)ELEM(limit)) {
        limit = (int32_t)((int64_t)ELEM(limit) - ELEM(count));
        if (limit <= 0)
            return 0;
    }
    if (ELEM(burst_chunk) == 1) { /* per packet: pull one, push it, as Click's Unqueue */
        while (worked < limit && ELEM(active)) {
            ck_packet *p = INPUT_PULL(0);
            if (!p)
                break;
            ++worked;
            ++ELEM(count);
            OUTPUT(0, p);
        }
        return worked;
    }
    /* Vector mode (docs/batching.md): pull a chunk, then hand it on whole; the region keeps
     * each packet's processing and output order what pulling one at a time gives. */
    ck_packet *v[ELEM(burst_chunk)];
    while (worked < limit && ELEM(active)) {
        int want = limit - worked < ELEM(burst_chunk) ? (int)(limit - worked) : ELEM(burst_chunk);
        int nv = 0;
        ck_packet *p;
        while (nv < want && (p = INPUT_PULL(0)) != NULL)
            v[nv++] = p;
        worked += nv;
        ELEM(count) += (uint32_t)nv;
        ELEM(output_burst)(v, nv);
        if (nv < want)
            break;
    }
    return worked;
}

#include "standard/ckdata.h"
CK_DATA_READ(count, ELEM(count));
CK_DATA_READ(burst, ELEM(burst));
CK_DATA_READ(limit, ELEM(limit));

#define CK_ACTIVE_ERROR "syntax error"
#include "standard/ckactive.h"

static CK_UNUSED int ELEM(write_reset)(const char *value, ck_errh *errh)
{
    (void)value, (void)errh;
    ELEM(count) = 0;
    return 0;
}

static CK_UNUSED int ELEM(write_reset_counts)(const char *value, ck_errh *errh)
{
    return ELEM(write_reset)(value, errh);
}

static CK_UNUSED int ELEM(write_burst)(const char *value, ck_errh *errh)
{
    int64_t v;
    if (ck_parse_int64(value, &v) < 0 || v > INT32_MAX || v < INT32_MIN)
        return ck_error(errh, "syntax error");
    ELEM(burst) = v < 0 ? 0x7FFFFFFF : (int32_t)v;
    return 0;
}

CK_DATA_WRITE_INT(limit, ELEM(limit), INT32_MIN, INT32_MAX, "syntax error");
