/* The `table` and `mappings` handlers of the rewriters with one flow map (TCPRewriter,
 * UDPRewriter, IPAddrRewriter, IPAddrPairRewriter, ICMPPingRewriter): the map's entries, each
 * printed by RW_UNPARSE_ENTRY, which the including template defines (after
 * rewriter_push.h).  `mappings` is Click's older name of `table`. */

static CK_UNUSED int ELEM(read_table)(ck_buf *out)
{
    return ELEM(table_text)(&ELEM(rw)->map, out, RW_UNPARSE_ENTRY);
}

static CK_UNUSED int ELEM(read_mappings)(ck_buf *out)
{
    return ELEM(read_table)(out);
}
#undef RW_UNPARSE_ENTRY
