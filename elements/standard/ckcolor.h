/* The COLOR state, init and the `color` read/write handler shared by Paint, CheckPaint and
 * PaintTee (Click's paint.cc, checkpaint.cc, painttee.cc each keep an int _color with a
 * read/write "color" handler taking an integer 0..255).  Init sets ELEM(color) from
 * CONF(COLOR), then returns CK_COLOR_SETUP(errh) when the template defines that macro (Paint:
 * its ANNO).  Included once per instance: no include guard on purpose. */
static int ELEM(color);

static int
ELEM(init)(ck_errh *errh)
{
    ELEM(color) = (int)CONF(COLOR);
#ifdef CK_COLOR_SETUP
    return CK_COLOR_SETUP(errh);
#undef CK_COLOR_SETUP
#else
    (void)errh;
    return 0;
#endif
}

#include "standard/ckdata.h"
CK_DATA_READ(color, ELEM(color));
/* Click: a uint8_t data handler */
CK_DATA_WRITE_INT(color, ELEM(color), 0, 255, "expected uint8_t");
