/* RatedSplitter(RATE [, BURST_DURATION, BURST_SIZE]): pushes a packet to output 0 when the
 * token bucket holds a token (and takes it), otherwise to output 1 (dropped, counted, when
 * output 1 is absent) (Click's elements/standard/ratedsplitter.cc).  The bucket is
 * RatedUnqueue's (standard/cktokenbucket.h).  BandwidthRatedSplitter instantiates this file
 * with CK_RS_BANDWIDTH 1: byte tokens, output 0 while the bucket holds 128 KiB. */
#include "standard/cktokenbucket.h"
#include "standard/ckoutput.h"

#ifndef CK_RS_BANDWIDTH
#define CK_RS_BANDWIDTH 0
#define CK_RS_BURST_GIVEN CONF_GIVEN(BURST_SIZE)
#define CK_RS_BURST_VALUE CONF(BURST_SIZE)
#endif

static ck_tokenbucket ELEM(tb);
static uint32_t ELEM(burst_msec), ELEM(burst_size);

static CK_UNUSED uint32_t ELEM(capacity)(uint32_t rate)
{
    return ck_tb_capacity(rate, CONF_GIVEN(BURST_DURATION), ELEM(burst_msec),
                          CK_RS_BURST_GIVEN, ELEM(burst_size), CK_RS_BANDWIDTH);
}

static int
ELEM(init)(ck_errh *errh)
{
    (void)errh;
    ELEM(burst_msec) = (uint32_t)CONF(BURST_DURATION);
    ELEM(burst_size) = (uint32_t)CK_RS_BURST_VALUE;
    uint32_t rate = (uint32_t)CONF(RATE);
    ck_tb_init(&ELEM(tb), rate, ELEM(capacity)(rate));
    return 0;
}

#ifdef CK_HOT
/* clickc run -R (ElementSpec.hot, docs/reconfiguration.md): the bucket continues at the same
 * rate and burst. */
static CK_UNUSED int ELEM(hot_take)(const ck_hot_elem *old, ck_errh *errh)
{
    (void)errh;
    ck_tb_hot_take(&ELEM(tb), old, "tb");
    return 0;
}
#endif

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    ck_tb_refill(&ELEM(tb));
    int ok;
    if (CK_RS_BANDWIDTH) {
        ok = ck_tb_contains(&ELEM(tb), CK_TB_BANDWIDTH_THRESH);
        if (ok)
            ck_tb_remove(&ELEM(tb), p->len);
    } else
        ok = ck_tb_remove_if(&ELEM(tb), 1);
    if (ok)
        OUTPUT(0, p);
    else
        CK_OUTPUT1_OR_DROP(p, "over rate");
}

static CK_UNUSED int ELEM(read_rate)(ck_buf *out)
{
    if (CK_RS_BANDWIDTH)
        ck_unparse_bandwidth(out, ck_tb_rate(&ELEM(tb)));
    else
        ck_buf_printf(out, "%u", ck_tb_rate(&ELEM(tb)));
    return 0;
}

static CK_UNUSED int ELEM(read_config)(ck_buf *out) { return ELEM(read_rate)(out); }

/* Click's reconfigure_keyword_handler "0 RATE": RATE replaced, the bursts kept. */
static CK_UNUSED int ELEM(write_rate)(const char *value, ck_errh *errh)
{
    uint32_t r = 0;
    if (ck_rate_value(value, CK_RS_BANDWIDTH, &r, errh) < 0)
        return -1;
    ck_tb_assign(&ELEM(tb), r, ELEM(capacity)(r));
    return 0;
}

#undef CK_RS_BANDWIDTH
#undef CK_RS_BURST_GIVEN
#undef CK_RS_BURST_VALUE
