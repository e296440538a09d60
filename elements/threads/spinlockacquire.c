/* SpinlockAcquire(LOCK): acquires the spinlock LOCK (threads/ckspinlock.h: recursive for its
 * thread, others spin) and passes the packet on (Click's elements/threads/spinlockacquire.hh).
 * A SpinlockRelease down the path releases it. */
#include "threads/ckspinlock_user.h"

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    ck_spinlock_acquire(ELEM(lock));
    return p;
}
#include "simple_action.h"
