"""The classification part of the conformance case ../shared/conformance/classify.

The case's router is Classifier(12/0800, -) -> Strip(14) -> MarkIPHeader -> IPClassifier(...)
with one ToDump per output and an IPFilter before output 8's dump.  Here the same pipeline is
evaluated with clickc's compiled decision DAGs (Python evaluator and the emitted C) and the
packets each output receives are compared with the pcaps real Click wrote (expected/<input>/),
and the counts with the handler values Click printed."""

from __future__ import annotations

import os
import re

import pytest
from clickc.classifier.dag import Packet
from clickc.classifier.element import compile_rules
from cls_common import SHARED, read_pcap
from cls_harness import build, have_cc, run

CASE = os.path.join(SHARED, "conformance", "classify")
pytestmark = pytest.mark.skipif(not os.path.exists(CASE), reason="no conformance cases")


def _args(config: str, name: str) -> list[str]:
    """The configuration arguments of element ``name`` in the case's config.click."""
    text = re.sub(r"//[^\n]*", "", config)
    m = re.search(name + r"\s*::\s*\w+\(", text)
    assert m
    depth, i = 1, m.end()
    while depth:
        depth += {"(": 1, ")": -1}.get(text[i], 0)
        i += 1
    body = text[m.end():i - 1]
    return [a.strip() for a in body.split(",")]


def _pipeline() -> tuple:  # type: ignore[type-arg]
    with open(os.path.join(CASE, "config.click")) as f:
        config = f.read()
    c = compile_rules("Classifier", _args(config, "c"), 2)
    ipc_args = _args(config, "ipc")
    ipc = compile_rules("IPClassifier", ipc_args, len(ipc_args))
    f = compile_rules("IPFilter", _args(config, "f"), 1)
    for rs, d, diag in (c, ipc, f):
        assert rs is not None and d is not None and diag.nerrors == 0
    return c[1], ipc[1], f[1]


def _runs() -> list[str]:
    import json
    with open(os.path.join(CASE, "case.json")) as fh:
        return [r["input"] for r in json.load(fh)["runs"]]


@pytest.mark.parametrize("inp", _runs() if os.path.exists(CASE) else [])
@pytest.mark.parametrize("engine", ["python", "c"])
def test_outputs_match_click(inp: str, engine: str) -> None:
    if engine == "c" and have_cc() is None:
        pytest.skip("no C compiler")
    c, ipc, f = _pipeline()
    frames = read_pcap(os.path.join(SHARED, "pcaps", inp))
    ips = [fr[14:] for fr in frames if c.classify(Packet(fr)) == 0]
    if engine == "python":
        ports = [ipc.classify(Packet(ip, (ip[0] & 15) * 4 if ip else 0)) for ip in ips]
        allowed = [f.classify(Packet(ip, (ip[0] & 15) * 4 if ip else 0)) == 0 for ip in ips]
    else:
        exe = build([ipc, f])
        out = run(exe, [(b"\0" * 14 + ip, 14, (ip[0] & 15) * 4 if ip else 0) for ip in ips])
        ports = [-1 if ln[0] == "-" else int(ln[0], 36) for ln in out]
        allowed = [ln[1] == "0" for ln in out]
    stem = inp.rsplit(".", 1)[0]
    exp_dir = os.path.join(CASE, "expected", stem)
    with open(os.path.join(exp_dir, "handlers.txt")) as fh:
        counts = dict(re.findall(r"k(\d)\.count:\n(\d+)", fh.read()))
    for k in range(10):
        got = [ip for ip, p in zip(ips, ports, strict=True) if p == k]
        assert len(got) == int(counts[str(k)]), k
        if k == 8:
            got = [ip for ip, p, a in zip(ips, ports, allowed, strict=True) if p == 8 and a]
        want = read_pcap(os.path.join(exp_dir, f"c{k}.pcap"))
        assert got == want, k
