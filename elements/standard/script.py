"""Script: Runs a small script of handler reads, writes, waits and conditions.

Facts from Click's elements/standard/script.hh and .cc.
"""

import dataclasses
from typing import Any

from clickc.args import cp_argvec, cp_spacevec
from clickc.elements.hooks import ConfigureContext, parse_int
from clickc.elements.spec import ElementSpec, Handler
from clickc.ir import Element, RouterGraph

SCRIPT_INSTRUCTIONS = (
    "append", "end", "error", "errorq", "exit", "export", "exportq", "goto", "init", "initq",
    "label", "loop", "pause", "print", "printn", "printnq", "printq", "read", "readq",
    "return", "returnq", "save", "set", "setq", "stop", "wait", "wait_for", "wait_step",
    "wait_stop", "wait_time", "write", "writeq")


_SCRIPT_TERMINALS = ("end", "exit", "stop", "error", "errorq")  # negative instructions: labels


_SIGNALS = ("ABRT", "ALRM", "HUP", "INT", "IO", "PIPE", "QUIT", "TERM", "TSTP", "USR1", "USR2")


def _script_type(element: Element, graph: RouterGraph, type_arg: str | None) -> tuple[str | None,
                 str | None]:
    """(type, error) from Script's TYPE keyword (Click's Script::configure)."""
    words = cp_spacevec(type_arg or "")
    if not words:
        if element.class_name == "DriverManager":
            return "DRIVER", None
        ports = graph.ninputs_used(element.name) or graph.noutputs_used(element.name)
        return ("PACKET" if ports else "ACTIVE"), None
    first, rest = words[0], words[1:]
    if first in ("ACTIVE", "PASSIVE", "PROXY", "DRIVER") and not rest:
        return first, None
    if first in ("PACKET", "PUSH") and not rest:
        return "PACKET", None
    if first == "SIGNAL":
        ok = bool(rest) and all(w in _SIGNALS or (parse_int(w) is not None and
                                                  0 <= (parse_int(w) or 0) < 32) for w in rest)
        return ("SIGNAL", None) if ok else (None, "bad signal number")
    return None, "bad TYPE"


def _is_driver_script(e: Element) -> bool:
    if e.class_name == "DriverManager":
        return True
    if e.class_name != "Script":
        return False
    for arg in cp_argvec(e.config):
        words = cp_spacevec(arg)
        if words[:2] == ["TYPE", "DRIVER"] and len(words) == 2:
            return True
    return False


def script_instructions(graph: RouterGraph, element: Element,
                        ctx: ConfigureContext) -> dict[str, Any] | None:
    """Script and DriverManager: an optional ``TYPE`` keyword, then one instruction per argument
    (``wait 1s``, ``write c.reset``, ``goto loop $(lt $(c.count) 10)``, ``stop``, ...), checked
    as Click's Script::configure does: instruction names, their operands' shape, labels of
    ``goto``, one driver script per router, ports only on PACKET scripts.  Returns ``{"TYPE":
    type, "INSNS": [(instruction, operand text), ...]}``; handler expressions are evaluated by
    the element at run time."""
    conf = cp_argvec(element.config)
    type_arg: str | None = None
    insn_args: list[str] = []
    for arg in conf:
        words = cp_spacevec(arg)
        if len(words) >= 1 and words[0] == "TYPE":
            type_arg = arg.strip()[4:].strip()
        else:
            insn_args.append(arg)
    kind, err = _script_type(element, graph, type_arg)
    if err is not None:
        ctx.error(err)
        return None
    if kind == "DRIVER":
        first = next((e for e in graph.elements() if _is_driver_script(e)), None)
        if first is not None and first.name != element.name:
            ctx.error("router has more than one driver script")
            return None
    nin, nout = graph.ninputs_used(element.name), graph.noutputs_used(element.name)
    if kind == "PACKET" and nin == 0:
        ctx.error("PACKET script must have inputs")
        return None
    if kind != "PACKET" and (nin or nout):
        ctx.error("ports allowed only on PACKET scripts")
        return None
    ok = True
    insns: list[tuple[str, str]] = []
    for arg in insn_args:
        words = cp_spacevec(arg)
        if not words:
            continue
        name = words[0]
        rest = arg.strip()[len(name):].strip()
        bad = name not in SCRIPT_INSTRUCTIONS
        if not bad:
            if name in ("pause", "wait_step", "wait_stop") or (name == "wait" and not rest):
                bad = bool(rest) and parse_int(rest, signed=False) is None
            elif name in ("return", "returnq", "init", "initq", "export", "exportq", "set",
                          "setq"):
                operand = ("_ " + rest) if name in ("return", "returnq") else rest
                w = cp_spacevec(operand)
                bad = not w or (name in ("set", "setq") and len(w) < 2)
            elif name == "label":
                bad = len(cp_spacevec(rest)) != 1
            elif name in ("loop", "end", "exit", "stop"):
                bad = bool(rest)
        if bad:
            ctx.error(f"syntax error at '{name}'")
            ok = False
            continue
        insns.append((name, rest))
    labels = {cp_spacevec(r)[0] for n, r in insns if n == "label"}
    for n, r in insns:
        if n == "goto":
            words = cp_spacevec(r)
            target = words[0] if words else ""
            if target not in labels and target not in _SCRIPT_TERMINALS \
                    and target not in ("begin", "loop"):
                ctx.error(f"no such label '{target}'")
                ok = False
    return {"TYPE": kind, "INSNS": insns} if ok else None


def script_spec(name: str, doc: str = "") -> ElementSpec:
    """The spec of Script or DriverManager (a Script of TYPE DRIVER in Click, which derives it
    from Script): instructions parsed by :func:`script_instructions`, ports only for PACKET
    scripts, a timer task, the ``step``, ``goto`` and ``run`` handlers."""
    return ElementSpec(name, '-/-', 'ah/ah',
        config='custom',
        custom_parser=script_instructions,
        handlers=(
            Handler('step', read=False, write=True),
            Handler('goto', read=False, write=True),
            Handler('run', write=True, read_param=True),
        ),
        schedulable='timer',
        state='shared',
        doc=doc,
    )


SPEC = dataclasses.replace(
    script_spec(name='Script'),
    handler_script=True,
)
