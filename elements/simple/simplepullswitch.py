"""SimplePullSwitch: Answers each pull by pulling input INPUT, chosen by configuration and the
switch handler (-1: none), without notification.

Facts from Click's elements/simple/simplepullswitch.hh and .cc.
"""

from clickc.elements.standard.pullswitch import switch_spec

SPEC = switch_spec('SimplePullSwitch')
