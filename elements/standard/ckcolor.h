/* The COLOR state and the `color` read/write handler shared by Paint, CheckPaint and PaintTee
 * (Click's paint.cc, checkpaint.cc, painttee.cc each keep an int _color with a read/write
 * "color" handler taking an integer 0..255).  The including template sets ELEM(color) from
 * CONF(COLOR) in its init.  Included once per instance: no include guard on purpose. */
static int ELEM(color);

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
