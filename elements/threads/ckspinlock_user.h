/* ELEM(lock), the spinlock named by the LOCK argument, found when the router initializes
 * (threads/ckspinlock.h): the part SpinlockAcquire, SpinlockRelease and SpinlockPush share.
 * Included once per instance; no include guard. */
#include "threads/ckspinlock.h"

static ck_spinlock *ELEM(lock);

static int
ELEM(init)(ck_errh *errh)
{
    if (!(ELEM(lock) = ck_spinlock_named((const char *)CONF(LOCK))))
        return ck_error(errh, "cannot locate spinlock %s", (const char *)CONF(LOCK));
    return 0;
}
