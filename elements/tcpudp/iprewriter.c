/* IPRewriter: rewrites TCP and UDP flows by patterns, with a flow table for both directions
 * (Click's elements/tcpudp/iprewriter.cc; shared body in rewriter_push.h, table in
 * rewriter_flow.h).  TCP flows are kept in one map, UDP flows in another, as in Click. */
#include "tcpudp/rewriter_push.h"

static CK_UNUSED int ELEM(read_tcp_table)(ck_buf *out)
{
    return ELEM(table_text)(&ELEM(rw)->map, out, rw_unparse_flow_entry);
}

static CK_UNUSED int ELEM(read_udp_table)(ck_buf *out)
{
    return ELEM(table_text)(&ELEM(rw)->udp_map, out, rw_unparse_flow_entry);
}

static CK_UNUSED int ELEM(read_tcp_mappings)(ck_buf *out)
{
    return ELEM(read_tcp_table)(out);
}

static CK_UNUSED int ELEM(read_udp_mappings)(ck_buf *out)
{
    return ELEM(read_udp_table)(out);
}

/* tcp_lookup SADDR SPORT DADDR DPORT: the TCP flow as rewritten, or nothing (a read handler
 * with a parameter; tcpudp/rewriter_lookup.h). */
#include "tcpudp/rewriter_lookup.h"

static CK_UNUSED int ELEM(read_tcp_lookup)(ck_buf *out)
{
    return ELEM(lookup_text)(&ELEM(rw)->map, out);
}
