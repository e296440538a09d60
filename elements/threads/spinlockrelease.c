/* SpinlockRelease(LOCK): releases the spinlock LOCK held by this thread (threads/ckspinlock.h)
 * and passes the packet on (Click's elements/threads/spinlockrelease.hh). */
#include "threads/ckspinlock_user.h"

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    ck_spinlock_release(ELEM(lock));
    return p;
}
#include "simple_action.h"
