"""Resize: Adds or removes bytes at the front (HEAD) and the end (TAIL) of every packet.

Facts from Click's elements/standard/resize.hh and .cc.
"""

from clickc.elements.spec import Arg, Configured, ElementSpec, Handler, arg_value


def header_delta(e: Configured) -> int | None:
    """The headers move HEAD bytes (None: HEAD not an integer here)."""
    v = arg_value(e, 'HEAD', 0)
    return v if isinstance(v, int) else None


SPEC = ElementSpec('Resize', '1/1', 'a/a',
    click_flags='S0',
    args=(
        Arg('HEAD', 'int', positional=True, default=0,
            doc='bytes added at the front (negative: removed, at most the whole packet)'),
        Arg('TAIL', 'int', positional=True, default=0,
            doc='bytes added at the end (negative: removed, at most the whole packet)'),
    ),
    handlers=(
        Handler('head', write=True, doc='HEAD: read and change it'),
        Handler('tail', write=True, doc='TAIL: read and change it'),
    ),
    per_packet=True,
    order_free=True,
    header_delta=header_delta,
)
