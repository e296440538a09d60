/* CompareBlock(FWD_WEIGHT, REV_WEIGHT, THRESH) (Click's elements/standard/compblock.cc): the
 * rate annotations FWD_RATE and REV_RATE (signed 32-bit, IPRateMonitor's; below 1 counted as
 * 1) send a pushed packet to output 1 when either is above THRESH and FWD_WEIGHT * forward >
 * REV_WEIGHT * reverse (in int arithmetic, as Click), else to output 0.  Pulled packets pass
 * unchanged (Click's default Element::pull).  Handlers fwd_weight and rev_weight read and
 * write the weights with Click's messages; Click defines a `thresh` handler it never adds, so
 * there is none. */
#include "standard/ckstat.h"

static int32_t ELEM(fwd_weight), ELEM(rev_weight);

static int
ELEM(init)(ck_errh *errh)
{
    (void)errh;
    ELEM(fwd_weight) = (int32_t)CONF(FWD_WEIGHT);
    ELEM(rev_weight) = (int32_t)CONF(REV_WEIGHT);
    return 0;
}

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    int32_t fwd, rev;
    memcpy(&fwd, p->anno + FWD_RATE_ANNO_OFFSET, 4);
    memcpy(&rev, p->anno + REV_RATE_ANNO_OFFSET, 4);
    if (fwd < 1)
        fwd = 1;
    if (rev < 1)
        rev = 1;
    /* Click multiplies ints; the products wrap as two's complement */
    int32_t f = (int32_t)((uint32_t)CK_STAT_LOAD(ELEM(fwd_weight)) * (uint32_t)fwd);
    int32_t r = (int32_t)((uint32_t)CK_STAT_LOAD(ELEM(rev_weight)) * (uint32_t)rev);
    if ((fwd > (int32_t)CONF(THRESH) || rev > (int32_t)CONF(THRESH)) && f > r)
        OUTPUT(1, p);
    else
        OUTPUT(0, p);
}

static CK_UNUSED ck_packet *ELEM(pull)(int port)
{
    (void)port;
    return INPUT_PULL(0);
}

#include "standard/ckdata.h"
CK_DATA_READ(fwd_weight, (int)CK_STAT_LOAD(ELEM(fwd_weight)));
CK_DATA_READ(rev_weight, (int)CK_STAT_LOAD(ELEM(rev_weight)));

#include "standard/ckoneint.h"

static CK_UNUSED int ELEM(write_fwd_weight)(const char *value, ck_errh *errh)
{
    int32_t v;
    if (ck_parse_one_int32(value, errh, "expecting one integer", &v) < 0)
        return -1;
    CK_STAT_STORE(ELEM(fwd_weight), v);
    return 0;
}

static CK_UNUSED int ELEM(write_rev_weight)(const char *value, ck_errh *errh)
{
    int32_t v;
    if (ck_parse_one_int32(value, errh, "expecting one integer", &v) < 0)
        return -1;
    CK_STAT_STORE(ELEM(rev_weight), v);
    return 0;
}
