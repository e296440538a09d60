/* CheckPaint(COLOR [, ANNO]): packets whose one-byte annotation ANNO (PAINT by default)
 * equals COLOR leave on output 0; the others go to output 1, or are dropped (reason "wrong
 * paint") when it does not exist (Click's elements/standard/checkpaint.cc). */
static int ELEM(color);

static int
ELEM(init)(ck_errh *errh)
{
    (void)errh;
    ELEM(color) = (int)CONF(COLOR);
    return 0;
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    if (ck_anno_u8(p, (int)CONF(ANNO)) != ELEM(color)) {
        if (NOUTPUTS > 1)
            OUTPUT(1, p);
        else
            ck_drop(p, ELEMENT_INDEX, "wrong paint");
        return NULL;
    }
    return p;
}
#include "simple_action.h"

static CK_UNUSED int ELEM(read_color)(ck_buf *out)
{
    ck_buf_printf(out, "%d", ELEM(color));
    return 0;
}

static CK_UNUSED int ELEM(write_color)(const char *value, ck_errh *errh)
{
    int64_t v;
    if (ck_parse_int64(value, &v) < 0 || v < 0 || v > 255)
        return ck_error(errh, "expected integer");
    ELEM(color) = (int)v;
    return 0;
}
