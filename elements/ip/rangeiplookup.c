/* RangeIPLookup: longest-prefix-match route lookup on the destination IP annotation (Click's
 * elements/ip/rangeiplookup.{cc,hh}, elements/ip/iproutetable.cc).
 *
 * Click expands a DirectIPLookup table it keeps beside it into address ranges searched by
 * bisection; its route changes, `table` listing and `flush` are DirectIPLookup's.  clickc keeps
 * DirectIPLookup's control plane (CK_RT_DIRECT) and answers lookups from the shared DIR-24-8
 * structure, which gives the same answers.  A packet without a route is dropped without a
 * message, as in Click.  docs/route-lookup.md describes the structure and the handlers. */
#include "ip/routetable.h"

#define RT_KIND CK_RT_DIRECT
#include "iproutetable_body.h"
#include "iproutetable_write.h"
#include "iproutetable_flush.h"
