/* UDPRewriter: rewrites UDP (and TCP, DCCP) flows by patterns, with a flow table for both directions
 * (Click's elements/tcpudp/udprewriter.cc; shared body in rewriter_push.h, table in
 * rewriter_flow.h). */
#include "tcpudp/rewriter_push.h"

static CK_UNUSED int ELEM(read_table)(ck_buf *out)
{
    ELEM(lock)();
    rw_catch_up(ELEM(rw));
    rw_table(&ELEM(rw)->map, out, rw_unparse_flow_entry, rw_jiffies());
    ELEM(unlock)();
    return 0;
}

static CK_UNUSED int ELEM(read_mappings)(ck_buf *out)
{
    return ELEM(read_table)(out);
}
