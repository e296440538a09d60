"""The classes added in session 14 (docs/more-elements.md, "Classes added in session 14")
that the capture cases (cases.py: checkpacket, rrunqueue) do not cover: NullTask and
HandlerTask (tasks scheduled and unscheduled by their handlers, LIMIT and STOP, HandlerTask's
call errors), the configuration and initialization errors of CheckPacket, NullTask,
HandlerTask and RoundRobinUnqueue, and ErrorElement, Click's other name of Error.

Each expected text is what Click 2.1's userlevel driver printed for the same configuration
(``$CLICK_PREFIX/bin/click t.click`` with the ``-h`` options shown); when Click is installed
(tests/oracle.py) the test runs it too and compares."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.oracle import click_tool
from tests.testlib import clickc, require_c_compiler

#: NullTask: LIMIT and its write errors, the scheduled handler (schedule, refuse "maybe"),
#: STOP at LIMIT ending the first wait_stop, reset and a new limit for a second run.
NULLTASK = """\
n :: NullTask(LIMIT 5, ACTIVE false);
m :: NullTask(LIMIT 1000, STOP true);
DriverManager(write n.limit x, write n.scheduled maybe, read n.scheduled, write n.limit 2,
  write n.scheduled true, wait_stop, read n.count, read n.scheduled, read m.count,
  write m.reset, write m.limit 4, write m.scheduled 1, read m.scheduled, wait_stop, read m.count,
  stop);
"""

NULLTASK_STDERR = """\
While calling 'n.limit x':
  expected integer
While calling 'n.scheduled maybe':
  syntax error
n.scheduled:
false
n.count:
2
n.scheduled:
false
m.count:
1000
m.scheduled:
true
m.count:
4
"""

#: HandlerTask: one inactive task scheduled by a write (it schedules the NullTask, which stops
#: the driver at LIMIT), one whose call fails at run time (the error without context, as
#: Click's default handler prints it), one rescheduling itself until its reschedule handler is
#: cleared.
HANDLERTASK = """\
n :: NullTask(LIMIT 5, ACTIVE false, STOP true);
h :: HandlerTask(n.scheduled true, ACTIVE false);
h2 :: HandlerTask(n.limit x);
r :: HandlerTask("n.reset", RESCHEDULE true, ACTIVE false);
DriverManager(read h.scheduled, read h.reschedule, write h.scheduled true, wait_stop, read n.count,
  read h.count, read h2.count, read h2.scheduled, write h.reschedule maybe, write h.reschedule yes,
  read h.reschedule, write r.scheduled true, write r.reschedule false, wait 0.01s, read r.count,
  read r.scheduled, stop);
"""

HANDLERTASK_STDERR = """\
h.scheduled:
false
h.reschedule:
false
expected integer
n.count:
5
h.count:
1
h2.count:
1
h2.scheduled:
false
While calling 'h.reschedule maybe':
  expected boolean
