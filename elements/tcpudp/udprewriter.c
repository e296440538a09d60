/* UDPRewriter: rewrites UDP (and TCP, DCCP) flows by patterns, with a flow table for both directions
 * (Click's elements/tcpudp/udprewriter.cc; shared body in rewriter_push.h, table in
 * rewriter_flow.h). */
#include "tcpudp/rewriter_push.h"

#define RW_UNPARSE_ENTRY rw_unparse_flow_entry
#include "tcpudp/rewriter_table.h"
