"""TokenBucketTest: Runs regression tests of the token bucket arithmetic when initialized.

Facts from Click's elements/test/tokenbuckettest.hh and .cc.
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec('TokenBucketTest', '0/0', 'a/a', config='none')
