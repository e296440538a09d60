/* BandwidthMeter(RATE1, ..., RATEn): measures the byte rate of the packets it sees (Click's
 * RateEWMA: stability 4, scale 10, per jiffy) and pushes each packet to output i for the first
 * RATEi above the rate, or to output n when the rate is at least RATEn (Click's
 * elements/standard/bandwidthmeter.cc).  Meter (meter.c) instantiates this file with
 * CK_MT_PACKETS 1 and counts packets instead of bytes.  The thresholds are compiled in
 * (clickc.elements.parsers:meter_rates checks them); handlers rate and meters print in
 * Click's cp_unparse_real2 format. */
#ifndef CK_MT_PACKETS
#define CK_MT_PACKETS 0
#endif

static ck_rate_ewma ELEM(rate);
/* ELEM(rates)[], the thresholds, comes from the instance's generated code
 * (clickc.elements.standard.bandwidthmeter:meter_thresholds). */
#define CK_MT_N ((int)(sizeof ELEM(rates) / sizeof ELEM(rates)[0]))
static uint32_t ELEM(meters)[CK_MT_N];

static int
ELEM(init)(ck_errh *errh)
{
    ck_rate_init(&ELEM(rate), 4, 10);
    uint32_t max_value = 0xFFFFFFFFu >> ELEM(rate).scale;
    for (int i = 0; i < CK_MT_N; i++) {
        if (ELEM(rates)[i] > max_value)
            return ck_error(errh, "rate %d too large (max %u)", i + 1, max_value);
        ELEM(meters)[i] = (ELEM(rates)[i] << ELEM(rate).scale) / CK_HZ;
    }
    return 0;
}

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    ck_rate_update(&ELEM(rate), CK_MT_PACKETS ? 1 : (int64_t)p->len);
    uint32_t r = (uint32_t)ELEM(rate).avg;
    int n = CK_MT_N;
    for (int i = 0; i < CK_MT_N; i++)
        if (r < ELEM(meters)[i]) {
            n = i;
            break;
        }
    OUTPUT(n, p);
}

static CK_UNUSED int ELEM(read_rate)(ck_buf *out)
{
    ck_rate_update(&ELEM(rate), 0);
    ck_unparse_real2(out, (uint64_t)(uint32_t)ELEM(rate).avg * CK_HZ, (int)ELEM(rate).scale);
    return 0;
}

/* Click prints several thresholds back to back, without separators. */
static CK_UNUSED int ELEM(read_meters)(ck_buf *out)
{
    for (int i = 0; i < CK_MT_N; i++)
        ck_unparse_real2(out, (uint64_t)ELEM(meters)[i] * CK_HZ, (int)ELEM(rate).scale);
    return 0;
}

#undef CK_MT_N
#undef CK_MT_PACKETS
