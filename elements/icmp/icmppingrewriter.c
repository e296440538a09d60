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

static CK_UNUSED int ELEM(read_table)(ck_buf *out)
{
    ELEM(lock)();
    rw_catch_up(ELEM(rw));
    rw_table(&ELEM(rw)->map, out, ELEM(unparse_entry), rw_jiffies());
    ELEM(unlock)();
    return 0;
}

static CK_UNUSED int ELEM(read_mappings)(ck_buf *out)
{
    return ELEM(read_table)(out);
}
