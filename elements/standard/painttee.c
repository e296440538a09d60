/* PaintTee(COLOR [, ANNO]): every packet leaves on output 0; a packet whose one-byte
 * annotation ANNO (PAINT by default) equals COLOR also sends a clone to output 1 first
 * (Click's elements/standard/painttee.cc; routers use it to detect redirects).  A clone that
 * cannot be allocated is counted as a drop. */
#include "standard/ckcolor.h"
#include "standard/ckoutput.h"

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    if (ck_anno_u8(p, (int)CONF(ANNO)) == ELEM(color)) {
        ck_packet *q = ck_packet_clone(p);
        if (q) {
            CK_OUTPUT1_OR_DROP(q, "no output 1");
        } else
            ck_count_drop(ELEMENT_INDEX, "out of memory");
    }
    return p;
}
#include "simple_action.h"
