"""CheckPacket: Checks each packet's length, data and alignment against a specification,
printing an error for each mismatch; every packet is consumed.

Facts from Click's elements/test/checkpacket.hh and .cc.
"""

from typing import Any

from clickc.elements.hooks import ConfigureContext, parse_int
from clickc.elements.spec import Arg, ElementSpec
from clickc.ir import Element, RouterGraph


def check(graph: RouterGraph, element: Element, args: dict[str, Any],
          ctx: ConfigureContext) -> None:
    """CheckPacket::configure after its arguments: at most one length test (LENGTH and
    LENGTH_EQ are one, the later given wins; a negative value is no test), then ALIGNMENT's
    two words MODULUS OFFSET, with Click's messages."""
    eq = args.get('LENGTH_EQ') if 'LENGTH_EQ' in (element.facts.args_given or set()) \
        else args.get('LENGTH', -1)
    ops = [v for v in (eq, args.get('LENGTH_GE', -1), args.get('LENGTH_LE', -1))
           if isinstance(v, int) and v >= 0]
    if len(ops) > 1:
        ctx.error("specify at most one of LENGTH_EQ, LENGTH_GE, and LENGTH_LE")
        return
    align = args.get('ALIGNMENT') or ''
    if not isinstance(align, str) or not align.strip():
        return
    words = align.split()
    values: list[int | None] = []
    failed = False
    for i, name in enumerate(('MODULUS', 'OFFSET')):
        if i >= len(words):
            ctx.error(f"{name}: required argument missing")
            failed = True
            continue
        v = parse_int(words[i])
        if v is None:
            ctx.error(f"{name}: invalid number")
            failed = True
        values.append(v)
    if len(words) > 2:
        ctx.error("too many arguments")
        failed = True
    if failed:
        return
    chunk, offset = values
    assert chunk is not None and offset is not None
    if chunk <= 1 or offset < 0 or offset >= chunk:
        ctx.error("bad alignment modulus and/or offset")


SPEC = ElementSpec('CheckPacket', '1/1', 'a/a',
    args=(
        Arg('DATA', 'string', doc='the packet data from DATA_OFFSET on must be exactly DATA'),
        Arg('DATA_OFFSET', 'unsigned', default=0, doc='where DATA is compared (default 0)'),
        Arg('LENGTH', 'int', default=-1, doc='the length must be LENGTH (negative: no test)'),
        Arg('LENGTH_EQ', 'int', default=-1, doc='the same as LENGTH'),
        Arg('LENGTH_GE', 'int', default=-1, doc='the length must be at least LENGTH_GE'),
        Arg('LENGTH_LE', 'int', default=-1, doc='the length must be at most LENGTH_LE'),
        Arg('ALIGNMENT', 'anything',
            doc='"MODULUS OFFSET": the data must start OFFSET bytes past a MODULUS boundary'),
    ),
    validate=check,
    shared_output=True,
    header_delta=0,
)
