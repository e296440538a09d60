/* The `flush` write handler (remove every route) of RadixIPLookup and DirectIPLookup, which
 * Click's LinearIPLookup lacks; included per instance after iproutetable_body.h. No include
 * guard. */
static CK_UNUSED int
ELEM(write_flush)(const char *value, ck_errh *errh)
{
    (void)value;
    (void)errh;
    ck_rt_flush(&RT_TABLE);
    return 0;
}
