/* CopyFlowID: remembers the flow (addresses and ports) of the first packet on input 0 and
 * writes it into every packet on input 1 (Click's elements/local/copyflowid.cc); packets leave
 * on the output of their input's number.  The flow is all zeros until a first packet is seen
 * (Click's default IPFlowID); `reset` forgets it.  Input 0 packets that are not first
 * fragments with an IP header and 4 transport bytes (Click asserts) are passed without being
 * remembered; input 1 packets without room for the addresses and ports (Click would write past
 * them) are dropped (reason "no TCP header"). */
#include "ip/ckip.h"
#include "local/ckmonitorset.h"

static unsigned char ELEM(flow)[12]; /* saddr, daddr, sport, dport in network order */

static void ELEM(monitor)(ck_packet *p)
{
    const unsigned char *iph = ck_network_header(p), *th = ck_transport_header(p);
    if (ELEM(start) || !iph || !th || ck_network_length(p) < CKIP_HDR
        || ck_transport_length(p) < 4 || (ck_get16(iph + CKIP_OFF) & CKIP_OFFMASK) != 0)
        return;
    memcpy(ELEM(flow), iph + CKIP_SRC, 8);
    memcpy(ELEM(flow) + 8, th, 4);
    ELEM(start) = 1;
}

static int ELEM(fits)(const ck_packet *p)
{
    return ck_network_header(p) && ck_transport_header(p) && ck_network_length(p) >= CKIP_HDR
           && ck_transport_length(p) >= 4;
}

static void ELEM(store)(ck_packet *p)
{
    memcpy(ck_network_header(p) + CKIP_SRC, ELEM(flow), 8);
    memcpy(ck_transport_header(p), ELEM(flow) + 8, 4);
}
