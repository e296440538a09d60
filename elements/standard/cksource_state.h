/* The state InfiniteSource and RatedSource share (per instance): the packet and its DATA,
 * LENGTH (ELEM(datasize), -1 for DATA's own length), LIMIT, ACTIVE, the count sent, and whether
 * the source counts as active (ck_source_active: while ACTIVE and below LIMIT) and has ended.
 * standard/cksource_handlers.h adds the handlers they share. */
#include "standard/cksource_data.h"

static int32_t ELEM(datasize);
static int64_t ELEM(limit);
static int ELEM(active);
static uint64_t ELEM(count);
static int ELEM(live);
static int ELEM(ended);

/* After ACTIVE, LIMIT or the count changed: count as an active source while ACTIVE and below
 * LIMIT (negative: no limit); a live source may end again. */
static CK_UNUSED void ELEM(update_live)(void)
{
    int live = ELEM(active) && (ELEM(limit) < 0 || ELEM(count) < (uint64_t)ELEM(limit));
    ck_source_set_live(live, &ELEM(live));
    if (live)
        ELEM(ended) = 0;
}

#ifdef CK_HOT
/* clickc run -R (docs/reconfiguration.md): from a source of the same class and configuration,
 * the count sent, LIMIT and ACTIVE (as handlers left them) and whether it ended continue: the
 * source goes on where it was and its LIMIT counts what it already sent (a new one would
 * start again).  Another configuration starts as configured. */
static CK_UNUSED int ELEM(hot_take)(const ck_hot_elem *old, ck_errh *errh)
{
    (void)errh;
    if (!ck_hot_same_config(old, ELEMENT_INDEX))
        return 0;
    CK_HOT_COPY(old, count);
    CK_HOT_COPY(old, limit);
    CK_HOT_COPY(old, active);
    CK_HOT_COPY(old, ended);
    ELEM(update_live)();
    return 0;
}
#endif

/* Init: DATA (Click's default when not given) and LENGTH (or its old name DATASIZE) from the
 * configuration; -1 when out of memory. */
static int ELEM(configure_data)(void)
{
    ELEM(datasize) = -1;
#if CONF_GIVEN(DATASIZE)
    ELEM(datasize) = (int32_t)CONF(DATASIZE);
#endif
#if CONF_GIVEN(LENGTH)
    ELEM(datasize) = (int32_t)CONF(LENGTH);
#endif
    return ELEM(conf_data)();
}
