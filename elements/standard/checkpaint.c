/* CheckPaint(COLOR [, ANNO]): packets whose one-byte annotation ANNO (PAINT by default)
 * equals COLOR leave on output 0; the others go to output 1, or are dropped (reason "wrong
 * paint") when it does not exist (Click's elements/standard/checkpaint.cc). */
#include "standard/ckcolor.h"
#include "standard/ckoutput.h"

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    if (ck_anno_u8(p, (int)CONF(ANNO)) != ELEM(color)) {
        CK_OUTPUT1_OR_DROP(p, "wrong paint");
        return NULL;
    }
    return p;
}
#include "simple_action.h"
