"""Configuration argument parsing with Click's semantics (``clickc.args``).

Public interface:

* :func:`split_config` — Click's ``cp_argvec``.
* :func:`parse_args` / :func:`parse_args_full` — Click's ``Args`` rules for an ``ElementSpec``.
* :func:`parse_value` — one typed value; raises :class:`ArgError`.
* :class:`ArgContext`, :func:`collect_addressinfo`, :class:`AddressInfoDB`.
* Typed values (:mod:`clickc.args.values`) and :func:`c_literal` / :func:`c_length`.

docs/config-arguments.md documents every argument type.
"""

from .addresses import AddressInfoDB, NameEntry
from .core import (
    PARSERS,
    ArgContext,
    ArgError,
    ParsedArgs,
    argument_texts,
    collect_addressinfo,
    find_element,
    parse_args,
    parse_args_full,
    parse_value,
    report,
)
from .lexing import split_config, split_words, uncomment, unquote
from .values import (
    Bandwidth,
    ElementRef,
    EtherAddress,
    HandlerRef,
    IP6Address,
    IP6Prefix,
    IPAddress,
    IPPrefix,
    Time,
    c_length,
    c_literal,
)

__all__ = [
    "PARSERS", "AddressInfoDB", "ArgContext", "ArgError", "Bandwidth", "ElementRef",
    "EtherAddress", "HandlerRef", "IP6Address", "IP6Prefix", "IPAddress", "IPPrefix",
    "NameEntry", "ParsedArgs", "Time", "argument_texts", "c_length", "c_literal",
    "collect_addressinfo", "find_element", "parse_args", "parse_args_full", "parse_value",
    "report", "split_config", "split_words", "uncomment", "unquote",
]
