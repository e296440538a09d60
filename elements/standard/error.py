"""Error: Always fails to initialize, so the router does not run; any ports, any configuration.

Facts from Click's include/click/standard/errorelement.hh and elements/standard/errorelement.cc.
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec('Error', '-/-', 'a/a', 'x/y',
    config='custom',
    # Click registers the class under its C++ name as well (userlevel/elements.conf lists
    # ErrorElement); an ErrorElement is an Error ('e :: Error' in its messages)
    synonyms=('ErrorElement',),
)
