/* TimeFilter([START, END, keywords]): Click's elements/analysis/timefilter.cc.  The range
 * starts at START (absolute), START_DELAY (after the router's start) or START_AFTER (after the
 * first packet's timestamp, the default, 0); it ends at END, END_DELAY, END_AFTER or START +
 * INTERVAL, else never.  As in Click a time of 0 counts as not given.  A packet stamped before
 * the start, or at or after the end, leaves on output 1 (dropped as "outside the time range"
 * without one).  At the first packet at or after the end, END_CALL (STOP: the router's stop) is
 * called with $t the packet's timestamp, and again while the handler moved the end further but
 * not past the packet.  Handlers: start, end (read: the end; write: the end becomes start +
 * value, Click's second "end" registration), interval (end - start), extend_interval. */
#include "standard/ckoutput.h"
#include <ctype.h>

static int64_t ELEM(first), ELEM(last);
static int ELEM(first_rel), ELEM(last_rel), ELEM(last_interval), ELEM(ready), ELEM(h_ready);
static char *ELEM(end_call);

/* a + b, saturated at INT64_MAX ("never") */
static inline int64_t ELEM(add)(int64_t a, int64_t b)
{
    return a > 0 && b > INT64_MAX - a ? INT64_MAX : a + b;
}

static int
ELEM(init)(ck_errh *errh)
{
    int64_t now = ck_now_ns();
    if (CONF(START))
        ELEM(first) = (int64_t)CONF(START);
    else if (CONF(START_DELAY))
        ELEM(first) = ELEM(add)((int64_t)CONF(START_DELAY), now);
    else {
        ELEM(first) = (int64_t)CONF(START_AFTER);
        ELEM(first_rel) = 1;
    }
    if (CONF(END))
        ELEM(last) = (int64_t)CONF(END);
    else if (CONF(END_AFTER)) {
        ELEM(last) = (int64_t)CONF(END_AFTER);
        ELEM(last_rel) = 1;
    } else if (CONF(END_DELAY))
        ELEM(last) = ELEM(add)((int64_t)CONF(END_DELAY), now);
    else if (CONF(INTERVAL)) {
        ELEM(last) = (int64_t)CONF(INTERVAL);
        ELEM(last_interval) = 1;
    } else
        ELEM(last) = INT64_MAX;
#if CONF_GIVEN(END_CALL)
    ELEM(end_call) = ck_strdup(CONF(END_CALL));
    char name[256]; /* Click's HandlerCall::initialize_write */
    size_t n = strcspn(ELEM(end_call), " \t\n");
    snprintf(name, sizeof name, "%.*s", (int)n, ELEM(end_call));
    if (strcmp(name, "stop") != 0 && ck_handler_check_write(name, errh) < 0)
        return -1;
#else
    (void)errh;
    if (CONF(STOP))
        ELEM(end_call) = ck_strdup("stop true");
#endif
    ELEM(h_ready) = ELEM(end_call) != NULL;
    return 0;
}

static void
ELEM(cleanup)(void)
{
    free(ELEM(end_call));
    ELEM(end_call) = NULL;
}

static void ELEM(first_packet)(int64_t t)
{
    if (ELEM(first_rel))
        ELEM(first) = ELEM(add)(ELEM(first), t);
    if (ELEM(last_rel))
        ELEM(last) = ELEM(add)(ELEM(last), t);
    else if (ELEM(last_interval))
        ELEM(last) = ELEM(add)(ELEM(last), ELEM(first));
    ELEM(ready) = 1;
}

/* END_CALL with every "$t" (or "${t}") replaced by the timestamp t (Click's VariableEnvironment
 * defining t for the call). */
static void ELEM(call_end)(int64_t t)
{
    ck_buf ts, call;
    ck_buf_init(&ts);
    ck_buf_init(&call);
    ck_unparse_timestamp(&ts, t);
    for (const char *s = ELEM(end_call); *s;) {
        if (s[0] == '$' && s[1] == 't' && !(isalnum((unsigned char)s[2]) || s[2] == '_')) {
            ck_buf_puts(&call, ck_buf_str(&ts));
            s += 2;
        } else if (strncmp(s, "${t}", 4) == 0) {
            ck_buf_puts(&call, ck_buf_str(&ts));
            s += 4;
        } else
            ck_buf_append(&call, s++, 1);
    }
    ck_errh errh;
    ck_errh_init(&errh, ELEMENT_LANDMARK, NULL);
    (void)ck_call_write_text(ck_buf_str(&call), &errh);
    ck_buf_free(&ts);
    ck_buf_free(&call);
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    int64_t t = p->ts_ns;
    if (!ELEM(ready))
        ELEM(first_packet)(t);
    if (t < ELEM(first)) {
        CK_OUTPUT1_OR_DROP(p, "outside the time range");
        return NULL;
    }
    if (!(t < ELEM(last)) && ELEM(end_call) && ELEM(h_ready)) {
        int64_t prev;
        do {
            prev = ELEM(last);
            ELEM(h_ready) = 0;
            ELEM(call_end)(t);
        } while (!(t < ELEM(last)) && ELEM(end_call) && ELEM(h_ready) && ELEM(last) > prev);
    }
    if (!(t < ELEM(last))) {
        CK_OUTPUT1_OR_DROP(p, "outside the time range");
        return NULL;
    }
    return p;
}
#include "simple_action.h"

#include "standard/ckdata.h"
CK_DATA_READ_WITH(start, ck_unparse_timestamp, ELEM(first));
CK_DATA_READ_WITH(end, ck_unparse_timestamp, ELEM(last));
CK_DATA_READ_WITH(interval, ck_unparse_timestamp, ELEM(last) - ELEM(first));

static CK_UNUSED int ELEM(write_start)(const char *value, ck_errh *errh)
{
    int64_t t;
    if (ck_parse_time_ns(value, &t) < 0)
        return ck_error(errh, "expected time");
    if (!ELEM(ready))
        ELEM(first_packet)(t);
    ELEM(first) = t;
    return 0;
}

static CK_UNUSED int ELEM(write_end)(const char *value, ck_errh *errh)
{
    int64_t t;
    if (ck_parse_time_ns(value, &t) < 0)
        return ck_error(errh, "expected time");
    ELEM(last) = ELEM(add)(ELEM(first), t);
    ELEM(h_ready) = 1;
    return 0;
}

static CK_UNUSED int ELEM(write_extend_interval)(const char *value, ck_errh *errh)
{
    int64_t t;
    if (ck_parse_time_ns(value, &t) < 0)
        return ck_error(errh, "expected time");
    ELEM(last) = ELEM(add)(ELEM(last), t);
    ELEM(h_ready) = 1;
    return 0;
}
