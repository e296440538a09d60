/* Meter(RATE1, ..., RATEn): BandwidthMeter measuring packets per second instead of bytes
 * (Click's elements/standard/meter.cc): bandwidthmeter.c counting one per packet. */
#define CK_MT_PACKETS 1
#include "bandwidthmeter.c"
