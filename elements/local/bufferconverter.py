"""BufferConverter: Converts between a byte stream and packets.

Facts from Click's elements/local/bufconv.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('BufferConverter', '2/1', 'lh/h',
    args=(Arg('MTU', 'int', positional=True, required=True),),
    handlers=(Handler('data', write=True),),
    state='shared',
)
