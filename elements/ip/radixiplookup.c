/* RadixIPLookup: longest-prefix-match route lookup on the destination IP annotation (Click's
 * elements/ip/radixiplookup.{cc,hh}, elements/ip/iproutetable.cc).
 *
 * Click uses a radix trie; clickc keeps Click's route vector and free-slot reuse (the `table`
 * order) and answers lookups from the shared DIR-24-8 structure.
 *
 * Each packet's DST_IP annotation is looked up; a route with a gateway sets the annotation to the
 * gateway; the packet leaves on the route's output.  Routes are compiled by clickc.routes into
 * ELEM(routes) (per-instance code emitted before this file) and loaded into a ck_rt
 * (runtime/lpm.h) at initialization; without them the configuration text is parsed at run time.
 * docs/route-lookup.md describes the structure and the handler conventions. */
#include "ip/routetable.h"

#define RT_KIND CK_RT_RADIX
#define RT_NO_ROUTE "IPRouteTable"
#include "iproutetable_body.h"
#include "iproutetable_write.h"
#include "iproutetable_flush.h"
