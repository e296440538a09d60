/* ICMPIPEncap(SRC, DST, TYPE [, CODE, IDENTIFIER]): Click's elements/icmp/icmpipencap.cc:
 * IP and ICMP headers of TYPE and CODE in front of each packet (icmp/ckicmpencap.h). */
#define CK_ICMP_TYPE CONF(TYPE)
#define CK_ICMP_CODE CONF(CODE)
#include "icmp/ckicmpencap.h"
#undef CK_ICMP_TYPE
#undef CK_ICMP_CODE
