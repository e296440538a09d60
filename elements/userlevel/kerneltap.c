/* KernelTap(ADDR/MASK [, GATEWAY, keywords]): KernelTun with TAP true (Click's
 * elements/userlevel/kerneltap.cc): exchanges Ethernet frames with the host through a Linux
 * tap device.  The implementation is userlevel/kerneltun.c (see there); the spec's TAP
 * default is true. */
#include "userlevel/kerneltun.c"
