"""Error: Always fails to initialize, so the router does not run; any ports, any configuration.

Facts from Click's include/click/standard/errorelement.hh and elements/standard/errorelement.cc.
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec('Error', '-/-', 'a/a', 'x/y',
    config='custom',
)
