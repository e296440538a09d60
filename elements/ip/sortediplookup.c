/* SortedIPLookup: longest-prefix-match route lookup on the destination IP annotation (Click's
 * elements/ip/sortediplookup.{cc,hh}, a LinearIPLookup).
 *
 * Click's LinearIPLookup vector, topologically sorted after every add, set and remove so that a
 * route comes before the routes containing it (CK_RT_SORTED in ip/routetable.c); the `table`
 * handler lists that order.  The first containing route of the sorted list is the longest
 * prefix match, which the shared DIR-24-8 structure answers.  A packet without a route is
 * dropped with Click's "SortedIPLookup: no gw for HEX" message (every time; HEX is the address
 * as a number in network byte order, as Click prints it). */
#include "ip/routetable.h"

#define RT_KIND CK_RT_SORTED
#define RT_NO_GW "SortedIPLookup"
#include "iproutetable_body.h"
#include "iproutetable_write.h"
