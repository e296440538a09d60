/* SetPacketType(TYPE): sets the packet type annotation (Click's
 * elements/standard/setpackettype.cc): HOST, BROADCAST, MULTICAST, OTHERHOST, OUTGOING or
 * LOOPBACK, in any case.  Any other word (FASTROUTE included: Click's parse_type does not know
 * it) is refused by the checker (clickc.elements.parsers:packet_type) with Click's message,
 * and again here should a run-time parameter bring one. */
#include <ctype.h>

static uint8_t ELEM(ptype);

static int
ELEM(init)(ck_errh *errh)
{
    static const char *const names[] = {"HOST", "BROADCAST", "MULTICAST", "OTHERHOST",
                                        "OUTGOING", "LOOPBACK"};
    static const uint8_t types[] = {CK_PACKET_HOST, CK_PACKET_BROADCAST, CK_PACKET_MULTICAST,
                                    CK_PACKET_OTHERHOST, CK_PACKET_OUTGOING,
                                    CK_PACKET_LOOPBACK};
    const char *t = CONF(TYPE);
    char up[16];
    size_t n = strlen(t);
    if (n < sizeof up) {
        for (size_t i = 0; i <= n; i++)
            up[i] = (char)toupper((unsigned char)t[i]);
        for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
            if (strcmp(up, names[i]) == 0) {
                ELEM(ptype) = types[i];
                return 0;
            }
    }
    return ck_error(errh, "unrecognized packet type '%s'", t);
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    p->packet_type = ELEM(ptype);
    return p;
}
#include "simple_action.h"
