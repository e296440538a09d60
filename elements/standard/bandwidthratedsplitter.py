"""BandwidthRatedSplitter: Sends packets to output 0 at up to RATE bytes per second, the excess to
output 1.

Facts from Click's elements/standard/bwratedsplitter.hh and .cc.
"""

from clickc.elements.standard.ratedsplitter import splitter_spec

SPEC = splitter_spec(name='BandwidthRatedSplitter', bandwidth=True)
