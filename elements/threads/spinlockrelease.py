"""SpinlockRelease: Releases the spinlock LOCK as each packet passes (after a SpinlockAcquire).

Facts from Click's elements/threads/spinlockrelease.hh and .cc.
"""

from clickc.elements.threads.spinlocks import lock_user_spec

SPEC = lock_user_spec('SpinlockRelease', 'a/a')
