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

static CK_UNUSED int ELEM(read_addr)(ck_buf *out)
{
    ck_buf_ip(out, ELEM(ip));
    return 0;
}

static CK_UNUSED int ELEM(write_addr)(const char *value, ck_errh *errh)
{
    uint32_t a;
    if (ck_ip_parse(value, &a) < 0)
        return ck_error(errh, "expected IP address");
    ELEM(ip) = a;
    return 0;
}
