/* PollDevice(DEVNAME [, BURST, keywords]): Click's polling receive element of the Linux kernel
 * module (elements/linuxmodule/polldevice.cc).  A clickc router is a user-level program, so
 * PollDevice polls the device's AF_PACKET TPACKET_V3 ring (runtime/io_afpacket.h) from its
 * task, up to BURST frames per run, as FromDevice METHOD LINUX does.  Frames the host itself
 * sends are not read.  LENGTH is the largest frame kept (default: no limit); ALLOW_NONEXISTENT
 * makes a missing device an idle element (with a warning unless QUIET); UP_CALL and DOWN_CALL
 * are not supported (a warning says so).  Handlers: count (packets, its old name), calls,
 * reset_counts. */
#include "io_afpacket.h"
#include "userlevel/ckafprx.h"

static uint64_t ELEM(calls);

static int
ELEM(init)(ck_errh *errh)
{
    char err[256];
    uint32_t snaplen = 0;
#if CONF_GIVEN(LENGTH)
    snaplen = (uint32_t)CONF(LENGTH);
#endif
    ELEM(afp_configure)(snaplen);
#if CONF_GIVEN(UP_CALL) || CONF_GIVEN(DOWN_CALL)
    ck_warning(errh, "UP_CALL and DOWN_CALL are not supported by clickc; ignored");
#endif
    if (ck_afp_rx_open(&ELEM(rx), CONF(DEVNAME), 0, (int)CONF(PROMISC), ELEM(snaplen), 0, -1, NULL,
                       0, err, sizeof err) < 0) {
        if (CONF(ALLOW_NONEXISTENT) && ck_afp_ifindex(CONF(DEVNAME)) == 0) {
            if (!CONF(QUIET))
                ck_warning(errh, "%s", err);
            return 0;
        }
        return ck_error(errh, "%s", err);
    }
    ck_source_active(+1); /* a device never ends: the router runs until stopped */
    return 0;
}

static void
ELEM(cleanup)(void)
{
    ck_afp_rx_close(&ELEM(rx));
}

static void ELEM(emit)(ck_packet *p) { OUTPUT(0, p); }

static CK_UNUSED int ELEM(run_task)(void)
{
    if (ELEM(rx).fd < 0)
        return 0;
    ELEM(calls)++;
    return (int)ELEM(afp_receive)(0);
}

#include "standard/ckdata.h"
CK_DATA_READ(count, ELEM(count));

static CK_UNUSED int ELEM(read_packets)(ck_buf *out)
{
    return ELEM(read_count)(out);
}

CK_DATA_READ(calls, ELEM(calls));

static CK_UNUSED int ELEM(write_reset_counts)(const char *value, ck_errh *errh)
{
    (void)value, (void)errh;
    ELEM(count) = ELEM(calls) = 0;
    return 0;
}
