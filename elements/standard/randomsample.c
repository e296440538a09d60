/* RandomSample([P, SAMPLE, DROP, ACTIVE]): passes each packet with probability P (Click's
 * elements/standard/randomsample.cc): a packet passes when ACTIVE is false or
 * (click_random() & (2^28 - 1)) < P * 2^28; the others go to output 1 or, without one, are
 * dropped (reason "not sampled") and counted by `drops`.  The probability is checked at
 * compile time (clickc.elements.parsers:sampling_probability).  The draws are Click's
 * (standard/ckrandom.h), so with RandomSeed the same packets are sampled as in Click.
 * Handlers: sampling_prob, drop_prob (read and write, Click's wording on a bad value),
 * config, active, drops.  With ELEMENT_NTHREADS above 1 the drop count, the probability and
 * ACTIVE are relaxed atomics (CK_STAT_*), and the C library's random() takes its own lock. */
#include "standard/ckrandom.h"
#include "standard/ckoutput.h"
#include "standard/ckfixed.h"
#include "standard/ckstat.h"

#define CK_SAMPLING_SHIFT 28
#define CK_SAMPLING_MASK ((1U << CK_SAMPLING_SHIFT) - 1)

static uint32_t ELEM(prob);
static int ELEM(active);
static uint32_t ELEM(drops);

static int
ELEM(init)(ck_errh *errh)
{
    (void)errh;
    uint32_t prob = 0xFFFFFFFFU;
    if (CONF_GIVEN(P))
        prob = (uint32_t)CONF(P);
    if (CONF_GIVEN(SAMPLE))
        prob = (uint32_t)CONF(SAMPLE);
    if (CONF_GIVEN(DROP))
        prob = (1U << CK_SAMPLING_SHIFT) - (uint32_t)CONF(DROP);
    ELEM(prob) = prob;
    ELEM(active) = CONF(ACTIVE) ? 1 : 0;
    ELEM(drops) = 0;
    return 0;
}

/* 1 when p passes; otherwise p went to output 1 or was dropped */
static inline int ELEM(sample)(ck_packet *p)
{
    if (!CK_STAT_LOAD(ELEM(active))
        || (ck_click_random() & CK_SAMPLING_MASK) < CK_STAT_LOAD(ELEM(prob)))
        return 1;
    CK_OUTPUT1_OR_DROP(p, "not sampled");
    CK_STAT_ADD(ELEM(drops), 1);
    return 0;
}

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    if (ELEM(sample)(p))
        OUTPUT(0, p);
}

static CK_UNUSED ck_packet *ELEM(pull)(int port)
{
    (void)port;
    ck_packet *p = INPUT_PULL(0);
    if (p && !ELEM(sample)(p))
        return NULL;
    return p;
}

#include "standard/ckdata.h"
CK_DATA_READ_WITH(sampling_prob, ck_unparse_real2, CK_STAT_LOAD(ELEM(prob)), CK_SAMPLING_SHIFT);

static CK_UNUSED int ELEM(read_drop_prob)(ck_buf *out)
{
    ck_unparse_real2(out, (uint32_t)((1U << CK_SAMPLING_SHIFT) - CK_STAT_LOAD(ELEM(prob))),
                     CK_SAMPLING_SHIFT);
    return 0;
}

static CK_UNUSED int ELEM(read_config)(ck_buf *out)
{
    ck_buf_puts(out, "SAMPLE ");
    ck_unparse_real2(out, CK_STAT_LOAD(ELEM(prob)), CK_SAMPLING_SHIFT);
    ck_buf_puts(out, ", ACTIVE ");
    ck_unparse_bool(out, CK_STAT_LOAD(ELEM(active)));
    return 0;
}

static int ELEM(write_prob)(const char *value, int drop, ck_errh *errh)
{
    uint32_t v;
    if (ck_parse_fixed_u32(value, CK_SAMPLING_SHIFT, &v) < 0 || v > (1U << CK_SAMPLING_SHIFT))
        return ck_error(errh, "Must be given a number between 0.0 and 1.0");
    if (drop)
        v = (1U << CK_SAMPLING_SHIFT) - v;
    CK_STAT_STORE(ELEM(prob), v);
    return 0;
}

static CK_UNUSED int ELEM(write_sampling_prob)(const char *value, ck_errh *errh)
{
    return ELEM(write_prob)(value, 0, errh);
}

static CK_UNUSED int ELEM(write_drop_prob)(const char *value, ck_errh *errh)
{
    return ELEM(write_prob)(value, 1, errh);
}

CK_DATA_READ_BOOL(active, CK_STAT_LOAD(ELEM(active)));
CK_DATA_WRITE_BOOL_STAT(active, ELEM(active), "expected boolean");
CK_DATA_READ(drops, CK_STAT_LOAD(ELEM(drops)));

#undef CK_SAMPLING_SHIFT
#undef CK_SAMPLING_MASK
