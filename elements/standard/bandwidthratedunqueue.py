"""BandwidthRatedUnqueue: A task that pulls packets and pushes them out at RATE bytes per second.

Facts from Click's elements/standard/bwratedunqueue.hh and .cc.
"""

from clickc.elements.standard.ratedunqueue import unqueue_spec

SPEC = unqueue_spec(name='BandwidthRatedUnqueue', bandwidth=True)
