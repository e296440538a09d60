/* BandwidthRatedUnqueue(RATE [, BURST_DURATION, BURST_BYTES]): RatedUnqueue with RATE in
 * bytes per second (Click's elements/standard/bwratedunqueue.cc): ratedunqueue.c with byte
 * tokens. */
#define CK_RU_BANDWIDTH 1
#define CK_RU_BURST_GIVEN CONF_GIVEN(BURST_BYTES)
#define CK_RU_BURST_VALUE CONF(BURST_BYTES)
#include "ratedunqueue.c"
