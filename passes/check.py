"""The checker: everything Click verifies before a router runs, on a flat ``RouterGraph``.

``check_router`` runs, in order,

1. class lookup: an element whose class has no spec is an error, ``unknown element class 'X'``
   (Click's words), with a "did you mean" suggestion from ``clickc.elements.registry.suggest``;
2. push/pull inference and port checks (``clickc.passes.pushpull``): by default in the words
   and order of Click's driver (``Router::initialize``), with ``driver=False`` in click-check's;
3. configuration arguments, element by element in declaration order (Click's ``configure``
   phase): ``config="args"`` and ``"none"`` specs through ``clickc.args.parse_args``, ``"custom"``
   specs through their ``custom_parser``; then each spec's ``validate`` hook (both are functions
   beside the spec, ``clickc.elements.hooks``).  Parsed values are
   stored in ``Element.args``.

Errors go to the ``ErrorHandler`` in Click's format; nothing raises for a bad configuration.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from clickc.args import (
    ArgContext,
    check_annotation_overlaps,
    collect_addressinfo,
    parse_args_full,
    report,
)
from clickc.elements import registry
from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import ElementSpec
from clickc.errors import ErrorHandler, Landmark
from clickc.frontend import gc_paused
from clickc.ir import Element, RouterGraph

from . import pushpull


def unknown_class_message(class_name: str) -> str:
    """Click's message for an unknown class, plus our "did you mean" hint when one is close."""
    msg = f"unknown element class '{class_name}'"
    hint = registry.suggest(class_name)
    if hint is not None:
        msg += f" (did you mean '{hint}'?)"
    return msg


def check_classes(graph: RouterGraph, errh: ErrorHandler) -> set[str]:
    """Report each unknown class once, at its first element; returns the unknown class names."""
    unknown: set[str] = set()
    for e in graph.elements():
        if registry.get(e.class_name) is None and e.class_name not in unknown:
            unknown.add(e.class_name)
            errh.error(e.landmark, unknown_class_message(e.class_name))
    return unknown


def configure_element(graph: RouterGraph, e: Element, spec: ElementSpec, errh: ErrorHandler,
                      addressinfo: Any = None) -> dict[str, Any] | None:
    """Parse one element's configuration; returns its typed arguments or None after errors.

    addressinfo: the router's AddressInfo names (``clickc.args.collect_addressinfo``); built
    here when not given.
    """
    if addressinfo is None:
        addressinfo = _silent_addressinfo(graph)
    before = errh.nerrors
    result: dict[str, Any] | None
    ctx = ConfigureContext(e, errh, addressinfo)
    if spec.config == "custom":
        if spec.custom_parser is None:
            result = {"config": e.config}  # kept as text for the element's implementation
        else:
            result = spec.custom_parser(graph, e, ctx)
    else:

        actx = ArgContext(element=e.name, class_name=e.class_name, landmark=e.landmark,
                          graph=graph, addressinfo=addressinfo)
        parsed = parse_args_full(spec, e.config, actx)
        old = [a.name for a in spec.args if a.deprecated and a.name in parsed.given]
        if old:  # Click's Args::deprecated warning, under the context line
            ctx._announce()
            for name in old:
                errh.message(None, f"  {name}: warning: argument deprecated")
                errh.nwarnings += 1
        if parsed.errors:
            if old:
                for m in parsed.errors:
                    errh.error(None, "  " + m)
            else:
                report(actx, parsed.errors, errh)
            result = None
        else:
            result = dict(parsed.values)
            e.facts.args_given = set(parsed.given)
    if result is not None and spec.validate is not None and errh.nerrors == before:
        spec.validate(graph, e, result, ctx)
    return result if errh.nerrors == before else None


def _silent_addressinfo(graph: RouterGraph) -> Any:

    return collect_addressinfo(graph, ErrorHandler())


def click_qsort_order(phases: list[int]) -> list[int]:
    """Click's element configure order: the indices ``0..n-1`` sorted by ``phases[i]`` with
    Click's own (unstable) quicksort, so elements of the same phase come in the same order as
    in Click.  A port of ``click_qsort`` (lib/glue.cc; Bentley & McIlroy, "Engineering a Sort
    Function", 1993) as used by ``Router::initialize`` (lib/router.cc)."""
    arr = list(range(len(phases)))

    def cmp(i: int, j: int) -> int:
        return phases[arr[i]] - phases[arr[j]]

    def swap(i: int, j: int) -> None:
        arr[i], arr[j] = arr[j], arr[i]

    def swap_block(i: int, j: int, n: int) -> None:
        for k in range(n):
            swap(i + k, j + k)

    def med3(a: int, b: int, c: int) -> int:
        ab, bc = cmp(a, b), cmp(b, c)
        if ab < 0:
            return b if bc < 0 else (c if cmp(a, c) < 0 else a)
        return b if bc > 0 else (c if cmp(a, c) > 0 else a)

    stack = [(0, len(arr))]
    while stack:
        lo, hi = stack.pop()
        a, n = lo, hi - lo
        if n < 7:  # insertion sort for tiny ranges
            for pi in range(a + 1, a + n):
                pj = pi
                while pj > a and cmp(pj - 1, pj) > 0:
                    swap(pj, pj - 1)
                    pj -= 1
            continue
        pm = a + n // 2
        if n > 7:
            p1, p2 = a, a + n - 1
            if n > 40:  # pseudomedian of 9
                off = n // 8
                p1 = med3(p1, p1 + off, p1 + 2 * off)
                pm = med3(pm - off, pm, pm + off)
                p2 = med3(p2 - 2 * off, p2 - off, p2)
            pm = med3(p1, pm, p2)
        swap(a, pm)  # the pivot stays at a during partitioning
        pa = pb = a + 1
        pc = pd = a + n - 1
        while True:
            while pb <= pc and (r := cmp(pb, a)) <= 0:
                if r == 0:
                    swap(pa, pb)
                    pa += 1
                pb += 1
            while pc >= pb and (r := cmp(pc, a)) >= 0:
                if r == 0:
                    swap(pc, pd)
                    pd -= 1
                pc -= 1
            if pb > pc:
                break
            swap(pb, pc)
            pb += 1
            pc -= 1
        pn = a + n
        k = min(pa - a, pb - pa)
        if k:
            swap_block(a, pb - k, k)
        k = min(pd - pc, pn - pd - 1)
        if k:
            swap_block(pb, pn - k, k)
        if pb == pa and pd == pc:
            continue
        left = (lo, lo + (pb - pa))
        right = (hi - (pd - pc), hi)
        # Click pushes the bigger range first, so the smaller is sorted first
        if right[1] - right[0] > left[1] - left[0]:
            left, right = right, left
        stack.append(left)
        if right[0] != right[1]:
            stack.append(right)
    return arr


