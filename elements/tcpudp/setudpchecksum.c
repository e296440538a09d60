/* SetUDPChecksum: recomputes the UDP checksum (Click's elements/tcpudp/setudpchecksum.cc)
 * over the UDP length.  A fragment, or a packet with fewer than 8 bytes or fewer than the UDP
 * length from its transport header on, goes to output 1 or, without one, is dropped (reason
 * "fragment or short packet"); the first such drop in the router is reported as Click does,
 * once for all SetUDPChecksum elements ("NAME :: SetUDPChecksum: fragment or short packet").
 * A packet without a complete IP header at its network header annotation (Click would read
 * it anyway) is treated the same way. */
#include "ip/ckip.h"
#include "standard/ckstat.h"

#ifndef CK_SETUDPCHECKSUM_ONCE
#define CK_SETUDPCHECKSUM_ONCE
/* Click's router attachment "SetUDPChecksum_message": one report per router. */
static int ck_setudpchecksum_reported;
#endif

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    p = ck_packet_uniqueify(p);
    if (!p)
        return NULL;
    unsigned char *iph = ck_network_header(p);
    unsigned char *uh = ck_transport_header(p);
    long nlen = ck_network_length(p), tlen = ck_transport_length(p);
    uint32_t len = 0;
    if (!iph || !uh || nlen < CKIP_HDR || ((long)(iph[CKIP_VHL] & 0xF) << 2) > nlen
        || (ck_get16(iph + CKIP_OFF) & (CKIP_MF | CKIP_OFFMASK)) != 0
        || tlen < 8 || tlen < (long)(len = ck_get16(uh + 4))) {
        if (NOUTPUTS > 1) {
            OUTPUT(1, p);
        } else {
            if (CK_ONCE(ck_setudpchecksum_reported))
                ck_chatter("%s :: SetUDPChecksum: fragment or short packet", ELEMENT_NAME);
            ck_drop(p, ELEMENT_INDEX, "fragment or short packet");
        }
        return NULL;
    }
    ck_transport_set_cksum(iph, uh, len, 6);
    return p;
}
#include "simple_action.h"
