"""DriverManager: Runs instructions that control the driver: wait for elements to stop, then stop
the router.

Facts from Click's elements/standard/drivermanager.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import ElementSpec, Handler
from clickc.elements.standard.script import script_instructions

SPEC = ElementSpec(
    name='DriverManager',
    port_count='-/-',
    processing='ah/ah',
    flow_code='x/x',
    config='custom',
    custom_parser=script_instructions,
    handlers=(
        Handler('step', read=False, write=True),
        Handler('goto', read=False, write=True),
        Handler('run', write=True, read_param=True),
    ),
    schedulable='timer',
    state='shared',
    doc=(
        'Runs instructions that control the driver: wait for elements to stop, then stop '
        'the router.'
    ),
)
