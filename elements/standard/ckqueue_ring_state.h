/* The counters of Queue's and FrontDropQueue's ring storage between threads (QUEUE_RING other
 * than CK_RING_LOCAL; per instance), atomics other threads read with relaxed loads, and
 * ELEM(overflow): a packet leaving because the queue was full (output 1, or freed and counted
 * with reason "queue full"; the first one prints "NAME :: CLASS: overflow", CLASS defaulting
 * to CK_QUEUE_CLASS, which the template defines).  The template declares its ring ELEM(r). */
#include "standard/ckoutput.h"
static uint32_t ELEM(cap);
static _Atomic uint32_t ELEM(highwater);
static _Atomic uint64_t ELEM(drops);
static _Atomic int ELEM(overflow_noted);

static CK_UNUSED void ELEM(overflow)(ck_packet *p)
{
    if (ELEM(cap) > 0 && !atomic_exchange_explicit(&ELEM(overflow_noted), 1, memory_order_relaxed)) {
        const char *cls = ck_current_router ? ck_current_router->elements[ELEMENT_INDEX].class_name
                                            : CK_QUEUE_CLASS;
        ck_chatter("%s :: %s: overflow", ELEMENT_NAME, cls);
    }
    atomic_fetch_add_explicit(&ELEM(drops), 1, memory_order_relaxed);
    CK_OUTPUT1_OR_DROP(p, "queue full");
}
#undef CK_QUEUE_CLASS
