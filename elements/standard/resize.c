/* Resize([HEAD, TAIL]): HEAD > 0 adds HEAD bytes at the front, HEAD < 0 removes -HEAD (at most
 * the whole packet); TAIL does the same at the end (Click's elements/standard/resize.cc).  The
 * bytes added are not initialized, as in Click (the headroom of a fresh clickc packet is
 * zeroed).  Handlers head and tail read and change the two amounts.  A packet that cannot grow
 * (out of memory) is a counted drop. */
static int32_t ELEM(head), ELEM(tail);

static int
ELEM(init)(ck_errh *errh)
{
    (void)errh;
    ELEM(head) = (int32_t)CONF(HEAD);
    ELEM(tail) = (int32_t)CONF(TAIL);
    return 0;
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    int32_t h = ELEM(head), t = ELEM(tail);
    if (h > 0 && !(p = ck_packet_push(p, (uint32_t)h)))
        goto oom;
    if (h < 0)
        ck_packet_pull(p, (uint32_t)-(int64_t)h);
    if (t > 0 && !(p = ck_packet_put(p, (uint32_t)t)))
        goto oom;
    if (t < 0)
        ck_packet_take(p, (uint32_t)-(int64_t)t);
    return p;
oom:
    ck_count_drop(ELEMENT_INDEX, "out of memory");
    return NULL;
}
#include "simple_action.h"

#include "standard/ckdata.h"
CK_DATA_READ(head, ELEM(head));
CK_DATA_READ(tail, ELEM(tail));
CK_DATA_WRITE_INT(head, ELEM(head), INT32_MIN, INT32_MAX, "expected integer");
CK_DATA_WRITE_INT(tail, ELEM(tail), INT32_MIN, INT32_MAX, "expected integer");
