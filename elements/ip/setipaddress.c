/* SetIPAddress(IPADDR [, ANNO]): sets the 4-byte annotation ANNO (DST_IP by default) to
 * IPADDR (Click's elements/ip/setipaddress.cc).  The addr handler reads and changes it. */
#include "ip/ckip.h"

static uint32_t ELEM(ip);

static int
ELEM(init)(ck_errh *errh)
{
    (void)errh;
    ELEM(ip) = CONF(IPADDR);
    return 0;
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    ck_set_anno_u32(p, (int)CONF(ANNO), ELEM(ip));
    return p;
}
#include "simple_action.h"

#include "standard/ckdata.h"
CK_DATA_READ_IP(addr, ELEM(ip));
CK_DATA_WRITE_IP(addr, ELEM(ip), "expected IP address");
