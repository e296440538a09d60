/* ICMPPingEncap(SRC, DST [, IDENTIFIER]): puts an IP header and an ICMP echo request header
 * in front of each packet (Click's elements/icmp/icmppingencap.cc): ICMPIPEncap's body
 * (icmp/ckicmpencap.h) with type echo and code 0: TTL 255, IP ID and ICMP sequence number 1, 2,
 * ... 65535, 1, ... (0 is skipped), both checksums, the destination annotation set to DST and
 * the network header annotation to the new header.  Handlers `src` and `dst` read and change
 * the addresses (Click's "syntax error" on a bad one).  With ELEMENT_NTHREADS above 1 the IP ID
 * counter is one relaxed atomic counter (CK_STAT_*) and the addresses are relaxed atomic loads
 * and stores. */
#define CK_ICMP_TYPE CKICMP_ECHO
#define CK_ICMP_CODE 0
#include "icmp/ckicmpencap.h"
#undef CK_ICMP_TYPE
#undef CK_ICMP_CODE
