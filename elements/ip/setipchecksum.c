/* SetIPChecksum: recomputes the IP header checksum (Click's elements/ip/setipchecksum.cc).
 * The header is at the network header annotation, or at the start of the data when it is
 * unset.  A packet shorter than 20 bytes from there, or whose header length is below 20 or
 * beyond its data, is dropped (reason "bad input packet"; the first one is reported as
 * Click's "SetIPChecksum: bad input packet") and counted by the `drops` handler.  With
 * ELEMENT_NTHREADS above 1 the drop count is a relaxed atomic (CK_STAT_*) and the report is
 * still printed once. */
#include "ip/ckip.h"
#include "standard/ckstat.h"

static uint32_t ELEM(drops);

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    p = ck_packet_uniqueify(p);
    if (!p)
        return NULL;
    /* Click's nh_data: the network header when set (it may lie in the headroom, before the
     * data, after StripIPHeader), else the data */
    unsigned char *nh = ck_network_header(p);
    if (!nh || nh > p->data + p->len)
        nh = p->data;
    long plen = (long)((p->data + p->len) - nh);
    uint32_t hlen;
    if (CK_LIKELY(plen >= CKIP_HDR) && CK_LIKELY((hlen = (uint32_t)(nh[CKIP_VHL] & 0xF) << 2)
                                                 >= CKIP_HDR)
        && CK_LIKELY(hlen <= (uint32_t)plen)) {
        ck_ip_set_cksum(nh, hlen);
        return p;
    }
    if (CK_STAT_FETCH_ADD(ELEM(drops), 1) == 0)
        ck_chatter("SetIPChecksum: bad input packet");
    ck_drop(p, ELEMENT_INDEX, "bad input packet");
    return NULL;
}
#include "simple_action.h"

#include "standard/ckdata.h"
CK_DATA_READ(drops, CK_STAT_LOAD(ELEM(drops)));
