/* SpinlockPush(LOCK): acquires the spinlock LOCK, pushes the packet on, and releases the lock
 * when the push returns (Click's elements/threads/spinlockpush.hh): the rest of the push path
 * runs on one thread at a time. */
#include "threads/ckspinlock_user.h"

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    ck_spinlock_acquire(ELEM(lock));
    OUTPUT(0, p);
    ck_spinlock_release(ELEM(lock));
}
