/* HashSwitch(OFFSET, LENGTH): chooses an output from the sum of LENGTH bytes at OFFSET
 * (Click's elements/standard/hashswitch.cc): with 2, 4 or 8 outputs the output is
 * (sum ^ (sum >> 4)) & (n - 1), otherwise sum % n. A packet shorter than OFFSET + LENGTH
 * goes to output 0 (standard/ckhashswitch.h). LENGTH 0 is refused at initialization, as Click's
 * configure does. */
#include "standard/ckhashswitch.h"
static int
ELEM(init)(ck_errh *errh)
{
    if (CONF(LENGTH) == 0)
        return ck_error(errh, "length must be > 0");
    return 0;
}

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    OUTPUT(ck_hashswitch_choice(p->data, p->len, (uint64_t)CONF(OFFSET), (uint64_t)CONF(LENGTH),
                                NOUTPUTS), p);
}
