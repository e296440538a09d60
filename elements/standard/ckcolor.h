/* The COLOR state and the `color` read/write handler shared by Paint, CheckPaint and PaintTee
 * (Click's paint.cc, checkpaint.cc, painttee.cc each keep an int _color with a read/write
 * "color" handler taking an integer 0..255).  The including template sets ELEM(color) from
 * CONF(COLOR) in its init.  Included once per instance: no include guard on purpose. */
static int ELEM(color);

#include "standard/ckdata.h"
CK_DATA_READ(color, ELEM(color));
/* Click: a uint8_t data handler */
CK_DATA_WRITE_INT(color, ELEM(color), 0, 255, "expected uint8_t");
