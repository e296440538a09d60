/* GetEtherAddress(ANNO, OFFSET): Click's elements/ethernet/getetheraddress.cc.  The 6 bytes at
 * OFFSET of a packet of at least OFFSET + 6 bytes go to the annotation at ANNO; a shorter
 * packet leaves on output 1 (dropped, counted as "packet too short", without one). */
#include "ethernet/ckethoffset.h"
#include "standard/ckoutput.h"
#include "ethernet/ckanno6.h"
static uint32_t ELEM(offset);

static int
ELEM(init)(ck_errh *errh)
{
    ELEM(offset) = ck_ether_offset(CONF(OFFSET));
    return ELEM(anno6_setup)(errh);
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    if ((uint64_t)ELEM(offset) + 6 > p->len) {
        CK_OUTPUT1_OR_DROP(p, "packet too short");
        return NULL;
    }
    memcpy(p->anno + ELEM(anno_off), p->data + ELEM(offset), 6);
    return p;
}
#include "simple_action.h"
