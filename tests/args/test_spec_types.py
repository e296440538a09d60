"""Every argument type the element specs use has a parser, and every default has a C constant."""

from __future__ import annotations

from clickc.args import PARSERS, c_literal
from clickc.elements import registry
from clickc.elements.spec import ARG_TYPES


def test_every_declared_type_has_a_parser() -> None:
    assert sorted(set(ARG_TYPES) - set(PARSERS)) == []


def test_every_spec_argument_is_parseable_and_embeddable() -> None:
    problems = []
    for spec in registry.all_specs():
        for arg in spec.args:
            base = arg.type[:-5] if arg.type.endswith(" list") else arg.type
            if base not in PARSERS:
                problems.append(f"{spec.name}.{arg.name}: no parser for {arg.type!r}")
            elif arg.default is not None:
                try:
                    c_literal(arg.default, arg.type)
                except TypeError as e:
                    problems.append(f"{spec.name}.{arg.name}: default {arg.default!r}: {e}")
    assert problems == []