h.reschedule:
true
r.count:
1
r.scheduled:
false
"""


def _run(tmp_path: Path, config: str, handlers: list[str]) -> tuple[str, str, int]:
    cfg = tmp_path / "t.click"
    cfg.write_text(config)
    args = [a for h in handlers for a in ("-h", h)]
    p = clickc(tmp_path, "run", str(cfg), *args, timeout=300)
    click = click_tool()
    if click is not None:
        k = subprocess.run([str(click), str(cfg), *args], capture_output=True, text=True,
                           timeout=60, cwd=tmp_path)
        assert (k.stdout, k.stderr, k.returncode) == (p.stdout, p.stderr, p.returncode)
    return p.stdout, p.stderr, p.returncode


def test_nulltask(tmp_path: Path) -> None:
    require_c_compiler()
    out, err, rc = _run(tmp_path, NULLTASK, ["m.count", "n.count"])
    assert (out, err, rc) == ("m.count:\n4\n\nn.count:\n2\n\n", NULLTASK_STDERR, 0)


def test_handlertask(tmp_path: Path) -> None:
    require_c_compiler()
    out, err, rc = _run(tmp_path, HANDLERTASK, ["n.count"])
    # r reset n's count while it rescheduled itself
    assert (out, err, rc) == ("0\n", HANDLERTASK_STDERR, 0)


#: (element declared after "n :: NullTask(ACTIVE false);", Click's messages after the
#: "While configuring/initializing 'h :: CLASS':" line; "" when it runs)
ERRORS = [
    ("HandlerTask(x.y)", "configuring", ["HANDLER: no element named 'x'", "HANDLER: parse error"]),
    ("HandlerTask(n.count)", "initializing", ["no 'n.count' write handler"]),
    ("HandlerTask(n.nope 3)", "initializing", ["no 'n.nope' write handler"]),
    ("HandlerTask()", "configuring", ["HANDLER: required argument missing"]),
    ("HandlerTask(n.reset, FOO 1)", "configuring", ["FOO: unknown argument"]),
    ("NullTask(LIMIT -1)", "configuring", ["LIMIT: invalid number"]),
    ("NullTask(3)", "configuring", ["too many arguments"]),
    ("CheckPacket(LENGTH 1, LENGTH_GE 2)", "configuring",
     ["specify at most one of LENGTH_EQ, LENGTH_GE, and LENGTH_LE"]),
    ("CheckPacket(LENGTH_EQ 1, LENGTH -1, LENGTH_LE 2)", "configuring",
     ["specify at most one of LENGTH_EQ, LENGTH_GE, and LENGTH_LE"]),
    ("CheckPacket(ALIGNMENT 1 0)", "configuring", ["bad alignment modulus and/or offset"]),
    ("CheckPacket(ALIGNMENT 4 4)", "configuring", ["bad alignment modulus and/or offset"]),
    ("CheckPacket(ALIGNMENT 4)", "configuring", ["OFFSET: required argument missing"]),
    ("CheckPacket(ALIGNMENT x y)", "configuring",
     ["MODULUS: invalid number", "OFFSET: invalid number"]),
    ("CheckPacket(ALIGNMENT 4 1 2)", "configuring", ["too many arguments"]),
    ("CheckPacket(DATA_OFFSET -1)", "configuring", ["DATA_OFFSET: invalid number"]),
    ("RoundRobinUnqueue", "initializing", ["number of outputs must equal to number of inputs"]),
    ("RoundRobinUnqueue(x)", "configuring", ["BURST: invalid number"]),
    ("RoundRobinUnqueue(1, 2)", "configuring", ["too many arguments"]),
]

#: The ports of the classes that have some (each error's router is otherwise complete).
PORTS = {"CheckPacket": "Idle -> h -> Discard;\n",
         "RoundRobinUnqueue": "Idle -> h -> Discard; h[1] -> Discard;\n"}


@pytest.mark.parametrize("element,phase,messages", ERRORS)
def test_errors(element: str, phase: str, messages: list[str], tmp_path: Path) -> None:
    """Refused with Click's messages, exit status 1."""
    require_c_compiler()
    cls = element.split("(")[0]
    ports = PORTS.get(cls, "")
    out, err, rc = _run(tmp_path, f"n :: NullTask(ACTIVE false);\nh :: {element};\n{ports}", [])
    assert rc == 1
    assert err.splitlines() == [f"{tmp_path / 't.click'}:2: While {phase} 'h :: {cls}':",
                                *(f"  {m}" for m in messages),
                                "Router could not be initialized!"]


def test_errorelement(tmp_path: Path) -> None:
    """ErrorElement is Error under Click's other name: it fails to initialize without a
    message of its own (Click: "Router could not be initialized!" only)."""
    require_c_compiler()
    out, err, rc = _run(tmp_path, "e :: ErrorElement(1, 2);\nIdle -> e -> Discard;\n", [])
    assert (out, err, rc) == ("", "Router could not be initialized!\n", 1)
