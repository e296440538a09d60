/* SimpleIdle: Click's elements/simple/simpleidle.cc, Idle without its notifier: the same
 * template (a packet pushed to it is dropped, counted with reason "idle"). */
#include "standard/idle.c"
