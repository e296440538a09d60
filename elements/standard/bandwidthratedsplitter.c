/* BandwidthRatedSplitter(RATE [, BURST_DURATION, BURST_BYTES]): RatedSplitter with RATE in
 * bytes per second (Click's elements/standard/bwratedsplitter.cc): ratedsplitter.c with byte
 * tokens. */
#define CK_RS_BANDWIDTH 1
#define CK_RS_BURST_GIVEN CONF_GIVEN(BURST_BYTES)
#define CK_RS_BURST_VALUE CONF(BURST_BYTES)
#include "ratedsplitter.c"
