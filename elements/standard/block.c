/* Block(THRESH): sends each pushed packet whose forwarding-rate annotation (FWD_RATE, a
 * signed 32-bit value at FWD_RATE_ANNO_OFFSET) is at most THRESH to output 0, the others to
 * output 1; THRESH 0 sends everything to output 0 (Click's elements/standard/block.cc).
 * Pulled packets pass unchanged (Click's default Element::pull).  Handler `thresh` reads and
 * writes THRESH with Click's messages ("expecting 1 integer", "not an integer"). */
#include "standard/ckstat.h"
#include "standard/ckoutput.h"

static int32_t ELEM(thresh);

static int
ELEM(init)(ck_errh *errh)
{
    (void)errh;
    ELEM(thresh) = (int32_t)CONF(THRESH);
    return 0;
}

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    int32_t rate;
    memcpy(&rate, p->anno + FWD_RATE_ANNO_OFFSET, 4);
    int32_t t = CK_STAT_LOAD(ELEM(thresh));
    if (t == 0 || rate <= t)
        OUTPUT(0, p);
    else
        CK_OUTPUT1_OR_DROP(p, "above threshold");
}

static CK_UNUSED ck_packet *ELEM(pull)(int port)
{
    (void)port;
    return INPUT_PULL(0);
}

#include "standard/ckdata.h"
CK_DATA_READ(thresh, (int)CK_STAT_LOAD(ELEM(thresh)));

#include "standard/ckoneint.h"

static CK_UNUSED int ELEM(write_thresh)(const char *value, ck_errh *errh)
{
    int32_t v;
    if (ck_parse_one_int32(value, errh, "expecting 1 integer", &v) < 0)
        return -1;
    CK_STAT_STORE(ELEM(thresh), v);
    return 0;
}
