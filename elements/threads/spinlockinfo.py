"""SpinlockInfo: Defines names of spinlocks for SpinlockAcquire, SpinlockRelease and
SpinlockPush.

Facts from Click's elements/threads/spinlockinfo.hh and .cc.
"""

from clickc.elements.spec import ElementSpec
from clickc.elements.threads.spinlocks import info_names

SPEC = ElementSpec('SpinlockInfo', '0/0', 'a/a',
    config='custom',
    custom_parser=info_names,
    state='readonly',
    configure_phase=0,
)
