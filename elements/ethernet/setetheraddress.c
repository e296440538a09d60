/* SetEtherAddress(ADDR, ANNO): stores ADDR in the 6 annotation bytes at ANNO of every packet
 * (Click's elements/ethernet/setetheraddress.cc).  Handler addr reads and changes ADDR. */
#include "ethernet/ckanno6.h"
static unsigned char ELEM(addr)[6];

static int
ELEM(init)(ck_errh *errh)
{
    memcpy(ELEM(addr), (const unsigned char *)(CONF(ADDR)), 6);
    return ELEM(anno6_setup)(errh);
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    memcpy(p->anno + ELEM(anno_off), ELEM(addr), 6);
    return p;
}
#include "simple_action.h"

#include "standard/ckdata.h"
CK_DATA_READ_WITH(addr, ck_unparse_ether, ELEM(addr));
CK_DATA_WRITE_ETHER(addr, ELEM(addr), "expected Ethernet address");
