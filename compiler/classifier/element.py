"""Configuring Classifier, IPClassifier and IPFilter elements: parse, compile, report.

``configure`` is what the element specs' custom parsers call: it returns the compiled decision
DAG and the C function implementing it, and reports Click's diagnostics under Click's
"While configuring 'NAME :: CLASS':" context line at the element's landmark.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from clickc.elements.hooks import ConfigureContext, address_table
from clickc.frontend.confparse import cp_argvec
from clickc.ir import Element, RouterGraph

from ..errors import Diagnostic, ErrorHandler, Landmark
from .classifier_lang import parse_classifier
from .dag import Decision, build_decision, unused_outputs
from .emit import c_string, emit_c
from .ipfilter_lang import AddressNames, parse_ipclassifier, parse_ipfilter
from .program import program_text
from .rules import Diagnostics, RuleSet

CLASSES = ("Classifier", "IPClassifier", "IPFilter")


@dataclass
class Compiled:
    """A configured classifier element: its rules, decision DAG and C function."""

    rules: RuleSet
    decision: Decision
    fn_name: str
    c_code: str


def compile_rules(class_name: str, args: list[str], noutputs: int,
                  addrs: AddressNames | None = None
                  ) -> tuple[RuleSet | None, Decision | None, Diagnostics]:
    """Parse and compile one element's configuration arguments (raw text, one per argument).

    Returns (rules, decision, diagnostics); rules and decision are None when there are
    errors.  Click's "output N matches no packets" warnings are added for Classifier and
    IPClassifier.  Raises ValueError for an unknown class name."""
    if class_name == "Classifier":
        rs, diag = parse_classifier(args, noutputs)
    elif class_name == "IPClassifier":
        rs, diag = parse_ipclassifier(args, noutputs, addrs)
    elif class_name == "IPFilter":
        rs, diag = parse_ipfilter(args, noutputs, addrs)
    else:
        raise ValueError(f"not a classifier class: {class_name}")
    if diag.nerrors:
        return None, None, diag
    d = build_decision(rs)
    if class_name != "IPFilter":
        for port in unused_outputs(d):
            diag.warning(f"output {port} matches no packets")
    return rs, d, diag


def report(errh: ErrorHandler, landmark: Landmark | None, element_name: str, class_name: str,
           diag: Diagnostics) -> None:
    """Print ``diag`` as Click does: "LANDMARK: While configuring 'NAME :: CLASS':" followed by
    each message indented by two spaces.  Errors count in ``errh.nerrors``, warnings in
    ``errh.nwarnings``."""
    if not diag.items:
        return
    errh.message(landmark, f"While configuring '{element_name} :: {class_name}':")
    for (level, _), line in zip(diag.items, diag.lines(), strict=True):
        errh.diagnostics.append(Diagnostic(None, "  " + line, "message"))
        if level == "error":
            errh.nerrors += 1
        else:
            errh.nwarnings += 1


def configure(class_name: str, element_name: str, args: list[str], noutputs: int,
              errh: ErrorHandler, landmark: Landmark | None = None, fn_name: str | None = None,
              addrs: AddressNames | None = None) -> Compiled | None:
    """Configure one element: compile its rules and emit its C function (named ``fn_name``,
    by default derived from the element name).  Diagnostics go to ``errh``; returns None
    after errors."""
    rs, d, diag = compile_rules(class_name, args, noutputs, addrs)
    report(errh, landmark, element_name, class_name, diag)
    if rs is None or d is None:
        return None
    if fn_name is None:
        fn_name = "ck_classify_" + "".join(c if c.isalnum() else "_" for c in element_name)
    return Compiled(rs, d, fn_name, emit_c(d, fn_name))


# ---- the element specs' custom_parser hooks (called by clickc.passes.check) ----


def _report_ctx(diag: Diagnostics, ctx: ConfigureContext) -> None:
    """Report through the element's configure context: errors with ``ctx.error``; warnings
    as Click words them ("  pattern N: warning: ..."), under the same context line."""
    for (level, _text), line in zip(diag.items, diag.lines(), strict=True):
        if level == "error":
            ctx.error(line)
        else:
            ctx.message(line)
            ctx.errh.nwarnings += 1


def _address_names(graph: RouterGraph) -> AddressNames | None:
    """AddressInfo names of the router, as the classifier languages look them up."""

    t = address_table(graph)
    return AddressNames(ip=t.ip.get, prefix=t.prefix.get, ether=t.ether.get)


def element_hook(graph: RouterGraph, element: Element,
                 ctx: ConfigureContext) -> dict[str, Any] | None:
    """The ``custom_parser`` of Classifier, IPClassifier and IPFilter: parse
    ``element.config`` (split as Click's ``cp_argvec``) for the element's connected outputs,
    compile the rules, report Click's diagnostics, and set ``element.facts.c_code`` to the
    decision function ``ELEM(classify)`` and the ``program`` handler text
    ``ELEM(program_text)`` (Click's optimized instruction list, ``program.program_text``)
    that the element's C template uses (docs/c-interface.md).  Returns
    ``{"PATTERNS": [...], "RULES": RuleSet, "DECISION": Decision}`` or None after errors."""

    conf = list(cp_argvec(element.config))
    noutputs = graph.noutputs_used(element.name)
    rs, d, diag = compile_rules(element.class_name, conf, noutputs, _address_names(graph))
    _report_ctx(diag, ctx)
    if rs is None or d is None:
        return None
    code = emit_c(d, "ELEM(classify)")
    text = c_string(program_text(element.class_name, rs))
    code += ("/* the program handler's text */\n"
             f"static const char ELEM(program_text)[] = {text};\n")
    element.facts.c_code = code
    return {"PATTERNS": conf, "RULES": rs, "DECISION": d}
