/* Click's click_random() and click_random(low, high) at user level (include/click/glue.hh,
 * lib/glue.cc): random() of the C library, whose seed RandomSeed sets (srandom), and the
 * same rejection steps for a range, so a seeded router draws exactly what Click draws.  The
 * C library's random() takes a lock, so concurrent threads may call it. */
#ifndef CLICKC_CKRANDOM_H
#define CLICKC_CKRANDOM_H

#include <stdint.h>
#include <stdlib.h>

#define CK_CLICK_RAND_MAX 0x7FFFFFFFU

static inline CK_UNUSED uint32_t ck_click_random(void)
{
    return (uint32_t)random();
}

/* A number between low and high inclusive; low when low >= high (lib/glue.cc). */
static inline CK_UNUSED uint32_t ck_click_random_range(uint32_t low, uint32_t high)
{
    uint32_t r;
    if (low > high)
        return low;
    if (high - low > CK_CLICK_RAND_MAX) {
        while ((r = (ck_click_random() << 17) ^ (ck_click_random() >> 14)) > high - low)
            ;
        return r + low;
    } else if (high == low + 1) {
        return low + ((ck_click_random() >> 14) & 1);
    } else {
        uint32_t count = (CK_CLICK_RAND_MAX + 1U) / (high - low + 1);
        uint32_t max = count * (high - low + 1);
        while ((r = ck_click_random()) >= max)
            ;
        return r / count + low;
    }
}

#endif
