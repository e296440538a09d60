"""Script: Runs a small script of handler reads, writes, waits and conditions.

Facts from Click's elements/standard/script.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import ElementSpec, Handler

SPEC = ElementSpec(
    name='Script',
    port_count='-/-',
    processing='ah/ah',
    flow_code='x/x',
    config='custom',
    custom_parser='clickc.elements.parsers:script_instructions',
    handlers=(
        Handler('step', read=False, write=True),
        Handler('goto', read=False, write=True),
        Handler('run', write=True, read_param=True),
    ),
    schedulable='timer',
    state='shared',
    handler_script=True,
    doc='Runs a small script of handler reads, writes, waits and conditions.',
)
