"""SpinlockPush: Holds the spinlock LOCK while each packet is pushed on through the rest of the
push path.

Facts from Click's elements/threads/spinlockpush.hh and .cc.
"""

from clickc.elements.threads.spinlocks import lock_user_spec

SPEC = lock_user_spec('SpinlockPush', 'h/h')
