/* Suppressor: passes packets from input i to output i unless port i is suppressed (Click's
 * elements/standard/suppressor.cc). A suppressed push port drops its packets (reason
 * "suppressed"); a suppressed pull port returns no packet. Handlers: activeN (read "true" or
 * "false", write a boolean) for ports 0-7 (Click has one per input; the spec lists a fixed
 * set), reset (allow every port). */
static unsigned char ELEM(suppressed)[NINPUTS > 0 ? NINPUTS : 1];

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    if (ELEM(suppressed)[port])
        ck_drop(p, ELEMENT_INDEX, "suppressed");
    else
        OUTPUT(port, p);
}

static CK_UNUSED ck_packet *ELEM(pull)(int port)
{
    if (ELEM(suppressed)[port])
        return NULL;
    return INPUT_PULL(port);
}

static CK_UNUSED int ELEM(write_reset)(const char *value, ck_errh *errh)
{
    (void)value, (void)errh;
    memset(ELEM(suppressed), 0, sizeof ELEM(suppressed));
    return 0;
}

static CK_UNUSED int ELEM(read_port)(int port, ck_buf *out)
{
    if (port >= NINPUTS)
        return -2; /* -ENOENT: no such port */
    ck_unparse_bool(out, !ELEM(suppressed)[port]);
    return 0;
}

static CK_UNUSED int ELEM(write_port)(int port, const char *value, ck_errh *errh)
{
    int active;
    if (port >= NINPUTS)
        return ck_error(errh, "no input %d", port);
    if (ck_parse_bool(value, &active) < 0)
        return ck_error(errh, "type mismatch");
    ELEM(suppressed)[port] = !active;
    return 0;
}
static CK_UNUSED int
ELEM(read_active0)(ck_buf *out)
{
    return ELEM(read_port)(0, out);
}

static CK_UNUSED int
ELEM(write_active0)(const char *value, ck_errh *errh)
{
    return ELEM(write_port)(0, value, errh);
}

static CK_UNUSED int
ELEM(read_active1)(ck_buf *out)
{
    return ELEM(read_port)(1, out);
}

static CK_UNUSED int
ELEM(write_active1)(const char *value, ck_errh *errh)
{
    return ELEM(write_port)(1, value, errh);
}

static CK_UNUSED int
ELEM(read_active2)(ck_buf *out)
{
    return ELEM(read_port)(2, out);
}

static CK_UNUSED int
ELEM(write_active2)(const char *value, ck_errh *errh)
{
    return ELEM(write_port)(2, value, errh);
}

static CK_UNUSED int
ELEM(read_active3)(ck_buf *out)
{
    return ELEM(read_port)(3, out);
}

static CK_UNUSED int
ELEM(write_active3)(const char *value, ck_errh *errh)
{
    return ELEM(write_port)(3, value, errh);
}

static CK_UNUSED int
ELEM(read_active4)(ck_buf *out)
{
    return ELEM(read_port)(4, out);
}

static CK_UNUSED int
ELEM(write_active4)(const char *value, ck_errh *errh)
{
    return ELEM(write_port)(4, value, errh);
}

static CK_UNUSED int
ELEM(read_active5)(ck_buf *out)
{
    return ELEM(read_port)(5, out);
}

static CK_UNUSED int
ELEM(write_active5)(const char *value, ck_errh *errh)
{
    return ELEM(write_port)(5, value, errh);
}

static CK_UNUSED int
ELEM(read_active6)(ck_buf *out)
{
    return ELEM(read_port)(6, out);
}

static CK_UNUSED int
ELEM(write_active6)(const char *value, ck_errh *errh)
{
    return ELEM(write_port)(6, value, errh);
}

static CK_UNUSED int
ELEM(read_active7)(ck_buf *out)
{
    return ELEM(read_port)(7, out);
}

static CK_UNUSED int
ELEM(write_active7)(const char *value, ck_errh *errh)
{
    return ELEM(write_port)(7, value, errh);
}
