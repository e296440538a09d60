/* Counter: counts packets and bytes and keeps Click's rate averages (Click's
 * elements/standard/counter.cc: RateEWMAX with stability 4 and scale 10 for packets, scale 4
 * for bytes). COUNT_CALL "N HANDLER [VALUE]" and BYTE_COUNT_CALL call a write handler once
 * when the count reaches N. */
static uint64_t ELEM(count);
static uint64_t ELEM(byte_count);
static ck_rate_ewma ELEM(rate);
static ck_rate_ewma ELEM(byte_rate);
static uint64_t ELEM(count_trigger) = UINT64_MAX;
static uint64_t ELEM(byte_trigger) = UINT64_MAX;
static char *ELEM(count_call);
static char *ELEM(byte_count_call);
static int ELEM(count_triggered), ELEM(byte_triggered);

/* Parse "N HANDLER [VALUE]"; returns 0, or -1 after reporting. */
static CK_UNUSED int ELEM(parse_call)(const char *text, uint64_t *trigger, char **call,
                                      ck_errh *errh, const char *what)
{
    char *end;
    while (*text == ' ' || *text == '\t')
        text++;
    unsigned long long n = strtoull(text, &end, 0);
    if (end == text || (*end != ' ' && *end != '\t'))
        return ck_error(errh, "%s: expected 'N HANDLER [VALUE]'", what);
    while (*end == ' ' || *end == '\t')
        end++;
    free(*call);
    *call = ck_strdup(end);
    *trigger = n;
    return 0;
}

static CK_UNUSED void ELEM(fire)(const char *call)
{
    char name[512];
    size_t n = strcspn(call, " \t");
    if (n >= sizeof name)
        n = sizeof name - 1;
    memcpy(name, call, n);
    name[n] = '\0';
    const char *value = call + n;
    while (*value == ' ' || *value == '\t')
        value++;
    ck_errh errh;
    ck_errh_init(&errh, ELEMENT_LANDMARK, NULL);
    (void)ck_handler_write(name, value, &errh);
}

static int
ELEM(init)(ck_errh *errh)
{
    ck_rate_init(&ELEM(rate), 4, 10);
    ck_rate_init(&ELEM(byte_rate), 4, 4);
#if CONF_GIVEN(COUNT_CALL)
    if (ELEM(parse_call)(CONF(COUNT_CALL), &ELEM(count_trigger), &ELEM(count_call), errh,
                         "COUNT_CALL") < 0)
        return -1;
#endif
#if CONF_GIVEN(BYTE_COUNT_CALL)
    if (ELEM(parse_call)(CONF(BYTE_COUNT_CALL), &ELEM(byte_trigger), &ELEM(byte_count_call),
                         errh, "BYTE_COUNT_CALL") < 0)
        return -1;
#endif
    (void)errh;
    return 0;
}

static void
ELEM(cleanup)(void)
{
    free(ELEM(count_call));
    free(ELEM(byte_count_call));
    ELEM(count_call) = ELEM(byte_count_call) = NULL;
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    ELEM(count)++;
    ELEM(byte_count) += p->len;
    ck_rate_update(&ELEM(rate), 1);
    ck_rate_update(&ELEM(byte_rate), p->len);
    if (CK_UNLIKELY(ELEM(count) == ELEM(count_trigger)) && !ELEM(count_triggered)) {
        ELEM(count_triggered) = 1;
        if (ELEM(count_call))
            ELEM(fire)(ELEM(count_call));
    }
    if (CK_UNLIKELY(ELEM(byte_count) >= ELEM(byte_trigger)) && !ELEM(byte_triggered)) {
        ELEM(byte_triggered) = 1;
        if (ELEM(byte_count_call))
            ELEM(fire)(ELEM(byte_count_call));
    }
    return p;
}
#include "simple_action.h"

static CK_UNUSED int ELEM(read_count)(ck_buf *out)
{
    ck_buf_printf(out, "%llu", (unsigned long long)ELEM(count));
    return 0;
}

static CK_UNUSED int ELEM(read_byte_count)(ck_buf *out)
{
    ck_buf_printf(out, "%llu", (unsigned long long)ELEM(byte_count));
    return 0;
}

static CK_UNUSED int ELEM(read_rate)(ck_buf *out)
{
    ck_rate_update(&ELEM(rate), 0); /* drop the rate after an idle period */
    ck_rate_unparse(out, &ELEM(rate));
    return 0;
}

static CK_UNUSED int ELEM(read_byte_rate)(ck_buf *out)
{
    ck_rate_update(&ELEM(byte_rate), 0);
    ck_rate_unparse(out, &ELEM(byte_rate));
    return 0;
}

static CK_UNUSED int ELEM(read_bit_rate)(ck_buf *out)
{
    ck_rate_update(&ELEM(byte_rate), 0);
    /* Click: scale >= 3 ? avg * HZ with scale - 3 : avg * HZ * 8 with scale */
    if (ELEM(byte_rate).scale >= 3)
        ck_unparse_real2_signed(out, ELEM(byte_rate).avg * CK_HZ, (int)ELEM(byte_rate).scale - 3);
    else
        ck_unparse_real2_signed(out, ELEM(byte_rate).avg * CK_HZ * 8, (int)ELEM(byte_rate).scale);
    return 0;
}

static CK_UNUSED int ELEM(write_reset)(const char *value, ck_errh *errh)
{
    (void)value, (void)errh;
    ELEM(count) = ELEM(byte_count) = 0;
    ck_rate_init(&ELEM(rate), 4, 10);
    ck_rate_init(&ELEM(byte_rate), 4, 4);
    ELEM(count_triggered) = ELEM(byte_triggered) = 0;
    return 0;
}

static CK_UNUSED int ELEM(write_reset_counts)(const char *value, ck_errh *errh)
{
    return ELEM(write_reset)(value, errh);
}

static CK_UNUSED int ELEM(read_count_call)(ck_buf *out)
{
    if (ELEM(count_call))
        ck_buf_printf(out, "%llu", (unsigned long long)ELEM(count_trigger));
    return 0;
}

static CK_UNUSED int ELEM(write_count_call)(const char *value, ck_errh *errh)
{
    if (ELEM(parse_call)(value, &ELEM(count_trigger), &ELEM(count_call), errh, "count_call") < 0)
        return -1;
    ELEM(count_triggered) = 0;
    return 0;
}

static CK_UNUSED int ELEM(write_byte_count_call)(const char *value, ck_errh *errh)
{
    if (ELEM(parse_call)(value, &ELEM(byte_trigger), &ELEM(byte_count_call), errh,
                         "byte_count_call") < 0)
        return -1;
    ELEM(byte_triggered) = 0;
    return 0;
}
