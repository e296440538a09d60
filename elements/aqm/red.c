/* RED(MIN_THRESH, MAX_THRESH, MAX_P [, QUEUES, STABILITY, GENTLE]): Random Early Detection in
 * front of the downstream queues (Click's elements/aqm/red.cc); the algorithm, the queues and
 * the handlers are in aqm/red_body.h. */
#define RED_MIN_THRESH CONF(MIN_THRESH)
#define RED_MAX_THRESH CONF(MAX_THRESH)
#define RED_MAX_P CONF(MAX_P)
#define RED_STABILITY CONF(STABILITY)
#define RED_GENTLE CONF(GENTLE)
#include "aqm/red_body.h"
#undef RED_MIN_THRESH
#undef RED_MAX_THRESH
#undef RED_MAX_P
#undef RED_STABILITY
#undef RED_GENTLE

static int
ELEM(init)(ck_errh *errh)
{
    return ELEM(red_init)(errh);
}
