/* FromSocket(TYPE, ...): Socket with a push input (Click's elements/userlevel/fromsocket.cc,
 * kept for backward compatibility).  The implementation is userlevel/socket.c (see there). */
#include "userlevel/socket.c"
