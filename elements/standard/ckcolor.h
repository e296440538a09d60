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

static CK_UNUSED int ELEM(read_color)(ck_buf *out)
{
    ck_buf_printf(out, "%d", ELEM(color));
    return 0;
}

static CK_UNUSED int ELEM(write_color)(const char *value, ck_errh *errh)
{
    int64_t v;
    if (ck_parse_int64(value, &v) < 0 || v < 0 || v > 255)
        return ck_error(errh, "expected uint8_t"); /* Click: a uint8_t data handler */
    ELEM(color) = (int)v;
    return 0;
}
