"""Burster: A task that pulls up to BURST packets (8 by default) every INTERVAL and pushes them
out (Click's TimedUnqueue with another default).

Facts from Click's elements/standard/burster.hh and .cc.
"""

from clickc.elements.standard.timedunqueue import timed_unqueue_spec

SPEC = timed_unqueue_spec('Burster', 8)
