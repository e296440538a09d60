/* clickc run -R (docs/reconfiguration.md) for a queue kept as a circular array, as
 * FrontDropQueue and MixedQueue keep theirs: a predecessor's packets enter at the tail in its
 * order (its head leaves first, as it would have).  The template defines before including it:
 * ELEM(q) (the slots), ELEM(head), ELEM(tail), ELEM(cap), ELEM(next_i)(i), ELEM(pull)(port),
 * ELEM(size)(), ELEM(drops) and ELEM(highwater); the rest is standard/ckqueue_hot.h. */
#ifdef CK_HOT
/* 0 when stored, -1 when full */
static CK_UNUSED int ELEM(hot_put)(ck_packet *p)
{
    uint32_t t = ELEM(tail), nt = ELEM(next_i)(t);
    if (ELEM(cap) == 0 || nt == ELEM(head))
        return -1;
    ELEM(q)[t] = p;
    ELEM(tail) = nt;
    return 0;
}
#endif
#define QUEUE_HOT_POP() ELEM(pull)(0)
#define QUEUE_HOT_PUT(p) ELEM(hot_put)(p)
#define QUEUE_HOT_DROPPED() (ELEM(drops)++)
#define QUEUE_HOT_HIGHWATER() (ELEM(highwater) = ELEM(size)() > ELEM(highwater) ? ELEM(size)() : ELEM(highwater))
#include "standard/ckqueue_hot.h"
