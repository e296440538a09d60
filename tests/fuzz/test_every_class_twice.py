"""Every element class, instantiated twice in one router, compiles with -Werror, at -j 1 and
-j 2 (DriverManager, which Click allows once per router, once).  Issue 22, finding 6: a
file-scope name in an element's C that is not made per-instance breaks any router with two
instances of the class.

Each class gets one instance configuration: data/every_class.json (a configuration each class
had in the repository's test configurations, with its connected port counts; every port is
wired to an Idle, which adapts to push or pull) or, for the classes that need other elements
beside them, a snippet below.  The classes are spread over a few routers so that each C build
stays short.  A new element class without an instance configuration fails
test_every_class_has_an_instance.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from clickc.elements import registry

DATA = Path(__file__).resolve().parent / "data" / "every_class.json"
#: class -> (configuration, inputs, outputs), each port wired to an Idle.
TABLE: dict[str, tuple[str, int, int]] = {
    k: (v[0], v[1], v[2]) for k, v in json.loads(DATA.read_text()).items()}

#: Classes that need other elements: a snippet per copy; {p} prefixes the names, {g} is the
#: copy's number (0 or 1).
SNIPPETS: dict[str, str] = {
    "QueueYankTest": "Idle -> {p}q :: Queue(10) -> Idle; {p}y :: QueueYankTest({p}q);",
    "HandlerTask": "{p}n :: NullTask(ACTIVE false); {p}h :: HandlerTask({p}n.limit 3);",
    "AlignmentInfo": "{p}s :: Idle -> {p}d :: Discard; AlignmentInfo({p}d 4 0);",
    "ICMPRewriter": "{p}nat :: IPRewriter(pattern 10.0.{g}.1 1024-65535 - - 0 1);"
                    " Idle -> {p}nat -> Idle; {p}nat[1] -> Idle;"
                    " Idle -> {p}icmp :: ICMPRewriter({p}nat) -> Idle;",
    "StaticThreadSched": "{p}src :: InfiniteSource(LIMIT 1) -> Discard;"
                         " StaticThreadSched({p}src {g});",
    "OrderSplit": "Idle -> {p}spl :: OrderSplit({g}, INLINE true);"
                  " {p}spl[0] -> OrderEnter({g}, 0) -> {p}m :: OrderMerge({g});"
                  " {p}spl[1] -> Queue -> Unqueue -> OrderEnter({g}, 1) -> [1]{p}m;"
                  " {p}m -> Unqueue -> Discard;",
    # patterns and mappers no rewriter uses are C variables nothing reads, which -Werror
    # refuses (unused-variable): each copy here is used
    "IPRewriterPatterns": "IPRewriterPatterns(NAT{g}A 203.0.113.1 40000-40999# - -,"
                          " NAT{g}B 203.0.113.2 - - -);"
                          " Idle -> {p}rw :: IPRewriter(pattern NAT{g}A 0 1, pattern NAT{g}B 0 1)"
                          " -> Idle; Idle -> [1]{p}rw; {p}rw[1] -> Idle;",
    "FTPPortMapper": "Idle -> {p}f :: FTPPortMapper({p}rw, {p}rw, 0)"
                     " -> {p}rw :: TCPRewriter(pattern 10.0.{g}.1 1024-65535 - - 0 0) -> Idle;",
    "RoundRobinIPMapper": "{p}m :: RoundRobinIPMapper(1.2.3.4 - - - 0 1, 1.2.3.5 - - - 0 1);"
                          " Idle -> {p}rw :: IPRewriter({p}m) -> Idle; {p}rw[1] -> Idle;",
    "SpinlockAcquire": "SpinlockInfo({p}l); Idle -> {p}a :: SpinlockAcquire({p}l)"
                       " -> {p}r :: SpinlockRelease({p}l) -> Idle;",
    "SpinlockPush": "SpinlockInfo({p}l); Idle -> {p}s :: SpinlockPush({p}l) -> Idle;",
    "ThreadSafeQueue": "Idle -> {p}q :: ThreadSafeQueue(10) -> Idle;",
    "Unstrip": "Idle -> {p}u :: Unstrip(14) -> Idle;",
    "KernelTun": "Idle -> {p}t :: KernelTun(10.79.{g}.1/24, DEVNAME cktun{g}) -> Idle;",
    "KernelTap": "Idle -> {p}t :: KernelTap(10.78.{g}.1/24, DEVNAME cktap{g}) -> Idle;",
    "FromHost": "{p}h :: FromHost(ckfh{g}, 10.81.{g}.1/24) -> Idle;",
    # pinned: at -j 2 the placement may otherwise give the device's task and ToDPDKDevice's
    # timer different threads, depending on how many other tasks the router has
    "FromDPDKDevice": "{p}d :: FromDPDKDevice(net_ring{g}) -> {p}t :: ToDPDKDevice(net_ring{g});"
                      " StaticThreadSched({p}d 0, {p}t 0);",
    "TimestampDiff": "Idle -> {p}rt :: RecordTimestamp(OFFSET 40)"
                     " -> {p}td :: TimestampDiff({p}rt) -> Idle; {p}td[1] -> Idle;",
    "EtherSpanTree": "{p}st :: EtherSpanTree(00:01:02:03:04:0{g}, {p}in, {p}out, {p}sw);"
                     " {p}sw :: EtherSwitch; {p}in, {p}out :: Suppressor;"
                     " Idle -> [0]{p}st[0] -> Idle; Idle -> [1]{p}st[1] -> Idle;"
                     " Idle -> [0]{p}in[0] -> [0]{p}sw[0] -> [0]{p}out[0] -> Idle;"
                     " Idle -> [1]{p}in[1] -> [1]{p}sw[1] -> [1]{p}out[1] -> Idle;",
}
#: Classes a snippet of another class instantiates.
IN_SNIPPETS = {"OrderEnter": "OrderSplit", "OrderMerge": "OrderSplit",
               "SpinlockRelease": "SpinlockAcquire",
               "ToDPDKDevice": "FromDPDKDevice"}
#: Classes Click allows once per router ("router has more than one driver script").
ONCE = {"DriverManager"}
#: Routers the classes are spread over.
NROUTERS = 3


def classes() -> list[str]:
    """Every element class with a C implementation."""
    return sorted(s.name for s in registry.all_specs() if registry.c_file(s.name))


def instance(cls: str, copy: int) -> str:
    """Configuration text of copy 0 or 1 of an instance of ``cls``."""
    p = f"{cls.lower()}{copy}_"
    if cls in SNIPPETS:
        return SNIPPETS[cls].format(p=p, g=copy) + "\n"
    config, nin, nout = TABLE[cls]
    lines = [f"{p}x :: {cls}({config});"]
    lines += [f"Idle -> [{i}]{p}x;" for i in range(nin)]
    lines += [f"{p}x[{o}] -> Idle;" for o in range(nout)]
    return "\n".join(lines) + "\n"


def router(index: int) -> str:
    """Router ``index`` of NROUTERS: two instances of each of its classes."""
    mine = [c for c in classes() if c not in IN_SNIPPETS][index::NROUTERS]
    return "".join(instance(c, k) for c in mine for k in ((0,) if c in ONCE else (0, 1)))


def test_every_class_has_an_instance() -> None:
    missing = [c for c in classes()
               if c not in TABLE and c not in SNIPPETS and c not in IN_SNIPPETS]
    assert not missing, f"add an instance configuration to {DATA.name} or SNIPPETS: {missing}"


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("index", range(NROUTERS))
def test_two_instances_compile(tmp_path: Path, index: int, threads: int) -> None:
    cfg = tmp_path / f"twice{index}.click"
    cfg.write_text(router(index))
    p = subprocess.run([sys.executable, "-m", "clickc", "-O1", "-j", str(threads),
                        "--cflags=-Werror", str(cfg), "-o", str(tmp_path / "router")],
                       cwd=tmp_path, capture_output=True, text=True, timeout=900)
    assert p.returncode == 0, p.stderr[-6000:]
