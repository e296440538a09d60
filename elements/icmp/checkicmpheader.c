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

/* Concurrency (docs/concurrency.md): with ELEMENT_NTHREADS > 1 the drop counters, rare
 * counters, are updated and read with relaxed atomics (standard/ckstat.h); the first-failure
 * message is printed by the thread whose drop was the first. */
#include "standard/ckstat.h"
static uint32_t ELEM(drops);
static uint32_t ELEM(reason_drops)[3];
static const char *const ELEM(reason_texts)[3] = {
    "not ICMP", "bad packet length", "bad ICMP checksum"
};

static ck_packet *ELEM(drop)(int reason, ck_packet *p)
{
    if (CK_STAT_FETCH_ADD(ELEM(drops), 1) == 0 || CONF(VERBOSE))
        ck_chatter("%s :: CheckICMPHeader: ICMP header check failed: %s", ELEMENT_NAME,
                   ELEM(reason_texts)[reason]);
    CK_STAT_ADD(ELEM(reason_drops)[reason], 1);
    if (NOUTPUTS > 1)
        OUTPUT(1, p);
    else
        ck_drop(p, ELEMENT_INDEX, ELEM(reason_texts)[reason]);
    return NULL;
}

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

static CK_UNUSED int ELEM(read_drops)(ck_buf *out)
{
    ck_buf_printf(out, "%u", CK_STAT_LOAD(ELEM(drops)));
    return 0;
}

static CK_UNUSED int ELEM(read_drop_details)(ck_buf *out)
{
    if (!CONF(DETAILS))
        return -ENOENT; /* Click adds the handler only with DETAILS */
    for (int i = 0; i < 3; i++)
        ck_buf_printf(out, "%u\t%s\n", CK_STAT_LOAD(ELEM(reason_drops)[i]), ELEM(reason_texts)[i]);
    return 0;
}
