/* StoreEtherAddress(ADDR, OFFSET) or StoreEtherAddress(OFFSET, ANNO A): Click's
 * elements/ethernet/storeetheraddress.cc.  A packet of at least OFFSET + 6 bytes gets ADDR (or
 * the 6 annotation bytes at A) at OFFSET; a shorter one leaves on output 1 (dropped, counted
 * as "packet too short", without one).  Handler addr reads and changes ADDR. */
#include "ethernet/ckethoffset.h"
#include "standard/ckoutput.h"
#include "ethernet/ckanno6.h"
static unsigned char ELEM(addr)[6];
static uint32_t ELEM(offset);

static int
ELEM(init)(ck_errh *errh)
{
    ELEM(offset) = ck_ether_offset(CONF(OFFSET));
#if CONF_GIVEN(ADDR)
    memcpy(ELEM(addr), (const unsigned char *)(CONF(ADDR)), 6);
#endif
    return ELEM(anno6_setup)(errh);
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    if ((uint64_t)ELEM(offset) + 6 > p->len) {
        CK_OUTPUT1_OR_DROP(p, "packet too short");
        return NULL;
    }
    p = ck_packet_uniqueify(p);
    if (!p) {
        ck_count_drop(ELEMENT_INDEX, "out of memory");
        return NULL;
    }
    memcpy(p->data + ELEM(offset), CONF_GIVEN(ANNO) ? p->anno + ELEM(anno_off) : ELEM(addr), 6);
    return p;
}
#include "simple_action.h"

#include "standard/ckdata.h"
CK_DATA_READ_WITH(addr, ck_unparse_ether, ELEM(addr));
CK_DATA_WRITE_ETHER(addr, ELEM(addr), "expected Ethernet address");
