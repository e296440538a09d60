/* The rewriter table lock (rw_global_lock, rewriter_flow.h) around a rewriter's or
 * ICMPRewriter's table work (per instance): taken only when another thread may touch the
 * tables (ELEMENT_NTHREADS > 1, or a router with several threads: ELEM(router_threads), from
 * the per-instance code of clickc.elements.tcpudp.rewriter_config); with one thread the calls
 * compile away. */
#include "tcpudp/rewriter_flow.h"

#ifndef ELEMENT_NTHREADS
#define ELEMENT_NTHREADS 1
#endif

static inline void ELEM(lock)(void)
{
    if (ELEMENT_NTHREADS > 1 || ELEM(router_threads) > 1)
        pthread_mutex_lock(&rw_global_lock);
}

static inline void ELEM(unlock)(void)
{
    if (ELEMENT_NTHREADS > 1 || ELEM(router_threads) > 1)
        pthread_mutex_unlock(&rw_global_lock);
}
