/* Discard: frees every packet it receives; in pull context a task pulls up to BURST packets
 * per run while ACTIVE (Click's elements/standard/discard.cc). Discarded packets are counted
 * by the "count" handler, not as drops: discarding is this element's job.
 * Concurrency (docs/concurrency.md): with ELEMENT_NTHREADS > 1 the count is per thread
 * (standard/ckstat.h CK_PT_*) and the handler sums it. */
#include "ckstat.h"
CK_PT_DECL(ELEM(count));
static int ELEM(active);
static uint32_t ELEM(burst);

static int
ELEM(init)(ck_errh *errh)
{
    ELEM(active) = (int)CONF(ACTIVE);
    ELEM(burst) = (uint32_t)CONF(BURST);
    if (ELEM(burst) == 0)
        ELEM(burst) = UINT32_MAX;
    if (!ELEM(active) && INPUT_IS_PUSH(0))
        return ck_error(errh, "ACTIVE is meaningless in push context");
    return 0;
}

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    CK_PT_ADD(ELEM(count), 1);
    ck_packet_kill(p);
}

static CK_UNUSED int ELEM(run_task)(void)
{
    if (INPUT_IS_PUSH(0) || !ELEM(active))
        return 0;
    uint32_t n = 0;
    ck_packet *p;
    while (n < ELEM(burst) && (p = INPUT_PULL(0)) != NULL) {
        ck_packet_kill(p);
        n++;
    }
    CK_PT_ADD(ELEM(count), n);
    return (int)n;
}

#include "standard/ckdata.h"
CK_DATA_READ(count, (unsigned long long)CK_PT_SUM(ELEM(count)));

static CK_UNUSED int ELEM(write_reset_counts)(const char *value, ck_errh *errh)
{
    (void)value, (void)errh;
    CK_PT_RESET(ELEM(count));
    return 0;
}

#define CK_ACTIVE_ERROR "syntax error"
#include "standard/ckactive.h"
