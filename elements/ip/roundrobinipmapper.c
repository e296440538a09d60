/* RoundRobinIPMapper: a mapper that hands its patterns to the rewriters in turn (Click's
 * elements/ip/rripmapper.cc).  Its state (the patterns and the next one to try) is an
 * rw_mapper emitted by the configuration parser (tcpudp/rewriter_config.py) and used by the
 * rewriters' inputs that name this element (rw_input_rewrite in tcpudp/rewriter_flow.h). */
#include "tcpudp/rewriter_flow.h"
