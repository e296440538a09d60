"""Null2: Passes packets through unchanged (one of Click's eight copies of Null, distinct classes
so that a configuration can tell them apart).

Facts from Click's elements/standard/nulls.hh and .cc.
"""

import dataclasses

from clickc.elements.standard.null import SPEC as NULL

SPEC = dataclasses.replace(NULL, name='Null2')
