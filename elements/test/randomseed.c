/* RandomSeed([SEED]): seeds the random number generator that Click's click_random() reads at
 * user level, the C library's random() (Click's elements/test/randomseed.cc: click_srandom
 * is srandom there). With SEED the sequence is the one Click's glibc build draws after the
 * same srandom(SEED), so elements that draw as Click's do (RED) decide as Click does; without
 * SEED the generator is seeded from the time and the process id. Handler `seed` reads the
 * seed set last and writes a new one. */
#include <time.h>
#include <unistd.h>

static uint32_t ELEM(seed);

static void ELEM(apply)(uint32_t seed)
{
    ELEM(seed) = seed;
    srandom(seed);
}

static int
ELEM(init)(ck_errh *errh)
{
    (void)errh;
    if (CONF_GIVEN(SEED))
        ELEM(apply)((uint32_t)CONF(SEED));
    else
        ELEM(apply)((uint32_t)ck_now_ns() ^ ((uint32_t)getpid() << 16));
    return 0;
}

#include "standard/ckdata.h"
CK_DATA_READ(seed, ELEM(seed));
CK_DATA_WRITE_UINT_CALL(seed, ELEM(apply), UINT32_MAX, "SEED type mismatch");
