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

static CK_UNUSED int ELEM(read_seed)(ck_buf *out)
{
    ck_buf_printf(out, "%u", ELEM(seed));
    return 0;
}

static CK_UNUSED int ELEM(write_seed)(const char *value, ck_errh *errh)
{
    uint64_t v;
    if (ck_parse_uint64(value, &v) < 0 || v > UINT32_MAX)
        return ck_error(errh, "SEED type mismatch");
    ELEM(apply)((uint32_t)v);
    return 0;
}
