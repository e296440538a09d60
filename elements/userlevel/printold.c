/* PrintOld([LABEL, AGE, MAXLENGTH]): prints the packets whose timestamp annotation is at least
 * AGE milliseconds old (Click's elements/userlevel/printold.cc; docs/more-elements.md,
 * "PrintOld").  The age is the wall clock minus the timestamp, in milliseconds (seconds * 1000
 * plus the microsecond difference / 1000, as Click computes it).  Above AGE the element first
 * prints "NAME Now-FromDevice age is MS (FromDevice time: TIMESTAMP  dsec S  dusec U)"; from
 * AGE on, "LABEL(%5ld msecs) LENGTH | " and up to MAXLENGTH bytes in hexadecimal (a space after
 * every fourth; all of them when MAXLENGTH is negative).  A packet without a timestamp prints
 * "NAME: packet timestamp not set".  Every packet passes unchanged. */

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    if (p->ts_ns / 1000000000 == 0) {
        ck_chatter("%s: packet timestamp not set", ELEMENT_NAME);
        return p;
    }
#if CONF_GIVEN(NBYTES)
    long bytes = (long)CONF(NBYTES);
#elif CONF_GIVEN(LENGTH)
    long bytes = (long)CONF(LENGTH);
#else
    long bytes = (long)CONF(MAXLENGTH);
#endif
    if (bytes < 0 || (long)p->len < bytes)
        bytes = (long)p->len;
    int64_t now = ck_now_ns();
    long age_s = (long)(now / 1000000000 - p->ts_ns / 1000000000);
    long age_u = (long)(now % 1000000000 / 1000 - p->ts_ns % 1000000000 / 1000);
    long age_ms = age_s * 1000 + age_u / 1000, thresh = (long)CONF(AGE);
    ck_buf sa;
    ck_buf_init(&sa);
    if (age_ms > thresh) {
        ck_unparse_timestamp(&sa, p->ts_ns);
        ck_chatter("%s Now-FromDevice age is %ld (FromDevice time: %s  dsec %ld  dusec %ld)",
                   ELEMENT_NAME, age_ms, ck_buf_str(&sa), age_s, age_u);
        ck_buf_clear(&sa);
    }
    if (age_ms >= thresh) {
        ck_buf_append(&sa, (const char *)CONF(LABEL), (size_t)CONF_LEN(LABEL));
        ck_buf_printf(&sa, "(%5ld msecs) %4u | ", age_ms, (unsigned)p->len);
        for (long i = 0; i < bytes; i++)
            ck_buf_printf(&sa, i % 4 == 3 ? "%02x " : "%02x", p->data[i]);
        ck_chatter("%s", ck_buf_str(&sa));
    }
    ck_buf_free(&sa);
    return p;
}
#include "simple_action.h"
