/* BandwidthShaper(RATE): Shaper with RATE in bytes per second; each packet counts its length
 * (Click's elements/standard/bandwidthshaper.cc): shaper.c with byte counting.  Click's
 * BandwidthShaper pull ignores the port, so output 1 gets what output 0 would. */
#define CK_SH_BANDWIDTH 1
#include "shaper.c"
