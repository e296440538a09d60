/* AggregatePaint([BITS, INCREMENTAL]): Click's elements/analysis/aggregatepaint.cc.  The
 * aggregate annotation becomes the low BITS bits of the paint annotation, or with INCREMENTAL
 * the old aggregate shifted left by BITS plus those bits. */
static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    uint32_t bits = (uint32_t)CONF(BITS);
    uint32_t agg = p->anno[PAINT_ANNO_OFFSET] & ((1u << bits) - 1);
    if (CONF(INCREMENTAL))
        agg += ck_anno_u32(p, AGGREGATE_ANNO_OFFSET) << bits;
    ck_set_anno_u32(p, AGGREGATE_ANNO_OFFSET, agg);
    return p;
}
#include "simple_action.h"
