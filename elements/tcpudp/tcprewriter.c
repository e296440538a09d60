/* TCPRewriter: rewrites TCP flows by patterns, with a flow table for both directions
 * (Click's elements/tcpudp/tcprewriter.cc; shared body in rewriter_push.h, table in
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

/* lookup SADDR SPORT DADDR DPORT: the flow as rewritten, or nothing (a read handler with a
 * parameter; tcpudp/rewriter_lookup.h). */
#include "tcpudp/rewriter_lookup.h"

static CK_UNUSED int ELEM(read_lookup)(ck_buf *out)
{
    char *param = ck_strdup(ck_buf_str(out));
    ELEM(lock)();
    rw_catch_up(ELEM(rw));
    int r = rw_lookup_handler(&ELEM(rw)->map, param, out);
    ELEM(unlock)();
    free(param);
    return r;
}
