"""IPPrint: Prints a tcpdump-like line for each IP packet.

Facts from Click's elements/ip/ipprint.hh and .cc.
"""

from typing import Any

from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, Configured, ElementSpec, Handler, arg_value, truthy
from clickc.elements.standard.print import contents_value
from clickc.ir import Element, RouterGraph


def reads_timestamp(e: Configured) -> bool:
    """Prints the timestamp unless TIMESTAMP false (default true)."""
    return truthy(arg_value(e, 'TIMESTAMP', True))


def ipprint_contents(graph: RouterGraph, element: Element, args: dict[str, Any],
                     ctx: ConfigureContext) -> None:
    """IPPrint: CONTENTS and PAYLOAD values, at most one of them (Click's IPPrint::configure;
    its PAYLOAD message quotes the CONTENTS text, as Click does)."""
    contents = str(args.get("CONTENTS") or "no")
    c = contents_value(contents)
    if c is None:
        ctx.error(f"bad contents value '{contents.upper()}'; should be 'NONE', 'HEX', or "
                  "'ASCII'")
        return
    payload = str(args.get("PAYLOAD") or "no").upper()
    p = {"NO": 0, "FALSE": 0, "YES": 1, "TRUE": 1, "HEX": 1, "ASCII": 2}.get(payload)
    if p is None:
        ctx.error(f"bad payload value '{contents}'; should be 'false', 'hex', or 'ascii'")
    elif p > 0 and c > 0:
        ctx.error("specify at most one of PAYLOAD and CONTENTS")


SPEC = ElementSpec('IPPrint', '1/1', 'a/a',
    args=(
        Arg('LABEL', 'string', positional=True, default=''),
        Arg('CONTENTS', 'word', default='no'),
        Arg('PAYLOAD', 'word', default='no'),
        Arg('MAXLENGTH', 'int', default=1500),
        Arg('NBYTES', 'int', default=1500),
        Arg('ID', 'bool', default=False),
        Arg('TIMESTAMP', 'bool', default=True),
        Arg('PAINT', 'bool', default=False),
        Arg('TOS', 'bool', default=False),
        Arg('TTL', 'bool', default=False),
        Arg('SWAP', 'bool', default=True),
        Arg('LENGTH', 'bool', default=False),
        Arg('AGGREGATE', 'bool', default=False),
        Arg('ACTIVE', 'bool', default=True),
        Arg('OUTFILE', 'filename'),
        Arg('CHANNEL', 'word'),
    ),
    handlers=(Handler('active', write=True),),
    validate=ipprint_contents,
           shared_output=True,
           header_delta=0,
           reads_timestamp=reads_timestamp,
)
