/* IPAddrPairRewriter: rewrites addresses by patterns, one mapping per (source, destination)
 * pair (Click's elements/ip/ipaddrpairrewriter.cc; shared body in tcpudp/rewriter_push.h). */
#include "tcpudp/rewriter_push.h"

/* "(SADDR, DADDR) => (SADDR', DADDR') [ports]" (IPAddrPairRewriter::IPAddrPairFlow::unparse) */
static void ELEM(unparse_entry)(ck_buf *out, rw_entry *e, uint32_t now)
{
    rw_flow *f = rw_entry_flow(e);
    const rw_flowid *r = &f->e[!e->dir].id;
    ck_buf_puts(out, "(");
    rw_unparse_addr(out, e->id.saddr);
    ck_buf_puts(out, ", ");
    rw_unparse_addr(out, e->id.daddr);
    ck_buf_puts(out, ") => (");
    rw_unparse_addr(out, r->daddr);
    ck_buf_puts(out, ", ");
    rw_unparse_addr(out, r->saddr);
    ck_buf_puts(out, ")");
    rw_unparse_ports(out, f, e->dir, now);
}

#define RW_UNPARSE_ENTRY ELEM(unparse_entry)
#include "tcpudp/rewriter_table.h"
