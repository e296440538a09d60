/* Shaper(RATE): a pull element that passes at most RATE packets per second from its input to
 * output 0 (Click's elements/standard/shaper.cc, with Click's GapRate in
 * standard/cktokenbucket.h: events counted per wall-clock second, no burst).  With a second
 * output, a pull on output 1 returns a packet only when output 0 could not (over the rate).
 * BandwidthShaper (bandwidthshaper.c) instantiates this file with CK_SH_BANDWIDTH 1: RATE
 * is bytes per second and each packet counts its length.
 *
 * When a pull is refused because of the rate, a timer is armed for the moment the rate
 * allows the next packet: the pending timer keeps the router running while packets wait
 * upstream (clickc's end-of-input rule, docs/qos.md) and wakes the scheduler then. */
#include "standard/cktokenbucket.h"

#ifndef CK_SH_BANDWIDTH
#define CK_SH_BANDWIDTH 0
#endif

static ck_gaprate ELEM(rate);
static ck_timer ELEM(timer);
/* The configured RATE: a hot reconfiguration moves the GapRate (its count ahead of or behind
 * the rate in the current second) to a successor configured with the same RATE (ElementSpec.hot
 * key; docs/reconfiguration.md). */
static uint32_t ELEM(conf_rate);

static void ELEM(wake)(void *arg) { (void)arg; }

static int
ELEM(init)(ck_errh *errh)
{
    (void)errh;
    ELEM(conf_rate) = (uint32_t)CONF(RATE);
    ck_gaprate_init(&ELEM(rate), (uint32_t)CONF(RATE));
    if ((uint32_t)CONF(RATE) > CK_GAPRATE_MAX_RATE)
        ck_warning(errh, "rate too large; lowered to %u", CK_GAPRATE_MAX_RATE);
    ck_timer_init(&ELEM(timer), ELEM(wake), NULL);
    return 0;
}

static void
ELEM(cleanup)(void)
{
    ck_timer_unschedule(&ELEM(timer));
}

static CK_UNUSED ck_packet *ELEM(pull)(int port)
{
    ck_packet *p = NULL;
    int need = ck_gaprate_need_update(&ELEM(rate), ck_now_ns());
    if (CK_SH_BANDWIDTH)
        port = 0;
    if (port == 0 && need) {
        if ((p = INPUT_PULL(0)))
            ck_gaprate_update_with(&ELEM(rate), CK_SH_BANDWIDTH ? (int32_t)p->len : 1);
    } else if (port == 1 && !need)
        p = INPUT_PULL(0);
    else if (port == 0 && !ELEM(timer).scheduled) {
        int64_t when = ck_gaprate_expiry_mono(&ELEM(rate));
        if (when > 0)
            ck_timer_schedule_at(&ELEM(timer), when);
    }
    return p;
}

static CK_UNUSED int ELEM(read_rate)(ck_buf *out)
{
    if (CK_SH_BANDWIDTH)
        ck_unparse_bandwidth(out, ELEM(rate).rate);
    else
        ck_buf_printf(out, "%u", ELEM(rate).rate);
    return 0;
}

static CK_UNUSED int ELEM(read_config)(ck_buf *out) { return ELEM(read_rate)(out); }

static CK_UNUSED int ELEM(write_rate)(const char *value, ck_errh *errh)
{
    uint32_t r = 0;
    if (ck_rate_value(value, CK_SH_BANDWIDTH, &r, errh) < 0)
        return -1;
    ck_gaprate_set_rate(&ELEM(rate), r);
    return 0;
}

static CK_UNUSED int ELEM(write_reset)(const char *value, ck_errh *errh)
{
    (void)value, (void)errh;
    ck_gaprate_reset(&ELEM(rate));
    return 0;
}

#undef CK_SH_BANDWIDTH
