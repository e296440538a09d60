/* ListenEtherSwitch([TIMEOUT]): EtherSwitch (etherswitch/etherswitch.c) whose last output is a
 * listen port receiving a copy of every packet (Click's
 * elements/etherswitch/listenetherswitch.cc). */
#define ESW_LISTEN 1
#include "etherswitch/etherswitch.c"
