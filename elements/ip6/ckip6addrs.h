/* The address arguments and handlers of IP6Encap and UDPIP6Encap: ELEM(use_dst_anno),
 * ELEM(set_dst) (DST: an IPv6 address or DST_ANNO, ck_ip6_dst_arg), and the src and dst
 * handlers.  The including template defines IP6_SRC and IP6_DST (where the 16-byte addresses
 * are kept), IP6_DST_PREFIX_OK (UDPIP6Encap takes any DST starting with DST_ANNO), IP6_DST_MSG
 * (its configure message for a bad DST) and IP6_DST_SHOW_ANNO (the dst handler reads
 * "DST_ANNO" rather than the zero address).  Include after ckargs.h and ip6/ckip6.h, once per
 * instance; no include guard. */
static int ELEM(use_dst_anno);

static int ELEM(set_dst)(const char *s, ck_errh *errh)
{
    unsigned char a[16];
    int r = ck_ip6_dst_arg(s, IP6_DST_PREFIX_OK, a);
    if (r < 0)
        return ck_error(errh, IP6_DST_MSG);
    ELEM(use_dst_anno) = r;
    memcpy(IP6_DST, a, 16);
    return 0;
}

static CK_UNUSED int ELEM(read_src)(ck_buf *out)
{
    ck_buf_ip6(out, IP6_SRC);
    return 0;
}

static CK_UNUSED int ELEM(read_dst)(ck_buf *out)
{
    if (IP6_DST_SHOW_ANNO && ELEM(use_dst_anno))
        ck_buf_puts(out, "DST_ANNO");
    else
        ck_buf_ip6(out, IP6_DST);
    return 0;
}

static CK_UNUSED int ELEM(write_src)(const char *value, ck_errh *errh)
{
    unsigned char a[16];
    if (ck_ip6_dst_arg(value, 0, a) != 0)
        return ck_arg_parse_error(errh, "SRC");
    memcpy(IP6_SRC, a, 16);
    return 0;
}

static CK_UNUSED int ELEM(write_dst)(const char *value, ck_errh *errh)
{
    return ELEM(set_dst)(value, errh);
}
#undef IP6_SRC
#undef IP6_DST
#undef IP6_DST_PREFIX_OK
#undef IP6_DST_MSG
#undef IP6_DST_SHOW_ANNO
