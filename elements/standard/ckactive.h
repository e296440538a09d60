/* The `active` read and write handlers of the elements whose int ELEM(active) only gates what
 * they do, so that a write has no other effect (Discard, Unqueue, RatedUnqueue, ARPPrint,
 * IPPrint, DecIPTTL, FromDPDKDevice).  The including template defines CK_ACTIVE_ERROR, the
 * write handler's message for a value that is not a boolean (Click's messages differ by
 * class). */
#include "standard/ckbool.h"

static CK_UNUSED int ELEM(read_active)(ck_buf *out)
{
    ck_unparse_bool(out, ELEM(active));
    return 0;
}

static CK_UNUSED int ELEM(write_active)(const char *value, ck_errh *errh)
{
    return ck_write_bool(value, &ELEM(active), CK_ACTIVE_ERROR, errh);
}
#undef CK_ACTIVE_ERROR
