/* LookupIPRouteMP: longest-prefix-match route lookup on the destination IP annotation (Click's
 * elements/ip/lookupiproutemp.cc, whose per-CPU cache of the last two destinations changes no
 * result).  The routes, parsed with Click's LookupIPRouteMP rules (ip/lookupiproutemp.py), are
 * loaded into the shared route table (ip/iproutetable_body.h) and answered by the DIR-24-8
 * structure; a packet without a route is dropped with Click's "LookupIPRouteMP: no gw for HEX"
 * message (every time).  Click's initialization also prints the addresses of its cache
 * ("LookupIPRouteMP alignment: ..."), a debugging line clickc does not print. */
#include "ip/routetable.h"

#define RT_KIND CK_RT_LINEAR
#define RT_NO_GW "LookupIPRouteMP"
#include "iproutetable_body.h"