def configure_all(graph: RouterGraph, errh: ErrorHandler) -> None:
    """Parse every element's configuration, filling ``Element.args``.

    Elements are configured in Click's order: by ``ElementSpec.configure_phase`` (AddressInfo
    first, then INFO elements such as IPRewriterPatterns, ...), then by declaration order.
    AddressInfo names are visible to every element.
    """

    before = errh.nerrors
    db = collect_addressinfo(graph, errh)
    bad_addressinfo = errh.nerrors != before
    elements = graph.elements()
    specs = [registry.get(e.class_name) for e in elements]
    phases = [s.configure_phase if s is not None else 100 for s in specs]
    for i in click_qsort_order(phases):
        e, spec = elements[i], specs[i]
        if spec is None:
            continue
        if e.name in db.read and bad_addressinfo:
            # an AddressInfo whose errors collect_addressinfo reported: parse silently for
            # the values
            e.args = configure_element(graph, e, spec, ErrorHandler(), db)
            continue
        e.args = configure_element(graph, e, spec, errh, db)
    if errh.nerrors == before:
        # Router::initialize runs only when every element configured
        check_annotation_overlaps(graph, db, errh)


def check_router(graph: RouterGraph, errh: ErrorHandler, *, report_unknown: bool = True,
                 configure: bool = True, driver: bool = True) -> bool:
    """Run every check on ``graph``; returns True when no error was reported.

    report_unknown: report classes without a spec (turn off when the front end already did).
    configure: also parse configuration arguments (Click's configure phase); as in Click's
    driver this happens only when the classes, ports and connections are valid.
    driver: port and connection errors in the words and order of Click's driver (``click``,
    ``Router::initialize``); False gives click-check's (``pushpull.infer``).  When the checks
    after class lookup fail, ``errh.initialize_failed`` is set: Click's driver then ends with
    "Router could not be initialized!" (printed by :func:`print_report`).
    """
    with gc_paused():
        return _check_router(graph, errh, report_unknown, configure, driver)


def _check_router(graph: RouterGraph, errh: ErrorHandler, report_unknown: bool,
                  configure: bool, driver: bool) -> bool:
    before = errh.nerrors
    if report_unknown:
        check_classes(graph, errh)
    if errh.nerrors != before and driver:
        # Click's driver stops at unknown classes (its lexer reports them); ports still get
        # their kinds
        pushpull.infer(graph, ErrorHandler())
        return False
    classes_ok = errh.nerrors
    pushpull.infer(graph, errh, driver=driver)
    # Click's driver configures elements only when the connections are valid
    # (Router::initialize, lib/router.cc)
    if configure and errh.nerrors == before:
        configure_all(graph, errh)
    if driver and errh.nerrors != classes_ok:
        errh.initialize_failed = True
    return bool(errh.nerrors == before)


#: the line Click's driver ends a failed ``Router::initialize`` with (lib/router.cc)
INIT_FAILED = "Router could not be initialized!"


def print_report(errh: ErrorHandler) -> None:
    """Print ``errh``'s diagnostics on standard error, then, when the router's checks failed
    (``errh.initialize_failed``), Click's "Router could not be initialized!" line."""
    errh.print()
    if errh.initialize_failed:
        import sys

        print(INIT_FAILED, file=sys.stderr)


_UNKNOWN = re.compile(r"^unknown element class '([^']*)'$")
_UNDECLARED = re.compile(r"^undeclared element '([^']*)'$")


def add_suggestions(errh: ErrorHandler) -> None:
    """Append a "did you mean" hint to the front end's ``unknown element class 'X'`` errors,
    and to ``undeclared element 'X'`` when X looks like a misspelt class name."""
    for i, d in enumerate(errh.diagnostics):
        m = _UNKNOWN.match(d.message)
        if m is not None:
            errh.diagnostics[i] = dataclasses.replace(d, message=unknown_class_message(m[1]))
            continue
        m = _UNDECLARED.match(d.message)
        if m is not None and m[1][:1].isupper():
            hint = registry.suggest(m[1])
            if hint is not None:
                errh.diagnostics[i] = dataclasses.replace(
                    d, message=f"{d.message} (did you mean '{hint}'?)")


__all__ = ["ConfigureContext", "Landmark", "check_classes", "add_suggestions",
           "check_router", "print_report", "INIT_FAILED",
           "configure_all", "configure_element", "unknown_class_message"]
