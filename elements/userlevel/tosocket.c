/* ToSocket(TYPE, ...): Socket with a pull input and no output (Click's
 * elements/userlevel/tosocket.cc, kept for backward compatibility).  The implementation is
 * userlevel/socket.c (see there). */
#include "userlevel/socket.c"
