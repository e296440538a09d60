/* Switch([OUTPUT]): sends every packet to one output (Click's elements/standard/switch.cc).
 * The `switch` handler changes it; a value >= the number of outputs, or a negative one, drops
 * every packet (reason "switched off"), as Click's checked_output_push does. */
static int ELEM(sw_output);

static int
ELEM(init)(ck_errh *errh)
{
    ELEM(sw_output) = (int)CONF(OUTPUT);
    if (ELEM(sw_output) >= NOUTPUTS)
        return ck_error(errh, "output must be < %d", NOUTPUTS);
    return 0;
}

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    int o = ELEM(sw_output);
    if (o >= 0 && o < NOUTPUTS)
        OUTPUT(o, p);
    else
        ck_drop(p, ELEMENT_INDEX, "switched off");
}

#include "standard/ckdata.h"
CK_DATA_READ(switch, ELEM(sw_output));

static CK_UNUSED int ELEM(read_config)(ck_buf *out)
{
    return ELEM(read_switch)(out);
}

static CK_UNUSED int ELEM(write_switch)(const char *value, ck_errh *errh)
{
    int64_t v;
    if (ck_parse_int64(value, &v) < 0 || v < INT32_MIN || v > INT32_MAX)
        return ck_error(errh, "Switch output must be integer");
    ELEM(sw_output) = v >= NOUTPUTS ? -1 : (int)v;
    return 0;
}
