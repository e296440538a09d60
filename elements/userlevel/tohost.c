/* ToHost(DEVNAME): the user-level ToHost of Click (elements/userlevel/tohost.cc): writes each
 * Ethernet frame to the host through the tap device of the router's FromHost with the same
 * DEVNAME (an initialization error without one, in Click's words).  A frame shorter than an
 * Ethernet header is dropped ("packet too small", Click's message); a failed write is counted
 * in drops (Click's handler) and as a drop with its reason.  Handlers: dev_name, drops. */
#include <unistd.h>
#include <errno.h>

#include "userlevel/ckhostdev.h"

static int ELEM(fd) = -1;
static uint32_t ELEM(drops);
static int ELEM(printed_write_err);

static int
ELEM(init)(ck_errh *errh)
{
    ELEM(fd) = ck_hostdev_find((const char *)CONF(DEVNAME));
    if (ELEM(fd) < 0)
        return ck_error(errh, "ToHost(%s) requires an initialized FromHost with the same dev_name",
                        (const char *)CONF(DEVNAME));
    return 0;
}

static void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    if (p->len < 14) {
        ck_chatter("ToHost: packet too small");
        ck_drop(p, ELEMENT_INDEX, "packet too small");
        return;
    }
    unsigned char et0 = p->data[12], et1 = p->data[13];
    p = ck_packet_push(p, 4);
    if (!p) {
        ck_chatter("%s: out of memory", ELEMENT_NAME);
        return;
    }
    p->data[0] = p->data[1] = 0; /* tun_pi: flags, then the Ethernet type */
    p->data[2] = et0;
    p->data[3] = et1;
    ssize_t w = write(ELEM(fd), p->data, p->len);
    if (w != (ssize_t)p->len) {
        if (errno != ENOBUFS || !ELEM(printed_write_err)) {
            ELEM(printed_write_err) = 1;
            ELEM(drops)++;
            ck_chatter("ToHost(%s): write failed: %s", (const char *)CONF(DEVNAME),
                       strerror(errno));
        }
        ck_drop(p, ELEMENT_INDEX, "write failed");
        return;
    }
    ck_packet_kill(p);
}

#include "standard/ckdata.h"
CK_DATA_READ_STRING(dev_name, (const char *)CONF(DEVNAME));
CK_DATA_READ(drops, ELEM(drops));
