/* RoundRobinSwitch: sends each packet to the next output in turn, starting with output 0
 * (Click's elements/standard/rrswitch.cc).
 * Concurrency (docs/concurrency.md): with ELEMENT_NTHREADS > 1 the cursor is one atomic
 * counter taken with fetch-and-add, as Click's SMP build does with compare-and-swap: the
 * outputs still take turns over all threads' packets together. */
#include "ckstat.h"
#if ELEMENT_NTHREADS > 1
static unsigned ELEM(ticket);
#else
static int ELEM(next);
#endif

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
#if ELEMENT_NTHREADS > 1
    int i = (int)(__atomic_fetch_add(&ELEM(ticket), 1u, __ATOMIC_RELAXED) % (unsigned)NOUTPUTS);
#else
    int i = ELEM(next);
    if (++ELEM(next) >= NOUTPUTS)
        ELEM(next) = 0;
#endif
    OUTPUT(i, p);
}
