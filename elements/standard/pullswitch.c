/* PullSwitch([INPUT]) (and Click's SimplePullSwitch): a pull on the output pulls input INPUT
 * and returns what it gives; with no input selected (INPUT negative or not an input) it
 * returns nothing (Click's elements/simple/simplepullswitch.cc and
 * elements/standard/pullswitch.cc).  Handler switch reads and changes the input (IntArg,
 * "syntax error" otherwise; out of range: -1), config reads it.
 *
 * PullSwitch is an empty notifier (docs/runtime.md, "Sleeping tasks"): when a task downstream
 * listens to it, the template defines QUEUE_WAKE() and, for its inputs' signals,
 * NOTIFIER_INPUT_ACTIVE(i).  Its signal is active while an input is selected and that input
 * gave a packet or its own signal is active; a pull that finds nothing on an input whose
 * signal is inactive makes it inactive, and selecting an input whose signal is active, or
 * that input's notifier waking (ELEM(notify), Click's wake callback), makes it active again
 * and wakes the listeners.  Without listeners (SimplePullSwitch always) none of this is
 * compiled. */
static int ELEM(input);

#ifdef QUEUE_WAKE
static int ELEM(nactive); /* the notifier's signal */

static CK_UNUSED int ELEM(empty)(void) { return !ELEM(nactive); }

/* Click's ActiveNotifier::set_active: listeners are woken when `wake` is set and the signal
 * becomes active. */
static void ELEM(set_active)(int active, int wake)
{
    int was = ELEM(nactive);
    ELEM(nactive) = active;
    if (active && !was && wake)
        QUEUE_WAKE();
}

static int ELEM(input_active)(int i)
{
#ifdef NOTIFIER_INPUT_ACTIVE
    return NOTIFIER_INPUT_ACTIVE(i);
#else
    (void)i;
    return 1; /* no input: Click's busy signal */
#endif
}

static CK_UNUSED void ELEM(notify)(void)
{
    int i = ELEM(input);
    if (i >= 0 && !ELEM(nactive) && ELEM(input_active)(i))
        ELEM(set_active)(1, 1);
}
#endif

static void ELEM(set_input)(int64_t v)
{
    ELEM(input) = v < 0 || v >= NINPUTS ? -1 : (int)v;
}

static int
ELEM(init)(ck_errh *errh)
{
    (void)errh;
    ELEM(set_input)((int64_t)CONF(INPUT));
#ifdef QUEUE_WAKE
    ELEM(set_active)(ELEM(input) >= 0, 0);
#endif
    return 0;
}

static CK_UNUSED ck_packet *ELEM(pull)(int port)
{
    (void)port;
    int i = ELEM(input);
#ifdef QUEUE_WAKE
    if (i < 0) {
        ELEM(set_active)(0, 0);
        return NULL;
    }
    ck_packet *p = INPUT_PULL(i);
    if (p)
        ELEM(set_active)(1, 0);
    else if (!ELEM(input_active)(i))
        ELEM(set_active)(0, 0);
    return p;
#else
    return i < 0 ? NULL : INPUT_PULL(i);
#endif
}

#include "standard/ckdata.h"
CK_DATA_READ(switch, ELEM(input));
CK_DATA_READ(config, ELEM(input));

static CK_UNUSED int ELEM(write_switch)(const char *value, ck_errh *errh)
{
    int64_t v;
    if (ck_parse_int64(value, &v) < 0 || v < INT32_MIN || v > INT32_MAX)
        return ck_error(errh, "syntax error");
    ELEM(set_input)(v);
#ifdef QUEUE_WAKE
    if (ELEM(input) < 0)
        ELEM(set_active)(0, 0);
    else if (ELEM(input_active)(ELEM(input)))
        ELEM(set_active)(1, 1);
#endif
    return 0;
}
