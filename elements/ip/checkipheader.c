/* CheckIPHeader([OFFSET, INTERFACES, BADSRC, GOODDST, CHECKSUM, VERBOSE, DETAILS]): checks the
 * IPv4 header at OFFSET (Click's elements/ip/checkipheader.cc, whose order of tests and
 * messages this follows):
 *
 *   1. at least 20 bytes from OFFSET to the end         -> "tiny packet"
 *   2. version 4                                        -> "bad IP version"
 *   3. header length >= 20                              -> "bad IP header length"
 *   4. hlen <= total length <= bytes present            -> "bad IP length"
 *   5. header checksum (when CHECKSUM)                  -> "bad IP checksum"
 *   6. source not a bad source unless dest is a good dst -> "bad source address"
 *
 * A good packet gets its network header set, is truncated to the IP total length and gets
 * the DST_IP annotation.  A bad one goes to output 1 when it exists, else it is dropped
 * (counted under the reason's text).  The first failure, and every failure with VERBOSE,
 * prints "NAME: IP header check failed: REASON".  INTERFACES "ADDR/MASK..." makes each
 * interface's broadcast address, 0.0.0.0 and 255.255.255.255 bad sources and each interface
 * address a good destination; BADSRC and GOODDST give the lists directly (and replace what
 * INTERFACES gave).  With DETAILS the drop_details handler reports the count per reason.
 *
 * CheckIPHeader2 includes this file with CHECKSUM false by default. */
#include "ip/checkipheader_body.h"
