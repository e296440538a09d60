/* The packet path of an AQM element that drops before its queues (RED, AdaptiveRED, PI):
 * push and pull ask ELEM(should_drop)() for each packet; a dropped packet is counted in
 * ELEM(drops) and leaves on output 1 when the element has one, else it is freed and counted
 * with the reason AQM_DROP_REASON (a string the includer defines).  Included once per
 * instance, after ELEM(should_drop) and ELEM(drops); no include guard. */
#include "standard/ckoutput.h"

static CK_UNUSED void ELEM(handle_drop)(ck_packet *p)
{
    ELEM(drops)++;
    CK_OUTPUT1_OR_DROP(p, AQM_DROP_REASON);
}

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    if (ELEM(should_drop)())
        ELEM(handle_drop)(p);
    else
        OUTPUT(0, p);
}

static CK_UNUSED ck_packet *ELEM(pull)(int port)
{
    (void)port;
    for (;;) {
        ck_packet *p = INPUT_PULL(0);
        if (!p || !ELEM(should_drop)())
            return p;
        ELEM(handle_drop)(p);
    }
}
