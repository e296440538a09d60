/* ARPTable([CAPACITY, ENTRY_CAPACITY, ENTRY_PACKET_CAPACITY, CAPACITY_SLIM_FACTOR, TIMEOUT]): an
 * IP-to-Ethernet table with no ports (Click's elements/ethernet/arptable.cc), the table of
 * ARPQuerier (ethernet/ckarptable.h): entries are added by `insert`, marked unknown by `delete`,
 * listed by `table` (IP, valid, Ethernet address, age) and expire after TIMEOUT (a timer every
 * TIMEOUT + 1 seconds, as ARPQuerier's).  No element queues packets on it in clickc (ARPQuerier's
 * TABLE is refused), so `length` and `drops` stay 0.
 *
 * Concurrency (docs/concurrency.md): the handlers and the expiry timer run under the
 * instance's lock (standard/ckstat.h CK_ELEMENT_RLOCK) when ELEMENT_NTHREADS > 1. */
#include "ethernet/ckarptable.h"

static int
ELEM(init)(ck_errh *errh)
{
    if (ELEM(table_configure)(errh) < 0)
        return -1;
    ck_timer_init(&ELEM(expire_timer), ELEM(run_timer), NULL);
    if (ELEM(timeout_j))
        ck_timer_schedule_after(&ELEM(expire_timer),
                                (int64_t)(ELEM(timeout_j) / CK_HZ) * 1000000000);
    return 0;
}

static void
ELEM(cleanup)(void)
{
    ck_timer_unschedule(&ELEM(expire_timer));
    ELEM(table_clear)();
}

CK_DATA_READ(drops_unlocked, ELEM(table_drops));

static CK_UNUSED int ELEM(write_clear_unlocked)(const char *value, ck_errh *errh)
{
    (void)value, (void)errh;
    ELEM(table_clear)();
    return 0;
}

/* the handlers under the instance's lock (ethernet/ckarptable.h's CK_ARPT_LOCKED; table,
 * count, length, insert and delete are the header's) */
static CK_UNUSED int ELEM(read_drops)(ck_buf *out) { CK_ARPT_LOCKED(read_drops_unlocked, out); }
static CK_UNUSED int ELEM(write_clear)(const char *value, ck_errh *errh)
{ CK_ARPT_LOCKED(write_clear_unlocked, value, errh); }
#undef CK_ARPT_LOCKED
#undef ELEM_HBITS
