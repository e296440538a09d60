/* CheckARPHeader([OFFSET, VERBOSE, DETAILS]): Click's elements/ethernet/checkarpheader.cc.
 * The ARP header at OFFSET must hold its 8 fixed bytes ("tiny packet"), then its addresses
 * (8 + 2 hln + 2 pln bytes: "too small for addresses"); Ethernet hardware (type 1) needs hln 6
 * ("bad hardware type/length"), IPv4 (0x0800) pln 4 and IPv6 (0x86DD) pln 16 ("bad protocol
 * type/length").  A good packet gets its network header annotation on the ARP header; a bad
 * one leaves on output 1 (dropped, counted with its reason, without one), counted in drops,
 * and "ARP header check failed: REASON" is printed for the first (every one with VERBOSE).
 * With ELEMENT_NTHREADS above 1 the counters are relaxed atomics (standard/ckstat.h). */
#include "ethernet/ckether.h"
#include "standard/ckoutput.h"
#include "standard/ckstat.h"

static const char *const ELEM(reasons)[4] = {
    "tiny packet", "too small for addresses", "bad hardware type/length",
    "bad protocol type/length"};
static uint64_t ELEM(drops);
static uint64_t ELEM(reason_drops)[4];

static ck_packet *ELEM(bad)(ck_packet *p, int reason)
{
    if (CK_STAT_FETCH_ADD(ELEM(drops), 1) == 0 || CONF(VERBOSE))
        ck_chatter("ARP header check failed: %s", ELEM(reasons)[reason]);
    CK_STAT_ADD(ELEM(reason_drops)[reason], 1);
    CK_OUTPUT1_OR_DROP(p, ELEM(reasons)[reason]);
    return NULL;
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    uint32_t off = (uint32_t)CONF(OFFSET);
    if (off > p->len || p->len - off < 8)
        return ELEM(bad)(p, 0);
    const unsigned char *ap = p->data + off;
    uint32_t hlen = 8 + 2u * ap[4] + 2u * ap[5];
    if (p->len - off < hlen)
        return ELEM(bad)(p, 1);
    uint16_t hrd = ck_eget16(ap + CK_ARP_OFF_HRD), pro = ck_eget16(ap + CK_ARP_OFF_PRO);
    if (hrd == CK_ARPHRD_ETHER && ap[4] != 6)
        return ELEM(bad)(p, 2);
    if ((pro == CK_ETHERTYPE_IP && ap[5] != 4) || (pro == 0x86DD && ap[5] != 16))
        return ELEM(bad)(p, 3);
    ck_set_network_header(p, ap, hlen);
    return p;
}
#include "simple_action.h"

#include "standard/ckdata.h"
CK_DATA_READ(drops, CK_STAT_LOAD(ELEM(drops)));

static CK_UNUSED int ELEM(read_drop_details)(ck_buf *out)
{
    for (int i = 0; i < 4; i++)
        ck_buf_printf(out, "%llu\t%s\n", (unsigned long long)CK_STAT_LOAD(ELEM(reason_drops)[i]),
                      ELEM(reasons)[i]);
    return 0;
}
