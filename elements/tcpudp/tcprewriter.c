/* TCPRewriter: rewrites TCP flows by patterns, with a flow table for both directions
 * (Click's elements/tcpudp/tcprewriter.cc; shared body in rewriter_push.h, table in
 * rewriter_flow.h). */
#include "tcpudp/rewriter_push.h"

#define RW_UNPARSE_ENTRY rw_unparse_flow_entry
#include "tcpudp/rewriter_table.h"

/* lookup SADDR SPORT DADDR DPORT: the flow as rewritten, or nothing (a read handler with a
 * parameter; tcpudp/rewriter_lookup.h). */
#include "tcpudp/rewriter_lookup.h"

static CK_UNUSED int ELEM(read_lookup)(ck_buf *out)
{
    return ELEM(lookup_text)(&ELEM(rw)->map, out);
}
