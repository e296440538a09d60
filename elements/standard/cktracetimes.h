/* The time window of Click's trace readers (FromDump, FromNLANRDump: START, START_AFTER, END,
 * END_AFTER, INTERVAL; their prepare_times and the checks of read_packet), nanoseconds.
 *
 * ck_trace_times_init(t, start / start_after / end / end_after / interval given and values,
 * errh) is their configure's part: Click's "mutually exclusive" errors (-1), else 0.
 * ck_trace_times_before(t, ts) is 1 for a record before START (to skip); the first record
 * fixes the relative times (START_AFTER and END_AFTER from its time, INTERVAL from START).
 * ck_trace_times_past_end(t, ts) is 1 once, for the first record at or after END: the caller
 * then calls its END_CALL and checks it again (a handler may move END).
 * ck_trace_times_extend(t, value, has_end_call, errh) is the `extend_interval` handler's part:
 * END moves later by the time interval in value; returns 1 when the window is on again (the
 * reader has an END_CALL and becomes active), 0 when not, -1 after Click's error.
 * ck_trace_timing_due(offset, have, ts) is TIMING's test: whether a packet stamped ts is due
 * now; the first packet asked about fixes *offset, the monotonic clock less its time. */
#ifndef CLICKC_CKTRACETIMES_H
#define CLICKC_CKTRACETIMES_H

#include <stdint.h>

typedef struct ck_trace_times {
    int64_t first, last;
    int have_first, have_last, have_any, first_relative, last_relative, last_interval;
} ck_trace_times;

static CK_UNUSED int ck_trace_times_init(ck_trace_times *t, int start_given, int64_t start,
                                         int start_after_given, int64_t start_after,
                                         int end_given, int64_t end, int end_after_given,
                                         int64_t end_after, int interval_given,
                                         int64_t interval, ck_errh *errh)
{
    memset(t, 0, sizeof *t);
    if (start_given + start_after_given > 1)
        return ck_error(errh, "START and START_AFTER are mutually exclusive");
    if (end_given + end_after_given + interval_given > 1)
        return ck_error(errh, "END, END_AFTER, and INTERVAL are mutually exclusive");
    t->have_first = t->have_last = 1;
    if (start_given)
        t->first = start;
    else if (start_after_given)
        t->first = start_after, t->first_relative = 1;
    else
        t->have_first = 0, t->first_relative = 1;
    if (end_given)
        t->last = end;
    else if (end_after_given)
        t->last = end_after, t->last_relative = 1;
    else if (interval_given)
        t->last = interval, t->last_interval = 1;
    else
        t->have_last = 0;
    return 0;
}

static CK_UNUSED int ck_trace_times_before(ck_trace_times *t, int64_t ts)
{
    if (!t->have_any) { /* Click's prepare_times */
        if (t->first_relative)
            t->first += ts;
        if (t->last_relative)
            t->last += ts;
        else if (t->last_interval)
            t->last += t->first;
        t->have_any = 1;
    }
    if (t->have_first) {
        if (ts < t->first)
            return 1;
        t->have_first = 0;
    }
    return 0;
}

static CK_UNUSED int ck_trace_times_past_end(ck_trace_times *t, int64_t ts)
{
    if (t->have_last && ts >= t->last) {
        t->have_last = 0;
        return 1;
    }
    return 0;
}

static CK_UNUSED int ck_trace_times_extend(ck_trace_times *t, const char *value,
                                           int has_end_call, ck_errh *errh)
{
    int64_t ns;
    if (ck_parse_time_ns(value, &ns) < 0)
        return ck_error(errh, "'extend_interval' takes a time interval");
    t->last += ns;
    if (!has_end_call)
        return 0;
    t->have_last = 1;
    return 1;
}

static CK_UNUSED int ck_trace_timing_due(int64_t *offset, int *have, int64_t ts)
{
    int64_t now = ck_monotonic_ns();
    if (!*have) {
        *offset = now - ts;
        *have = 1;
    }
    return ts + *offset <= now;
}

#endif
