/* IPAddrRewriter: rewrites source addresses by patterns, one mapping per address; replies
 * (matched by destination address) get the original address back (Click's
 * elements/ip/ipaddrrewriter.cc; shared body in tcpudp/rewriter_push.h). */
#include "tcpudp/rewriter_push.h"

/* "SADDR => DADDR [ports]" (IPAddrRewriter::IPAddrFlow::unparse) */
static void ELEM(unparse_entry)(ck_buf *out, rw_entry *e, uint32_t now)
{
    rw_flow *f = rw_entry_flow(e);
    rw_unparse_addr(out, e->id.saddr);
    ck_buf_puts(out, " => ");
    rw_unparse_addr(out, f->e[!e->dir].id.daddr);
    rw_unparse_ports(out, f, e->dir, now);
}

#define RW_UNPARSE_ENTRY ELEM(unparse_entry)
#include "tcpudp/rewriter_table.h"
