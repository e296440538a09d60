/* The `active` read and write handlers of the elements whose int ELEM(active) only gates what
 * they do, so that a write has no other effect (Discard, Unqueue, RatedUnqueue, ARPPrint,
 * IPPrint, DecIPTTL, FromDPDKDevice).  The including template defines CK_ACTIVE_ERROR, the
 * write handler's message for a value that is not a boolean (Click's messages differ by
 * class). */
#include "standard/ckdata.h"

CK_DATA_READ_BOOL(active, ELEM(active));
CK_DATA_WRITE_BOOL(active, ELEM(active), CK_ACTIVE_ERROR);
#undef CK_ACTIVE_ERROR
