"""Configuration checks of the new classes, with Click's messages.

Expected texts recorded with Click 2.1's userlevel driver, e.g. for RandomSample():
``echo 'InfiniteSource(LIMIT 1) -> RandomSample() -> Discard;' > t.click;
$CLICK_PREFIX/bin/click -q t.click`` (the same for each configuration below)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.testlib import clickc

CASES = [
    ("RandomSample(0.5)", ""),
    ("RandomSample(DROP 0.25)", ""),
    ("RandomSample(0.3, SAMPLE 1)", ""),
    ("RandomSample(1)", ""),
    ("RandomSample()", "sampling probability must be between 0 and 1"),
    ("RandomSample(1.5)", "sampling probability must be between 0 and 1"),
    ("RandomSample(DROP 1.25)", "sampling probability must be between 0 and 1"),
    ("RandomSample(SAMPLE 0.2, DROP 0.1)", "give at most one of SAMPLE and DROP"),
    ("SetTimestamp(DELTA true)",
     "SetTimestamp(DELTA) is deprecated, use SetTimestampDelta(TYPE FIRST)"),
    ("SetTimestamp(FIRST true)", ""),
    ("SetPacketType(fastroute)", "unrecognized packet type 'fastroute'"),
    ("SetPacketType(loopback)", ""),
]


@pytest.mark.parametrize("element,message", CASES)
def test_configure(element: str, message: str, tmp_path: Path) -> None:
    """``clickc check`` accepts or refuses as Click's driver does, with its wording."""
    cfg = tmp_path / "t.click"
    cfg.write_text(f"InfiniteSource(LIMIT 1) -> {element} -> Discard;\n")
    p = clickc(tmp_path, "check", str(cfg), timeout=120)
    if not message:
        assert p.returncode == 0, p.stderr
        return
    assert p.returncode == 1
    cls = element.split("(")[0]
    assert p.stderr.splitlines() == [
        f"{cfg}:1: While configuring '{cls}@2 :: {cls}':", f"  {message}",
        "Router could not be initialized!"]


def test_addressinfo_names_resolve(tmp_path: Path) -> None:
    """AddressInfo names work in arguments and an unknown name is Click's error; the
    information elements compile and run (their C files are empty)."""
    cfg = tmp_path / "t.click"
    cfg.write_text("AddressInfo(me 10.0.0.1 02:00:00:00:00:01);\nClickyInfo(STYLE \"x\");\n"
                   "InfiniteSource(LIMIT 2, STOP true) -> e :: ICMPPingEncap(me, you)\n"
                   "  -> c :: Counter -> Discard;\nScheduleInfo(e 2);\n")
    p = clickc(tmp_path, "check", str(cfg), timeout=120)
    # click -q t.click: "While configuring 'e :: ICMPPingEncap':" / "  DST: parse error"
    assert p.returncode == 1
    assert p.stderr.splitlines()[-2:] == ["  DST: parse error", "Router could not be initialized!"]
    cfg.write_text(cfg.read_text().replace("you", "me"))
    p = clickc(tmp_path, "run", str(cfg), "-h", "c.count", "-h", "e.dst")
    assert p.returncode == 0, p.stderr
    assert p.stdout == "c.count:\n2\n\ne.dst:\n10.0.0.1\n\n"


@pytest.mark.parametrize("element,message", [
    ("LinkUnqueue(1ms, 50Bps)", "bandwidth too small, minimum 100Bps"),
    ("IPRateMonitor(SOME, 0.5, 10)", 'monitor type should be "PACKETS" or "BYTES"'),
    ("IPRateMonitor(BYTES, 1.5, 10)", "ratio must be between 0 and 1"),
])
def test_refused_at_initialization(element: str, message: str, tmp_path: Path) -> None:
    """Checks made by the C templates: Click's message (Click reports it while configuring,
    clickc's router while initializing), exit status 1."""
    cfg = tmp_path / "t.click"
    cfg.write_text(f"Idle -> {element} -> Discard;\n")
    p = clickc(tmp_path, "run", str(cfg))
    assert p.returncode == 1
    cls = element.split("(")[0]
    assert p.stderr.splitlines()[-3:] == [
        f"{cfg}:1: While initializing '{cls}@2 :: {cls}':", f"  {message}",
        "Router could not be initialized!"]


def test_message_and_warnings(tmp_path: Path) -> None:
    """Message prints while configuring; a WARNING Message fails configuration as in Click
    (its xmessage returns an error: "unspecified error"); ICMPPingSource warns about a zero
    INTERVAL.  Recorded with $CLICK_PREFIX/bin/click t.click (same configuration)."""
    cfg = tmp_path / "t.click"
    cfg.write_text('Message("hello there");\nMessage("careful", WARNING);\n'
                   "ICMPPingSource(1.1.1.1, 2.2.2.2, INTERVAL 0.0001, LIMIT 1) -> Discard;\n")
    p = clickc(tmp_path, "check", str(cfg), timeout=120)
    assert p.returncode == 1
    assert p.stderr.splitlines() == [
        f"{cfg}:1: While configuring 'Message@1 :: Message':", "  hello there",
        f"{cfg}:2: While configuring 'Message@2 :: Message':", "  warning: careful",
        "  unspecified error",
        f"{cfg}:3: While configuring 'ICMPPingSource@3 :: ICMPPingSource':",
        "  warning: INTERVAL so small that it is zero", "Router could not be initialized!"]
