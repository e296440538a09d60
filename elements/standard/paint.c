/* Paint(COLOR [, ANNO]): sets a one-byte annotation, PAINT by default (Click's
 * elements/standard/paint.cc). ANNO is a byte offset (or an annotation name the runtime
 * resolves); the "color" handler reads and changes COLOR. */
#include "standard/ckcolor.h"
static int ELEM(anno_off) = PAINT_ANNO_OFFSET;

static CK_UNUSED int ELEM(anno_by_name)(const char *name) { return ck_anno_offset(name); }
static CK_UNUSED int ELEM(anno_by_offset)(long off) { return (int)off; }

static int
ELEM(init)(ck_errh *errh)
{
    ELEM(color) = (int)CONF(COLOR);
#if CONF_GIVEN(ANNO)
    ELEM(anno_off) = _Generic((CONF(ANNO)), char *: ELEM(anno_by_name),
                              const char *: ELEM(anno_by_name),
                              default: ELEM(anno_by_offset))(CONF(ANNO));
    if (ELEM(anno_off) < 0 || ELEM(anno_off) >= CK_ANNO_SIZE)
        return ck_error(errh, "bad annotation");
#else
    (void)errh;
#endif
    return 0;
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    p->anno[ELEM(anno_off)] = (uint8_t)ELEM(color);
    return p;
}
#include "simple_action.h"
