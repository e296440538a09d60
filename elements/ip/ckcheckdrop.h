/* The drop path and the `drops` / `drop_details` handlers shared by the header-checking
 * elements (CheckIPHeader, CheckIPHeader2, CheckICMPHeader, CheckTCPHeader, CheckUDPHeader;
 * Click's elements keep the same counters, each in its own .cc).
 *
 * The including template defines first:
 * - ELEM(reason_texts): a `static const char *const` array, one text per drop reason, in the
 *   order of Click's drop_details output;
 * - CKCHECK_CHATTER(reason): the ck_chatter call printing the first failure (and every one with
 *   VERBOSE) in that class's Click wording, given the reason text.
 * It then gets ELEM(drop)(reason index, packet) -> NULL: count the drop (total and per reason),
 * print, and send the packet to output 1 when there is one, else drop it with the reason
 * (ck_drop); and ELEM(read_drops), ELEM(read_drop_details) (the latter only with DETAILS, as
 * Click adds it only then).
 *
 * Concurrency (docs/concurrency.md): with ELEMENT_NTHREADS > 1 the counters, rare ones, are
 * updated and read with relaxed atomics (standard/ckstat.h); the first-failure message is
 * printed by the thread whose drop was the first.  Included once per instance: no include
 * guard on purpose. */
#include "standard/ckstat.h"
#include "standard/ckoutput.h"

#define CKCHECK_NREASONS (sizeof(ELEM(reason_texts)) / sizeof(ELEM(reason_texts)[0]))
static uint32_t ELEM(drops);
static uint32_t ELEM(reason_drops)[CKCHECK_NREASONS];

static ck_packet *ELEM(drop)(int reason, ck_packet *p)
{
    if (CK_STAT_FETCH_ADD(ELEM(drops), 1) == 0 || CONF(VERBOSE))
        CKCHECK_CHATTER(ELEM(reason_texts)[reason]);
    CK_STAT_ADD(ELEM(reason_drops)[reason], 1);
    CK_OUTPUT1_OR_DROP(p, ELEM(reason_texts)[reason]);
    return NULL;
}

#include "standard/ckdata.h"
CK_DATA_READ(drops, CK_STAT_LOAD(ELEM(drops)));

static CK_UNUSED int ELEM(read_drop_details)(ck_buf *out)
{
    if (!CONF(DETAILS))
        return -ENOENT; /* Click adds the handler only with DETAILS */
    for (size_t i = 0; i < CKCHECK_NREASONS; i++)
        ck_buf_printf(out, "%u\t%s\n", CK_STAT_LOAD(ELEM(reason_drops)[i]), ELEM(reason_texts)[i]);
    return 0;
}
#undef CKCHECK_NREASONS
#undef CKCHECK_CHATTER
