/* CheckLength(LENGTH): packets longer than LENGTH bytes go to output 1, or are dropped
 * without one (reason "too long"); the others pass (Click's elements/standard/checklength.cc).
 * The `length` handler reads and changes LENGTH (Click's uint32_t data handler). */
#include "standard/ckstat.h"
#include "standard/ckoutput.h"

static uint32_t ELEM(max);

static int
ELEM(init)(ck_errh *errh)
{
    (void)errh;
    ELEM(max) = (uint32_t)CONF(LENGTH);
    return 0;
}

static inline int ELEM(too_long)(ck_packet *p)
{
    if (p->len <= CK_STAT_LOAD(ELEM(max)))
        return 0;
    CK_OUTPUT1_OR_DROP(p, "too long");
    return 1;
}

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    if (!ELEM(too_long)(p))
        OUTPUT(0, p);
}

static CK_UNUSED ck_packet *ELEM(pull)(int port)
{
    (void)port;
    ck_packet *p = INPUT_PULL(0);
    if (p && ELEM(too_long)(p))
        return NULL;
    return p;
}

#include "standard/ckdata.h"
CK_DATA_READ(length, CK_STAT_LOAD(ELEM(max)));
CK_DATA_WRITE_UINT_STAT(length, ELEM(max), UINT32_MAX, "expected integer");
