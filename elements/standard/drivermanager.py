"""DriverManager: Runs instructions that control the driver: wait for elements to stop, then stop
the router.

Facts from Click's elements/standard/drivermanager.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.standard.script import script_spec

SPEC = script_spec(
    name='DriverManager',
    doc=(
        'Runs instructions that control the driver: wait for elements to stop, then stop '
        'the router.'
    ),
)
