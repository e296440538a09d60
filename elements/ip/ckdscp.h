/* The DSCP value of SetIPDSCP and SetIP6DSCP: ELEM(dscp) set from the DSCP argument at
 * initialization, and the `dscp` handler that reads and changes it with Click's checks
 * (SetIPDSCP::configure, SetIP6DSCP::configure: "diffserv code point out of range" above 63).
 * Included once per instance after ckargs.h, before the element's simple_action; no include
 * guard. */
#include "standard/ckdata.h"

static unsigned ELEM(dscp);

static int
ELEM(init)(ck_errh *errh)
{
    (void)errh;
    ELEM(dscp) = (unsigned)CONF(DSCP);
    return 0;
}

CK_DATA_READ(dscp, ELEM(dscp));

static CK_UNUSED int ELEM(write_dscp)(const char *value, ck_errh *errh)
{
    uint64_t v;
    if (ck_arg_unsigned(errh, "DSCP", value, UINT32_MAX, &v) < 0)
        return -1;
    if (v > 0x3F)
        return ck_error(errh, "diffserv code point out of range");
    ELEM(dscp) = (unsigned)v;
    return 0;
}
