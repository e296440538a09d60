/* IPRewriterPatterns: names patterns for the rewriters (Click's elements/ip/iprwpatterns.cc).
 * Nothing happens at run time: the configuration parser (tcpudp/rewriter_config.py) emits
 * each named pattern once as an rw_pattern shared by every rewriter input and mapper that
 * names it, so their sequential port allocation continues from one another as in Click. */
#include "tcpudp/rewriter_flow.h"
