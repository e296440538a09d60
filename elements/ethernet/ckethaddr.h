/* The src and dst read handlers of EtherEncap and EtherRewrite (per instance): ELEM(ethh)
 * holds the Ethernet header's destination address, then its source address. */

static CK_UNUSED int ELEM(read_src)(ck_buf *out)
{
    ck_unparse_ether(out, ELEM(ethh) + 6);
    return 0;
}

static CK_UNUSED int ELEM(read_dst)(ck_buf *out)
{
    ck_unparse_ether(out, ELEM(ethh));
    return 0;
}
