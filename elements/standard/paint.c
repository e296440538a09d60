/* Paint(COLOR [, ANNO]): sets a one-byte annotation, PAINT by default (Click's
 * elements/standard/paint.cc). ANNO is a byte offset (or an annotation name the runtime
 * resolves); the "color" handler reads and changes COLOR. */
#include "standard/ckannoarg.h"
#define CK_COLOR_SETUP ELEM(anno_setup)
#include "standard/ckcolor.h"

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    p->anno[ELEM(anno_off)] = (uint8_t)ELEM(color);
    return p;
}
#include "simple_action.h"
