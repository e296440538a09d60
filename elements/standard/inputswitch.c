/* InputSwitch([OUTPUT]): packets arriving on the selected input leave on output 0, the others
 * are dropped with the reason "input switched off" (Click's elements/standard/inputswitch.cc
 * frees them).  The argument (Click calls it OUTPUT) must be below the input count.  Handler
 * switch reads and changes the input ("InputSwitch input must be integer"; a value >= the
 * input count becomes -1, none), config reads it. */
static int ELEM(input);

static int
ELEM(init)(ck_errh *errh)
{
    if ((int64_t)CONF(OUTPUT) >= NINPUTS)
        return ck_error(errh, "input must be < %d", NINPUTS);
    ELEM(input) = (int)CONF(OUTPUT);
    return 0;
}

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    if (port == ELEM(input))
        OUTPUT(0, p);
    else
        ck_drop(p, ELEMENT_INDEX, "input switched off");
}

#include "standard/ckdata.h"
CK_DATA_READ(switch, ELEM(input));
CK_DATA_READ(config, ELEM(input));

static CK_UNUSED int ELEM(write_switch)(const char *value, ck_errh *errh)
{
    int64_t v;
    if (ck_parse_int64(value, &v) < 0 || v < INT32_MIN || v > INT32_MAX)
        return ck_error(errh, "InputSwitch input must be integer");
    ELEM(input) = v >= NINPUTS ? -1 : (int)v;
    return 0;
}
