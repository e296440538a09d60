/* Click's int_sqrt (lib/integers.cc): the floor of the square root of a 64-bit integer, by the
 * digit-by-digit method.  Used by ICMPPingSource (its deviation) and CoDel (its control law).
 * Once per router. */
#ifndef CLICKC_CKISQRT_H
#define CLICKC_CKISQRT_H
#include <stdint.h>

static CK_UNUSED uint64_t ck_isqrt(uint64_t x)
{
    uint64_t r = 0, bit = (uint64_t)1 << 62;
    while (bit > x)
        bit >>= 2;
    while (bit) {
        if (x >= r + bit) {
            x -= r + bit;
            r = (r >> 1) + bit;
        } else
            r >>= 1;
        bit >>= 2;
    }
    return r;
}
#endif
