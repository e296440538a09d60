/* PaintSwitch([ANNO]): sends each packet to the output its one-byte annotation (PAINT by
 * default) names (Click's elements/standard/paintswitch.cc); the value 255 sends a copy to
 * every output (clones, the original to the last).  A value with no output drops the packet
 * (reason "no such output", Click's checked_output_push). */
#include "standard/ckannoarg.h"

static int
ELEM(init)(ck_errh *errh)
{
    return ELEM(anno_setup)(errh);
}

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    int o = p->anno[ELEM(anno_off)];
    if (o != 0xFF) {
        if (o < NOUTPUTS)
            OUTPUT(o, p);
        else
            ck_drop(p, ELEMENT_INDEX, "no such output");
        return;
    }
    for (int i = 0; i < NOUTPUTS - 1; i++) {
        ck_packet *q = ck_packet_clone(p);
        if (q)
            OUTPUT(i, q);
    }
    if (NOUTPUTS > 0)
        OUTPUT(NOUTPUTS - 1, p);
    else
        ck_drop(p, ELEMENT_INDEX, "no such output");
}
