/* ICMPPingRewriter: rewrites ICMP echo requests and replies by patterns, the identifier
 * playing the port's role (Click's elements/icmp/icmppingrewriter.cc; shared body in
 * tcpudp/rewriter_push.h).  Only an echo request creates a mapping. */
#include "tcpudp/rewriter_push.h"

/* "(SADDR, DADDR, ID) => (SADDR', DADDR', ID') [ports]" (ICMPPingFlow::unparse) */
static void ELEM(unparse_entry)(ck_buf *out, rw_entry *e, uint32_t now)
{
    rw_flow *f = rw_entry_flow(e);
    rw_flowid r = rw_entry_rewritten(e);
    ck_buf_puts(out, "(");
    rw_unparse_addr(out, e->id.saddr);
    ck_buf_puts(out, ", ");
    rw_unparse_addr(out, e->id.daddr);
    ck_buf_printf(out, ", %u) => (", (unsigned)rw_ntohs(e->id.sport));
    rw_unparse_addr(out, r.saddr);
    ck_buf_puts(out, ", ");
    rw_unparse_addr(out, r.daddr);
    ck_buf_printf(out, ", %u)", (unsigned)rw_ntohs(r.sport));
    rw_unparse_ports(out, f, e->dir, now);
}

#define RW_UNPARSE_ENTRY ELEM(unparse_entry)
#include "tcpudp/rewriter_table.h"
