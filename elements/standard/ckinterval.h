/* Click's Timestamp::unparse_interval (lib/timestamp.cc) for TimedSource and TimedSink:
 * "250ms", "500us", "500ns" below one second, else the timestamp and "s" ("1.500000s"); and
 * the parse of a written interval (ck_parse_interval). */
#ifndef CK_INTERVAL_H
#define CK_INTERVAL_H
#include <ctype.h>
#include "clickc.h"

static CK_UNUSED void ck_unparse_interval(ck_buf *out, int64_t ns)
{
    if (ns >= 0 && ns < 1000000000) {
        if (ns % 1000000 == 0)
            ck_buf_printf(out, "%lldms", (long long)(ns / 1000000));
        else if (ns % 1000 == 0)
            ck_buf_printf(out, "%lldus", (long long)(ns / 1000));
        else
            ck_buf_printf(out, "%lldns", (long long)ns);
    } else {
        ck_unparse_timestamp(out, ns);
        ck_buf_puts(out, "s");
    }
}

/* Click's cp_time(s, &t, true), as interval data handlers parse a written value: a time with
 * units (ck_parse_time_ns) after an optional '-', which negates the whole seconds only (Click's
 * Timestamp arithmetic: "-1.25" is -1 s + 0.25 s).  0 with *ns set, or -1. */
static CK_UNUSED int ck_parse_interval(const char *s, int64_t *ns)
{
    while (isspace((unsigned char)*s))
        s++;
    int neg = *s == '-';
    int64_t v;
    if (ck_parse_time_ns(s + neg, &v) < 0)
        return -1;
    *ns = neg ? -(v / 1000000000) * 1000000000 + v % 1000000000 : v;
    return 0;
}
#endif
