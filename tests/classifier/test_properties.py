"""Property tests: the optimized decision DAG classifies every packet exactly as the plain
in-order interpretation of the rules (``reference_classify``), for random rule sets and
random packets: arbitrary bytes, and structured IPv4/TCP/UDP/ICMP packets with options,
fragments and truncation, with arbitrary transport offsets and MAC headers."""

from __future__ import annotations

import random

from clickc.classifier.classifier_lang import parse_classifier
from clickc.classifier.dag import Packet, build_decision, reference_classify
from clickc.classifier.ipfilter_lang import parse_ipclassifier, parse_ipfilter
from cls_gen import classifier_ruleset, ether_frame, ip_ruleset, ipv4_packet
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

SETTINGS = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), raw=st.lists(st.binary(max_size=80), max_size=20))
def test_classifier_dag_matches_rules(seed: int, raw: list[bytes]) -> None:
    rng = random.Random(seed)
    rs, diag = parse_classifier(classifier_ruleset(rng))
    assert diag.nerrors == 0
    d = build_decision(rs)
    packets = raw + [ether_frame(rng) for _ in range(60)]
    for p in packets:
        assert d.classify(Packet(p)) == reference_classify(rs, Packet(p)), p.hex()


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1),
       raw=st.lists(st.tuples(st.binary(max_size=70), st.integers(0, 80)), max_size=15))
def test_ip_dag_matches_rules(seed: int, raw: list[tuple[bytes, int]]) -> None:
    rng = random.Random(seed)
    pats = ip_ruleset(rng)
    rs, diag = parse_ipclassifier(pats)
    if diag.nerrors:  # the generator can combine into invalid patterns; Click rejects them too
        return
    d = build_decision(rs)
    packets = [Packet(b, th, rng.randbytes(14) + b if rng.random() < 0.5 else None)
               for b, th in raw]
    for _ in range(80):
        ip, th = ipv4_packet(rng)
        if rng.random() < 0.1:
            th = rng.randint(0, 70)  # transport header annotation not at IHL*4
        packets.append(Packet(ip, th, rng.randbytes(14) + ip))
    for p in packets:
        assert d.classify(p) == reference_classify(rs, p), (pats, p)


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_ipfilter_actions(seed: int) -> None:
    rng = random.Random(seed)
    pats = [f"{rng.choice(['allow', 'deny', 'drop', '1', '2'])} {p}" for p in ip_ruleset(rng)]
    rs, diag = parse_ipfilter(pats, 3)
    if diag.nerrors:
        return
    d = build_decision(rs)
    for _ in range(60):
        ip, th = ipv4_packet(rng)
        p = Packet(ip, th)
        assert d.classify(p) == reference_classify(rs, p)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_large_rule_sets_fall_back_and_agree(seed: int) -> None:
    """Rule sets too big for full specialization use the chunked construction; it agrees."""
    from clickc.classifier.dag import build_decision as bd
    rng = random.Random(seed)
    pats = ip_ruleset(rng, 12)
    rs, diag = parse_ipclassifier(pats)
    if diag.nerrors:
        return
    d = bd(rs, budget=1)
    assert d.mode == "chunked" or len(d.nodes) <= 1
    for _ in range(60):
        ip, th = ipv4_packet(rng)
        p = Packet(ip, th)
        assert d.classify(p) == reference_classify(rs, p)


def test_ether_host() -> None:
    rs, diag = parse_ipfilter(["allow ether host 00:11:22:33:44:55",
                               "1 src ether host 66:77:88:99:aa:bb", "2 dst ether host != "
                               "00:11:22:33:44:55 && ip ttl > 3"], 3)
    assert diag.nerrors == 0
    d = build_decision(rs)
    ip = bytes([0x45, 0, 0, 20, 0, 0, 0, 0, 64, 6, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8])
    a, b = bytes.fromhex("001122334455"), bytes.fromhex("66778899aabb")
    cases = [(a + b, 0), (b + a, 0), (b + b, 1), (bytes(12), 2), (None, -1), (a[:3], -1)]
    for mac, want in cases:
        p = Packet(ip, 20, mac + b"\x08\x00" + ip if mac is not None and len(mac) == 12 else mac)
        assert d.classify(p) == reference_classify(rs, p) == want, (mac, want)
