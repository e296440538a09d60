"""HandlerTask: A task that calls a write handler each time it runs.

Facts from Click's elements/test/handlertask.hh and .cc.
"""

from typing import Any

from clickc.elements.hooks import ConfigureContext, c_struct_table, set_c_code
from clickc.elements.spec import Arg, ElementSpec, Handler
from clickc.ir import Element, RouterGraph


def call_text(graph: RouterGraph, element: Element, args: dict[str, Any],
              ctx: ConfigureContext) -> None:
    """The C file calls HANDLER with its value: the whole call, the element's flat name then
    the value text, as ``ELEM(call)[0].text`` (the argument's C form names the handler
    only)."""
    ref = args.get('HANDLER')
    if ref is None:
        return
    value = str(getattr(ref, 'value', '') or '')
    text = (f"{ref} {value}" if value else str(ref)).encode('utf-8', 'surrogateescape')
    set_c_code(element, c_struct_table('call', f'char text[{len(text) + 1}];',
                                       [[text + b'\0']]))

SPEC = ElementSpec('HandlerTask', '0/0', 'a/a',
    args=(
        Arg('HANDLER', 'handler', positional=True, required=True,
            doc='the write handler called, "ELEMENT.HANDLER [VALUE]"'),
        Arg('ACTIVE', 'bool', default=True,
            doc='schedule the task at initialization (else a write to scheduled does)'),
        Arg('RESCHEDULE', 'bool', default=False,
            doc='reschedule the task after each run (else it runs once per scheduling)'),
    ),
    handlers=(
        Handler('count', doc='times the task ran'),
        Handler('reschedule', write=True, doc='RESCHEDULE'),
        Handler('scheduled', write=True,
                doc='whether the task is scheduled; a boolean write schedules or unschedules it'),
    ),
    validate=call_text,
    schedulable='source',
)
