/* HostEtherFilter(ETHER [, DROP_OWN, DROP_OTHER, OFFSET]): classifies Ethernet frames by
 * destination (Click's elements/ethernet/hostetherfilter.cc): sets the packet type annotation
 * to HOST, BROADCAST, MULTICAST or OTHERHOST; frames from ETHER (with DROP_OWN) and frames for
 * other hosts (with DROP_OTHER, the default) go to output 1, or are dropped when it is absent.
 * Click reads the 12 address bytes at OFFSET without a length check; here a frame shorter than
 * OFFSET + 12 bytes goes to output 1 (or is dropped with reason "short Ethernet frame"). The
 * `ether` handler reads and sets ETHER. */
#include "standard/ckoutput.h"

static unsigned char ELEM(addr)[6];

static int
ELEM(init)(ck_errh *errh)
{
    (void)errh;
    memcpy(ELEM(addr), (const unsigned char *)(CONF(ETHER)), 6);
    return 0;
}

static CK_UNUSED void ELEM(reject)(ck_packet *p, const char *reason)
{
    CK_OUTPUT1_OR_DROP(p, reason);
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    const uint64_t off = (uint64_t)CONF(OFFSET);
    if ((uint64_t)p->len < off + 12) {
        ELEM(reject)(p, "short Ethernet frame");
        return NULL;
    }
    const unsigned char *dhost = p->data + off, *shost = dhost + 6;
    static const unsigned char bcast[6] = {0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};
    if (CONF(DROP_OWN) && memcmp(shost, ELEM(addr), 6) == 0) {
        ELEM(reject)(p, "frame from this host");
        return NULL;
    } else if (memcmp(dhost, ELEM(addr), 6) == 0)
        p->packet_type = CK_PACKET_HOST;
    else if (memcmp(dhost, bcast, 6) == 0)
        p->packet_type = CK_PACKET_BROADCAST;
    else if (dhost[0] & 1)
        p->packet_type = CK_PACKET_MULTICAST;
    else {
        p->packet_type = CK_PACKET_OTHERHOST;
        if (CONF(DROP_OTHER)) {
            ELEM(reject)(p, "frame for another host");
            return NULL;
        }
    }
    return p;
}
#include "simple_action.h"
#include "ethernet/ckether.h"

#include "standard/ckdata.h"
CK_DATA_READ_WITH(ether, ck_unparse_ether, ELEM(addr));

static CK_UNUSED int ELEM(write_ether)(const char *value, ck_errh *errh)
{
    if (ck_ether_parse_value(value, ELEM(addr)) < 0)
        return ck_error(errh, "expected Ethernet address");
    return 0;
}
