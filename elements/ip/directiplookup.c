/* DirectIPLookup: longest-prefix-match route lookup on the destination IP annotation (Click's
 * elements/ip/directiplookup.{cc,hh}, elements/ip/iproutetable.cc).
 *
 * Click's DIR-24-8-BASIC table; clickc reproduces its hash-chain `table` order and shared
 * virtual ports (a route with the default route's gateway and output follows it) on the
 * shared DIR-24-8 structure.
 *
 * Each packet's DST_IP annotation is looked up; a route with a gateway sets the annotation to the
 * gateway; the packet leaves on the route's output.  Routes are compiled by clickc.routes into
 * ELEM(routes) (per-instance code emitted before this file) and loaded into a ck_rt
 * (runtime/lpm.h) at initialization; without them the configuration text is parsed at run time.
 * docs/route-lookup.md describes the structure and the handler conventions. */
#include "ip/routetable.h"

#define RT_KIND CK_RT_DIRECT
#include "iproutetable_body.h"
#include "iproutetable_write.h"
#include "iproutetable_flush.h"
