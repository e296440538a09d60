"""Configuration argument parsing with Click's semantics (``clickc.args``).

Public interface:

* :func:`cp_argvec` (split at commas), :func:`cp_spacevec` (split at white space),
  :func:`cp_uncomment`, :func:`cp_shift_spacevec`, :func:`unquote` — Click's
  configuration-string functions of lib/confparse.cc, under Click's names (``cp_`` for
  "configuration parse"), defined once in :mod:`clickc.args.lexing`.
* :func:`parse_args` / :func:`parse_args_full` — Click's ``Args`` rules for an ``ElementSpec``.
* :func:`parse_value` — one typed value; raises :class:`ArgError`.
* :class:`ArgContext`, :func:`collect_addressinfo`, :class:`AddressInfoDB` (the names of
  AddressInfo, PortInfo and AnnotationInfo elements; :func:`define_annotationinfo_arg`,
  :func:`check_annotation_overlap`, :func:`check_annotation_overlaps`, :func:`anno_value`;
  FlowInfo's flow codes, :func:`define_flowinfo_arg`).
* Typed values (:mod:`clickc.args.values`) and :func:`c_literal` / :func:`c_length`.

docs/config-arguments.md documents every argument type.
"""

from .addresses import AddressInfoDB, NameEntry
from .core import (
    PARSERS,
    ArgContext,
    ArgError,
    ParsedArgs,
    anno_value,
    argument_texts,
    check_annotation_overlap,
    check_annotation_overlaps,
    collect_addressinfo,
    define_annotationinfo_arg,
    define_flowinfo_arg,
    find_element,
    parse_args,
    parse_args_full,
    parse_value,
    report,
)
from .lexing import cp_argvec, cp_shift_spacevec, cp_spacevec, cp_uncomment, unquote
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
    "NameEntry", "ParsedArgs", "Time", "anno_value", "argument_texts",
    "check_annotation_overlap", "check_annotation_overlaps", "define_annotationinfo_arg",
    "define_flowinfo_arg", "c_length",
    "c_literal",
    "collect_addressinfo", "find_element", "parse_args", "parse_args_full", "parse_value",
    "report", "cp_argvec", "cp_shift_spacevec", "cp_spacevec", "cp_uncomment", "unquote",
]
