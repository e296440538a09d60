/* PullSwitch([INPUT]) (and Click's SimplePullSwitch): a pull on the output pulls input INPUT
 * and returns what it gives; with no input selected (INPUT negative or not an input) it
 * returns nothing (Click's elements/simple/simplepullswitch.cc and
 * elements/standard/pullswitch.cc).  Handler switch reads and changes the input (IntArg,
 * "syntax error" otherwise; out of range: -1), config reads it. */
static int ELEM(input);

static void ELEM(set_input)(int64_t v)
{
    ELEM(input) = v < 0 || v >= NINPUTS ? -1 : (int)v;
}

static int
ELEM(init)(ck_errh *errh)
{
    (void)errh;
    ELEM(set_input)((int64_t)CONF(INPUT));
    return 0;
}

static CK_UNUSED ck_packet *ELEM(pull)(int port)
{
    (void)port;
    int i = ELEM(input);
    return i < 0 ? NULL : INPUT_PULL(i);
}

#include "standard/ckdata.h"
CK_DATA_READ(switch, ELEM(input));
CK_DATA_READ(config, ELEM(input));

static CK_UNUSED int ELEM(write_switch)(const char *value, ck_errh *errh)
{
    int64_t v;
    if (ck_parse_int64(value, &v) < 0 || v < INT32_MIN || v > INT32_MAX)
        return ck_error(errh, "syntax error");
    ELEM(set_input)(v);
    return 0;
}
