/* ToRawSocket(TYPE [, PORT, keywords]): RawSocket without output (Click's
 * elements/userlevel/torawsocket.cc, kept for backward compatibility).
 * The implementation is userlevel/rawsocket.c (see there). */
#include "userlevel/rawsocket.c"
