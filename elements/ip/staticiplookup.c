/* StaticIPLookup: longest-prefix-match route lookup on the destination IP annotation (Click's
 * elements/ip/lookupiproute.{cc,hh}, elements/ip/iproutetable.cc).
 *
 * A static route table: routes come only from the configuration; the `table` and `lookup`
 * handlers read it (Click's StaticIPLookup has no write handlers).
 *
 * Each packet's DST_IP annotation is looked up; a route with a gateway sets the annotation to the
 * gateway; the packet leaves on the route's output.  Routes are compiled by clickc.routes into
 * ELEM(routes) (per-instance code emitted before this file) and loaded into a ck_rt
 * (runtime/lpm.h) at initialization; without them the configuration text is parsed at run time.
 * docs/route-lookup.md describes the structure and the handler conventions. */
#include "ip/routetable.h"

#define RT_KIND CK_RT_STATIC
#define RT_NO_ROUTE "LinearIPLookup"
#include "iproutetable_body.h"
