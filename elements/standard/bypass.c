/* Bypass([ACTIVE, INLINE]): Click's elements/standard/bypass.cc.  Push: a packet entering on
 * input 0 leaves on output 1 when ACTIVE and output 1 exists, else on output 0; a packet on
 * input 1 leaves on output 0.  Pull: a pull on output 0 pulls input 1 when ACTIVE and input 1
 * exists, else input 0; output 1 pulls input 0.  Click rewires its neighbours' ports so that the
 * packets skip the element itself (unless INLINE); the packets take the same ways here, through
 * one direct call.  Handler active reads and changes ACTIVE ("syntax error"). */
#include "standard/ckbool.h"
static int ELEM(active);

static int
ELEM(init)(ck_errh *errh)
{
    (void)errh;
    ELEM(active) = CONF(ACTIVE) ? 1 : 0;
    return 0;
}

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    if (ELEM(active) && port == 0 && NOUTPUTS > 1)
        OUTPUT(1, p);
    else
        OUTPUT(0, p);
}

static CK_UNUSED ck_packet *ELEM(pull)(int port)
{
    if (ELEM(active) && port == 0 && NINPUTS > 1)
        return INPUT_PULL(1);
    return INPUT_PULL(0);
}

#include "standard/ckdata.h"
CK_DATA_READ_BOOL(active, ELEM(active));
CK_DATA_WRITE_BOOL(active, ELEM(active), "syntax error");
