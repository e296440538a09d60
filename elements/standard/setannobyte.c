/* SetAnnoByte(ANNO, VALUE): stores VALUE in the one-byte annotation ANNO of every packet
 * (Click's elements/standard/setannobyte.cc; the compiler prints Click's "obsolete" warning).
 * Handlers: anno (the byte offset), value (read and change VALUE, "expected uint8_t"). */
#include "standard/ckannoarg.h"
static uint8_t ELEM(value);

static int
ELEM(init)(ck_errh *errh)
{
    ELEM(value) = (uint8_t)CONF(VALUE);
    return ELEM(anno_setup)(errh);
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    p->anno[ELEM(anno_off)] = ELEM(value);
    return p;
}
#include "simple_action.h"

#include "standard/ckdata.h"
CK_DATA_READ(anno, ELEM(anno_off));
CK_DATA_READ(value, ELEM(value));
CK_DATA_WRITE_UINT(value, ELEM(value), 255, "expected uint8_t");
