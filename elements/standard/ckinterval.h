/* Click's Timestamp::unparse_interval (lib/timestamp.cc) for TimedSource and TimedSink:
 * "250ms", "500us", "500ns" below one second, else the timestamp and "s" ("1.500000s"). */
#ifndef CK_INTERVAL_H
#define CK_INTERVAL_H
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
#endif
