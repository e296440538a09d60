/* CheckICMPHeader([VERBOSE, DETAILS]): checks the ICMP header of IP packets whose network and
 * transport headers are set (Click's elements/icmp/checkicmpheader.cc): the packet must be
 * ICMP ("not ICMP"), have 8 bytes of ICMP header, 28 more for error messages (unreachable,
 * time exceeded, parameter problem, source quench, redirect), exactly 20 bytes for timestamp
 * messages and 8 for information messages ("bad packet length"), and a correct checksum over
 * the rest of the packet ("bad ICMP checksum").  Bad packets go to output 1, or are dropped
 * (counted under the reason) without one; the first failure, and every one with VERBOSE,
 * prints "NAME :: CheckICMPHeader: ICMP header check failed: REASON".
 *
 * A network header without a protocol byte inside the packet counts as "not ICMP", and a
 * transport header outside the packet as "bad packet length" (where Click would read past
 * the data). */
#include "ip/ckip.h"

static const char *const ELEM(reason_texts)[] = {
    "not ICMP", "bad packet length", "bad ICMP checksum"
};

#define CKCHECK_CHATTER(reason) ck_chatter("%s :: CheckICMPHeader: ICMP header check failed: %s", ELEMENT_NAME, (reason))
#include "ip/ckcheckdrop.h"

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    if (ck_network_length(p) <= CKIP_P || ck_network_header(p)[CKIP_P] != CKIP_PROTO_ICMP)
        return ELEM(drop)(0, p);
    long icmp_len = ck_transport_length(p);
    if (icmp_len < 8)
        return ELEM(drop)(1, p);
    const unsigned char *icmp = ck_transport_header(p);
    switch (icmp[0]) {
    case CKICMP_UNREACH:
    case CKICMP_TIMXCEED:
    case CKICMP_PARAMPROB:
    case CKICMP_SOURCEQUENCH:
    case CKICMP_REDIRECT:
        if (icmp_len < 8 + 28)
            return ELEM(drop)(1, p);
        break;
    case CKICMP_TSTAMP:
    case CKICMP_TSTAMPREPLY:
        if (icmp_len != 20)
            return ELEM(drop)(1, p);
        break;
    case CKICMP_IREQ:
    case CKICMP_IREQREPLY:
        if (icmp_len != 8)
            return ELEM(drop)(1, p);
        break;
    default:
        break;
    }
    if (ck_in_cksum(icmp, (uint32_t)icmp_len) != 0)
        return ELEM(drop)(2, p);
    return p;
}
#include "simple_action.h"
