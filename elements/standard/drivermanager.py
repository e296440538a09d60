"""DriverManager: Runs instructions that control the driver: wait for elements to stop, then stop
the router.

Facts from Click's elements/standard/drivermanager.hh and .cc.
"""

import dataclasses

from clickc.elements.standard.script import script_spec

SPEC = dataclasses.replace(
    script_spec(name='DriverManager'),
    handler_script=True,
)
