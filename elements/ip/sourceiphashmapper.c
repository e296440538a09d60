/* SourceIPHashMapper(NNODES SEED, PATTERN FOUTPUT ROUTPUT ID, ...): a mapper whose rewriters give
 * a new flow the pattern of the server its source address hashes to (Click's
 * elements/ip/siphmapper.cc).  The patterns, IDs and parameters are an rw_mapper with an
 * rw_chash emitted by the configuration parser (tcpudp/rewriter_config.py, ELEM(map)); init
 * draws the hash's points (tcpudp/rewriter_chash.h) and the rewriters' inputs that name this
 * element use it (rw_input_rewrite in tcpudp/rewriter_flow.h).  After init the hash is only
 * read. */
#include "tcpudp/rewriter_flow.h"

static int
ELEM(init)(ck_errh *errh)
{
    if (rw_chash_build(((rw_hash_mapper *)ELEM(map))->chash) < 0)
        return ck_error(errh, "out of memory");
    return 0;
}

static void
ELEM(cleanup)(void)
{
    rw_chash_free(((rw_hash_mapper *)ELEM(map))->chash);
}
