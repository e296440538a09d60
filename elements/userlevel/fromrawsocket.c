/* FromRawSocket(TYPE [, PORT, keywords]): RawSocket without input (Click's
 * elements/userlevel/fromrawsocket.cc, kept for backward compatibility).
 * The implementation is userlevel/rawsocket.c (see there). */
#include "userlevel/rawsocket.c"
