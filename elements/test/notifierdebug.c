/* NotifierDebug: passes packets through unchanged; its `signal` handler prints the notifier
 * signal of its input as Click's elements/test/notifierdebug.cc does (NotifierSignal::unparse).
 * In pull context that is the upstream empty signal, made of the bits of the notifiers the
 * compiler found upstream (compiler/backend/notifier.py, debug_signal_code: each notifier's
 * bit in Click's "empty" signal words, set while it is not empty), e.g.
 * "empty.0/ffffffff:1*+empty.1/3ff:0".  In push context it is the downstream full signal
 * ("full.0/1:1*": a Queue's bit set while it has room).  "busy*" when the signal is always
 * active. */
#ifndef NOTIFIER_DEBUG_SIGNAL
#define NOTIFIER_DEBUG_SIGNAL(out) ck_buf_puts((out), "busy*")
#endif

static ck_packet *ELEM(simple_action)(ck_packet *p) { return p; }
#include "simple_action.h"

static CK_UNUSED int ELEM(read_signal)(ck_buf *out)
{
    NOTIFIER_DEBUG_SIGNAL(out);
    return 0;
}
#undef NOTIFIER_DEBUG_SIGNAL
