"""SpinlockAcquire: Acquires the spinlock LOCK as each packet passes (a SpinlockRelease later
releases it).

Facts from Click's elements/threads/spinlockacquire.hh and .cc.
"""

from clickc.elements.threads.spinlocks import lock_user_spec

SPEC = lock_user_spec('SpinlockAcquire', 'a/a')
