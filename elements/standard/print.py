"""Print: Prints a hex dump of the start of each packet to standard error, with an optional label.

Facts from Click's elements/standard/print.hh and .cc.
"""

from typing import Any

from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, Configured, ElementSpec, Handler, arg_value, truthy
from clickc.ir import Element, RouterGraph


def reads_timestamp(e: Configured) -> bool:
    """Prints the timestamp only with TIMESTAMP true (default false)."""
    return truthy(arg_value(e, 'TIMESTAMP', False))


_BOOL_WORDS = {"true": True, "yes": True, "1": True, "false": False, "no": False, "0": False}


def contents_value(word: str) -> int | None:
    """Print/IPPrint CONTENTS: a boolean, NONE, HEX or ASCII (0, 1, 2), else None."""
    if word.lower() in _BOOL_WORDS:
        return int(_BOOL_WORDS[word.lower()])
    return {"NONE": 0, "HEX": 1, "ASCII": 2}.get(word.upper())


def print_contents(graph: RouterGraph, element: Element, args: dict[str, Any],
                   ctx: ConfigureContext) -> None:
    """Print: CONTENTS is NONE, HEX or ASCII (Click's Print::configure)."""
    word = str(args.get("CONTENTS") or "HEX")
    if contents_value(word) is None:
        ctx.error(f"bad contents value '{word.upper()}'; should be 'NONE', 'HEX', or 'ASCII'")


SPEC = ElementSpec('Print', '1/1', 'a/a',
    args=(
        Arg('LABEL', 'string', positional=True, default=''),
        Arg('MAXLENGTH', 'int', positional=True, default=24),
        Arg('LENGTH', 'int', deprecated=True),
        Arg('NBYTES', 'int', deprecated=True),
        Arg('CONTENTS', 'word', default='HEX'),
        Arg('TIMESTAMP', 'bool', default=False),
        Arg('PRINTANNO', 'bool', default=False),
        Arg('ACTIVE', 'bool', default=True),
        Arg('HEADROOM', 'bool', default=False),
    ),
    handlers=(Handler('active', write=True),),
    validate=print_contents,
           shared_output=True,
           header_delta=0,
           reads_timestamp=reads_timestamp,
)
