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
