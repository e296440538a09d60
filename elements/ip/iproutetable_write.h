/* The add/set/remove/ctrl write handlers (Click's IPRouteTable run_command) shared by
 * LinearIPLookup, RadixIPLookup and DirectIPLookup; included per instance after
 * iproutetable_body.h. No include guard. */
static CK_UNUSED int
ELEM(write_add)(const char *value, ck_errh *errh)
{
    ck_rtbuf err;
    ck_rtbuf_init(&err);
    int rc = ck_rt_command(&RT_TABLE, CK_RT_CMD_ADD, value, &err);
    if (rc < 0)
        ck_error(errh, "%s", ck_rtbuf_str(&err));
    ck_rtbuf_free(&err);
    return rc < 0 ? -1 : 0;
}

static CK_UNUSED int
ELEM(write_set)(const char *value, ck_errh *errh)
{
    ck_rtbuf err;
    ck_rtbuf_init(&err);
    int rc = ck_rt_command(&RT_TABLE, CK_RT_CMD_SET, value, &err);
    if (rc < 0)
        ck_error(errh, "%s", ck_rtbuf_str(&err));
    ck_rtbuf_free(&err);
    return rc < 0 ? -1 : 0;
}

static CK_UNUSED int
ELEM(write_remove)(const char *value, ck_errh *errh)
{
    ck_rtbuf err;
    ck_rtbuf_init(&err);
    int rc = ck_rt_command(&RT_TABLE, CK_RT_CMD_REMOVE, value, &err);
    if (rc < 0)
        ck_error(errh, "%s", ck_rtbuf_str(&err));
    ck_rtbuf_free(&err);
    return rc < 0 ? -1 : 0;
}

static CK_UNUSED int
ELEM(write_ctrl)(const char *value, ck_errh *errh)
{
    ck_rtbuf err;
    ck_rtbuf_init(&err);
    int rc = ck_rt_ctrl(&RT_TABLE, value, &err);
    if (rc < 0)
        ck_error(errh, "%s", ck_rtbuf_str(&err));
    ck_rtbuf_free(&err);
    return rc < 0 ? -1 : 0;
}
