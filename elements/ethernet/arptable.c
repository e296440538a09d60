/* ARPTable([CAPACITY, ENTRY_CAPACITY, ENTRY_PACKET_CAPACITY, CAPACITY_SLIM_FACTOR, TIMEOUT]): an
 * IP-to-Ethernet table with no ports (Click's elements/ethernet/arptable.cc), the table of
 * ARPQuerier (ethernet/ckarptable.h): entries are added by `insert`, marked unknown by `delete`,
 * listed by `table` (IP, valid, Ethernet address, age) and are unknown once TIMEOUT old; the
 * expiry timer removes them (and frees their packets, counted in `drops`) as Click's does,
 * from initialization on (ethernet/ckarptable.h ELEM(start_expiry)).  An ARPQuerier whose
 * TABLE names this element resolves its next hops in this table and queues its packets here
 * (`length`, `drops`).
 * clickc run -R: the table moves to an ARPTable of the same name (ELEM(hot_take)), as Click's
 * ARPTable::take_state swaps the tables.
 *
 * Concurrency (docs/concurrency.md): the handlers, the expiry timer and the push of every
 * ARPQuerier using the table run under the table's lock (CK_ARPT.lock, standard/ckstat.h
 * CK_ELEMENT_RLOCK) when ELEMENT_NTHREADS > 1 or the router runs several threads. */
#include "ethernet/ckarptable.h"

static int
ELEM(init)(ck_errh *errh)
{
    if (ELEM(table_configure)(errh) < 0)
        return -1;
    /* TIMEOUT: an entry older than it is unknown (ethernet/ckarptable.h is_known), and
     * removed by the expiry timer, which runs from initialization on as Click's
     * (ELEM(start_expiry)). */
    ELEM(start_expiry)();
    return 0;
}

#ifdef CK_HOT
static CK_UNUSED int ELEM(hot_take)(const ck_hot_elem *old, ck_errh *errh)
{
    (void)errh;
    ck_arpt *o = ck_hot_var_ptr(old, "arpt", sizeof(ck_arpt));
    if (o) /* the entries expire on this element's timer, running since its initialization */
        ELEM(table_take)(o);
    return 0;
}
#endif

static void
ELEM(cleanup)(void)
{
    ck_timer_unschedule(&ELEM(expire_timer));
    ELEM(table_clear)();
}

CK_DATA_READ(drops_unlocked, CK_ARPT.drops);

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
#undef CK_ARPT
