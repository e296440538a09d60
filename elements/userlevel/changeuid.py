"""ChangeUID: Relinquishes set-uid-root privilege: the process's effective user and group IDs
become its real ones.

Facts from Click's elements/userlevel/changeuid.hh and .cc.
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec('ChangeUID', '0/0', 'a/a',
    config='none',
    # Click's CONFIGURE_PHASE_PRIVILEGED + 1: after the device elements (89, 90), before
    # the others (100), which then open their files without the privilege
    configure_phase=91,
)
