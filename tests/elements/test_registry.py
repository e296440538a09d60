"""The element registry and the specs it discovers."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from clickc.elements import registry
from clickc.elements.spec import PORTS_ANY, ElementSpec, parse_port_count, processing_letter

from tests import oracle

REPO = Path(__file__).resolve().parents[2]
SHARED = REPO.parent / "shared"

# Classes the issues name explicitly (issues 3, 4 and 5 and the SMP Click paper's figures).
REQUIRED = """
FromDump ToDump InfiniteSource RatedSource Discard Idle Queue Unqueue Counter Print Tee Strip
Unstrip EtherEncap Paint Null DriverManager Script
Classifier IPClassifier IPFilter CheckIPHeader CheckIPHeader2 MarkIPHeader CheckICMPHeader
CheckTCPHeader CheckUDPHeader GetIPAddress SetIPAddress StoreIPAddress StaticIPLookup
LinearIPLookup RadixIPLookup DirectIPLookup DropBroadcasts PaintTee CheckPaint IPGWOptions
FixIPSrc DecIPTTL IPFragmenter ICMPError ARPQuerier ARPResponder HostEtherFilter EtherRewrite
IPEncap UDPIPEncap SetIPDSCP IPPrint ToIPSummaryDump FromIPSummaryDump AddressInfo HashSwitch
RoundRobinSwitch StrideSwitch Switch Suppressor Align AlignmentInfo
IPRewriter TCPRewriter UDPRewriter ICMPPingRewriter IPRewriterPatterns IPsecESPEncap
IPsecESPUnencap IPsecAuthHMACSHA1 IPsecAES IPsecDES IPsecEncap RadixIPsecLookup
PrioSched RoundRobinSched StrideSched DRRSched RED FrontDropQueue SimpleQueue ThreadSafeQueue
RatedUnqueue BandwidthRatedUnqueue Shaper BandwidthShaper RatedSplitter Meter PullTee
TimedSource StaticThreadSched FromDevice PollDevice ToDevice ToHost ToHostSniffers
CheckIP6Header DecIP6HLIM GetIP6Address ICMP6Error IP6NDAdvertiser IP6NDSolicitor LookupIP6Route
""".split()


def test_required_classes_are_specified() -> None:
    missing = [c for c in REQUIRED if registry.get(c) is None]
    assert missing == []


def test_conformance_configs_use_only_specified_classes() -> None:
    configs = sorted(SHARED.glob("conformance/*/*.click"))
    if not configs:
        pytest.skip("../shared/conformance is not available")
    used: set[str] = set()
    for p in configs:
        text = re.sub(r"//[^\n]*|/\*.*?\*/", "", p.read_text(), flags=re.S)
        text = re.sub(r"elementclass\s+\w+", "", text)
        # class names: after '::', or a capitalised word followed by '(' / '->' / ';' / '=>'
        used |= set(re.findall(r"::\s*([A-Z]\w*)", text))
        used |= set(re.findall(r"(?:->|^|;|\n)\s*([A-Z]\w*)\s*(?:\(|->|;|\[)", text))
    compound_names = {"OutPath", "RT"}
    missing = sorted(c for c in used - compound_names if registry.get(c) is None)
    assert missing == []


def test_every_spec_is_well_formed() -> None:
    specs = registry.all_specs()
    assert len(specs) >= 100
    for s in specs:
        assert isinstance(s, ElementSpec)
        assert s.group, s.name
        assert registry.spec_module(s.name) == REPO / "elements" / s.group / f"{s.name.lower()}.py"
        assert s.doc, f"{s.name} has no summary"
        names = [a.name for a in s.args]
        assert len(names) == len(set(names)), f"{s.name}: duplicate argument"
        positional = [a.positional for a in s.args]
        # positional arguments come first, as Click's Args reads them
        assert positional == sorted(positional, reverse=True), s.name
        assert s.config != "args" or s.args, f"{s.name}: use config='none' for no arguments"
        hn = [h.name for h in s.handlers]
        assert len(hn) == len(set(hn)), f"{s.name}: duplicate handler"


def test_hooks_are_functions() -> None:
    # custom_parser/validate are the functions themselves, imported with the spec module (a
    # hook that fails to import fails the registry's load instead of being skipped)
    for s in registry.all_specs():
        for hook in (s.custom_parser, s.validate):
            assert hook is None or callable(hook), s.name
        assert s.config == "custom" or s.custom_parser is None, s.name
    bad = ElementSpec(name="X", port_count="1/1", processing="a/a",
                      custom_parser="clickc.elements.nosuch:parse")  # type: ignore[arg-type]
    with pytest.raises(registry.RegistryError, match="custom_parser is not a function"):
        registry._check_spec(bad, "x.py")


def test_synonyms_share_the_spec() -> None:
    assert registry.get("FullNoteQueue") is registry.get("Queue")
    assert "FullNoteQueue" in registry.class_names()
    assert registry.get("queue") is None  # class names are case-sensitive


def test_c_file_is_found_next_to_the_spec(tmp_path: Path) -> None:
    spec_path = registry.spec_module("SchedOrderTest")
    assert spec_path is not None
    c = spec_path.with_suffix(".c")
    existed = c.exists()
    if not existed:
        assert registry.c_file("SchedOrderTest") is None
        c.write_text("/* test */\n")
    try:
        assert registry.c_file("SchedOrderTest") == c
    finally:
        if not existed:
            c.unlink()
    assert registry.c_file("NoSuchClass") is None


@pytest.mark.parametrize("typo,expected", [
    ("Queu", "Queue"), ("queue", "Queue"), ("CheckIPHeadr", "CheckIPHeader"),
    ("IPClasifier", "IPClassifier"), ("tODUMP", "ToDump"), ("Zzyzx", None),
])
def test_suggest(typo: str, expected: str | None) -> None:
    assert registry.suggest(typo) == expected


def test_port_count_notation() -> None:
    assert parse_port_count("1/1-2") == ((1, 1), (1, 2))
    assert parse_port_count("-/=", 3) == ((0, PORTS_ANY), (3, 3))
    assert parse_port_count("1-/=+", 2) == ((1, PORTS_ANY), (3, 3))
    assert parse_port_count("0-1/1-2") == ((0, 1), (1, 2))
    assert parse_port_count("2") == ((2, 2), (2, 2))
    assert parse_port_count("1/-") == ((1, 1), (0, PORTS_ANY))
    for bad in ("x/1", "1/=-", "1/2x", "/", "1/-2-"):
        with pytest.raises(ValueError):
            parse_port_count(bad)


def test_processing_notation() -> None:
    assert [processing_letter("h/lh", 1, i) for i in range(3)] == ["l", "h", "h"]
    assert processing_letter("a/ah", 0, 5) == "a"
    assert processing_letter("l", 1, 0) == "l"
    with pytest.raises(ValueError):
        processing_letter("q/h", 0, 0)


def _elementmap(path: Path) -> dict[str, dict[str, str]]:
    text = path.read_text()
    out: dict[str, dict[str, str]] = {}
    for m in re.finditer(r'<entry ((?:[^>"]|"[^"]*")*)/>', text):
        d = dict(re.findall(r'(\w+)="([^"]*)"', m.group(1)))
        if "name" in d:
            out[d["name"]] = d
    return out


#: Classes whose declared ports Click's code cannot serve, so clickc declares what the code does:
#: class -> (clickc's (port count, processing, flow code), Click's).  Each must still be
#: exactly this difference (a change on either side fails the test).
#: - AddressTranslator, LinuxIPLookup, LookupIPRouteMP declare no processing (so agnostic)
#:   but implement only push: pulled, Click's default pull hands packets on untranslated and
#:   unrouted, and a pull from output N > 0 reads input N, which does not exist.  clickc
#:   makes them push (a pull context is refused at check time).
#: - GetEtherAddress, AnonymizeIPAddr declare agnostic on both outputs but send failures with
#:   a push on output 1; pulling output 1 reads Click's nonexistent input 1.  clickc makes
#:   output 1 push, as Click's other 1/1-2 classes declare it (PROCESSING_A_AH).
#: - AggregatePacketCounter pushes input N's packets to output N whatever the output count;
#:   clickc requires as many outputs as inputs.
#: - FromRawSocket, ToRawSocket, ToSocket keep RawSocket's and Socket's 0-1/0-1 with a port
#:   their code never serves (a FromRawSocket input, a ToSocket or ToRawSocket output): clickc
#:   gives them none (their modules say so).
#: - FastUDPFlows is Click's pull-only source and FastClick's agnostic one (pushed by its own
#:   task when its output is push: tests/fcelements compares that mode with a real
#:   FastClick); clickc serves both.
KNOWN_PORTS: dict[str, tuple[tuple[str, str, str], tuple[str, str, str]]] = {
    "AddressTranslator": (("2/2", "h/h", "#/#"), ("2/2", "a/a", "x/x")),
    "LinuxIPLookup": (("1/1-", "h/h", "x/x"), ("1/1-", "a/a", "x/x")),
    "LookupIPRouteMP": (("1/-", "h/h", "x/x"), ("1/-", "a/a", "x/x")),
    "GetEtherAddress": (("1/1-2", "a/ah", "x/x"), ("1/1-2", "a/a", "x/x")),
    "AnonymizeIPAddr": (("1/1-2", "a/ah", "x/x"), ("1/1-2", "a/a", "x/x")),
    "AggregatePacketCounter": (("1-/=", "a/a", "#/#"), ("1-/1-", "a/a", "#/#")),
    "FromRawSocket": (("0/0-1", "h/h", "x/y"), ("0-1/0-1", "h/h", "x/y")),
    "ToRawSocket": (("0-1/0", "l/l", "x/y"), ("0-1/0-1", "l/l", "x/y")),
    "ToSocket": (("0-1/0", "l/l", "x/y"), ("0-1/0-1", "l/l", "x/y")),
    "FastUDPFlows": (("0/1", "a/a", "x/x"), ("0/1", "l/l", "x/x")),
}


def test_specs_agree_with_clicks_element_map() -> None:
    """Port counts, processing and flow codes are Click's (its installed elementmap.xml),
    but for :data:`KNOWN_PORTS`."""
    emap = _elementmap(oracle.require_elementmap())
    compared = 0
    for s in registry.all_specs():
        e = emap.get(s.name)
        if e is None or "portcount" not in e:
            continue
        compared += 1
        ours = (s.port_count, s.processing, s.flow_code)
        theirs = (e["portcount"], e["processing"], e.get("flowcode", "x/x"))
        assert (ours, theirs) == KNOWN_PORTS.get(s.name, (theirs, theirs)), s.name
    assert compared >= 100


def test_argument_types_are_those_clickc_args_parses() -> None:
    from clickc.args import PARSERS
    from clickc.elements.spec import ARG_TYPES, arg_type_known

    assert set(ARG_TYPES) == set(PARSERS)
    for s in registry.all_specs():
        for a in s.args:
            assert arg_type_known(a.type), f"{s.name}.{a.name}: {a.type}"
