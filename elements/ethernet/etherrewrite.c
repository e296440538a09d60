/* EtherRewrite(SRC, DST): overwrites the destination and source addresses of the Ethernet
 * header at the packet's MAC header (Click's elements/ethernet/etherrewrite.cc), copying shared
 * data first. A packet without a MAC header, or with fewer than 12 bytes from it to the end, is
 * dropped (reason "no MAC header"; Click would write through its unset pointer). Handlers src
 * and dst read and set the addresses. */
static unsigned char ELEM(ethh)[12]; /* dst, src */

static int
ELEM(init)(ck_errh *errh)
{
    (void)errh;
    memcpy(ELEM(ethh), (const unsigned char *)(CONF(DST)), 6);
    memcpy(ELEM(ethh) + 6, (const unsigned char *)(CONF(SRC)), 6);
    return 0;
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    if (p->mac_off < 0 || (long)(p->data + p->len - (p->head + p->mac_off)) < 12) {
        ck_drop(p, ELEMENT_INDEX, "no MAC header");
        return NULL;
    }
    p = ck_packet_uniqueify(p);
    if (!p) {
        ck_count_drop(ELEMENT_INDEX, "out of memory");
        return NULL;
    }
    memcpy(p->head + p->mac_off, ELEM(ethh), 12);
    return p;
}
#include "simple_action.h"
#include "ethernet/ckether.h"
#include "ethernet/ckethaddr.h"

static CK_UNUSED int ELEM(set)(const char *value, unsigned char *dst, const char *what, ck_errh *errh)
{
    if (ck_ether_parse_value(value, dst) < 0)
        return ck_error(errh, "%s: expected Ethernet address", what);
    return 0;
}

static CK_UNUSED int ELEM(write_src)(const char *value, ck_errh *errh)
{
    return ELEM(set)(value, ELEM(ethh) + 6, "SRC", errh);
}

static CK_UNUSED int ELEM(write_dst)(const char *value, ck_errh *errh)
{
    return ELEM(set)(value, ELEM(ethh), "DST", errh);
}
