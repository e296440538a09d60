"""Run-time versus compile-time parameters (``NAME=VALUE``).

A compiled router accepts ``NAME=VALUE`` on its command line for a parameter that only reaches
configuration arguments the element reads at run time as plain values — file names, device
names, counts and limits — so one binary serves many inputs.  A parameter that would change the
router graph, an element's class, or an argument compiled into code (addresses, patterns,
routes, capacities, ...) stays fixed: the program accepts only its compiled value and otherwise
says to recompile.

Method (all on the front end's output, no guessing from text alone): the configuration,
read once, is flattened again with the parameter replaced by a unique marker word (the
probe).  The parameter is a run-time one when the two graphs have the same elements, classes,
connections and requirements, and every configuration argument that changed

* is an argument of a run-time type (:data:`STRING_TYPES` or :data:`INTEGER_TYPES`) of a class
  configured by ``clickc.args`` (not a custom parser), and
* holds the marker once: a string argument may add text around it (``FILENAME $DIR/in.pcap``:
  the program stores the prefix and suffix), and the value so rebuilt must equal the value
  parsed at compile time; an integer argument must be exactly the parameter.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass

from clickc.cformat import c_literal
from clickc.elements.spec import ElementSpec

from ..frontend.confparse import cp_argvec, cp_keyword, cp_string
from ..ir import RouterGraph
from .model import ConfModel, ParamModel, RouterModel, RuntimeBinding

#: Argument types whose value a run-time parameter may set: strings (prefix + VALUE + suffix).
STRING_TYPES = frozenset({"filename", "string", "word"})

#: Integer argument types a run-time parameter may set (whole argument), with C type and range.
INTEGER_TYPES: dict[str, tuple[str, int, int]] = {
    "int": ("int32_t", -(2**31), 2**31 - 1),
    "unsigned": ("uint32_t", 0, 2**32 - 1),
    "int64": ("int64_t", -(2**63), 2**63 - 1),
    "unsigned64": ("uint64_t", 0, 2**64 - 1),
    "uint16": ("uint16_t", 0, 2**16 - 1),
    "byte": ("uint8_t", 0, 255),
    "bool": ("int", 0, 1),
}


@dataclass
class _Site:
    element_index: int
    arg: str
    binding: RuntimeBinding


def marker_for(name: str) -> str:
    """The marker word that stands for parameter ``name`` in the probe (deterministic)."""
    return "clickcparam" + hashlib.sha256(name.encode()).hexdigest()[:12]


def _same_structure(a: RouterGraph, b: RouterGraph) -> bool:
    ea = [(e.name, e.class_name) for e in a.elements()]
    eb = [(e.name, e.class_name) for e in b.elements()]
    return ea == eb and a.connections() == b.connections() and a.requirements == b.requirements


def arg_texts(spec: ElementSpec, config: str) -> dict[str, str] | None:
    """Argument name -> its value text in ``config`` (Click's Args rules: keyword arguments
    name themselves, the rest fill positional arguments in order); None if they do not fit."""
    names = {a.name for a in spec.args}
    positional = [a.name for a in spec.args if a.positional]
    out: dict[str, str] = {}
    pos = 0
    for raw in cp_argvec(config):
        kw = cp_keyword(raw)
        if kw is not None and kw[0] in names:
            out[kw[0]] = kw[1]
            continue
        if pos >= len(positional):
            return None
        out[positional[pos]] = raw
        pos += 1
    return out


def _value_str(value: object) -> str | None:
    if isinstance(value, str):
        return value
    for attr in ("value", "text"):
        v = getattr(value, attr, None)
        if isinstance(v, str):
            return v
    return None


def classify(model: RouterModel, graph: RouterGraph, params: dict[str, str],
             specs: Callable[[str], ElementSpec | None],
             probe: Callable[[dict[str, str]], RouterGraph | None]) -> None:
    """Fill ``model.params`` and bind run-time arguments in ``model``'s elements.

    params: every parameter the router was compiled with (configuration ``define``s and
    command-line ``NAME=VALUE``), name -> value.  probe(defines): the flat graph of the same
    configuration with other parameter values (``clickc.driver.Parsed.redefine``: the text is
    not read again); None when that configuration has errors.  Parameters are processed in
    name order, so the output is deterministic.
    """
    ordered = graph.elements()
    by_index = {e.name: i for i, e in enumerate(ordered)}
    for name in sorted(params):
        value = params[name]
        marker = marker_for(name)
        probed = probe({**params, name: marker})
        prm = ParamModel(name, value, [])
        model.params.append(prm)
        if probed is None or not _same_structure(graph, probed):
            prm.reason = "it changes the router's elements or connections"
            continue
        sites: list[_Site] = []
        reason = ""
        for e in ordered:
            pe = probed.element(e.name)
            if pe.config == e.config and marker not in pe.config:
                continue
            spec = specs(e.class_name)
            texts = (arg_texts(spec, pe.config)
                     if spec is not None and spec.config == "args" else None)
            if spec is None or texts is None:
                reason = f"it reaches {e.name}'s configuration, which is compiled"
                break
            for arg in spec.args:
                t = texts.get(arg.name, "")
                if marker not in t:
                    continue
                if arg.name in model.elements[by_index[e.name]].static_confs:
                    reason = (f"{e.class_name}'s C code needs {e.name}'s {arg.name} argument "
                              "as a compile-time constant")
                    break
                site = _bind(e.name, by_index[e.name], arg.name, arg.type, t, marker, name,
                             (e.args or {}).get(arg.name), value)
                if isinstance(site, str):
                    reason = site
                    break
                sites.append(site)
            if reason:
                break
        if reason:
            prm.reason = reason
            continue
        if not sites:
            prm.reason = "unused"
            prm.unused = True
            continue
        for s in sites:
            em = model.elements[s.element_index]
            for c in em.confs:
                if c.name == s.arg:
                    _apply(c, s.binding)
            prm.bindings.append(s.binding)


def _bind(ename: str, index: int, arg: str, atype: str, text: str, marker: str, pname: str,
          parsed: object, value: str) -> _Site | str:
    """A run-time binding of argument ``arg`` of element ``ename``, or the reason why not."""
    var = f"e{index}__param_{arg}"
    if atype in STRING_TYPES:
        s = cp_string(text.strip())
        if s is None or s.count(marker) != 1:
            return f"it is only part of {ename}'s {arg} argument"
        prefix, suffix = s.split(marker)
        if parsed is not None and _value_str(parsed) != prefix + value + suffix:
            return f"{ename}'s {arg} argument is not simply the parameter's text"
        return _Site(index, arg, RuntimeBinding(
            pname, var, "const char *", "string", c_literal(prefix + value + suffix),
            prefix, suffix))
    if atype in INTEGER_TYPES:
        if text.strip() != marker:
            return f"it is only part of {ename}'s {arg} argument"
        ctype, lo, hi = INTEGER_TYPES[atype]
        default = c_literal(parsed) if parsed is not None else "0"
        return _Site(index, arg, RuntimeBinding(pname, var, ctype, atype, default, lo=lo,
                                                hi=hi))
    return f"it sets {ename}'s {arg} argument ({atype}), which is compiled into the router"


def _apply(conf: ConfModel, b: RuntimeBinding) -> None:
    conf.expr = b.var
    conf.runtime = b
    if b.kind == "string":
        conf.length = f"((uint32_t)strlen({b.var}))"
