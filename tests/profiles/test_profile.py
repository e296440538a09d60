"""Profile files: parsing, validation, merging, matching a configuration."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from clickc.frontend import parse_string
from clickc.passes.profile import (
    ProfileError,
    fingerprint,
    load_profile,
    match,
    merge,
    parse_profile,
)

CONFIG = "s :: InfiniteSource -> c :: Counter -> q :: Queue -> u :: Unqueue -> Discard;"


def _graph(text: str = CONFIG) -> Any:
    from clickc.errors import ErrorHandler

    return parse_string(text, "t.click", {}, ErrorHandler())


def _data(fp: str, cycles: int = 3000, sampled: int = 100, dur: int = 10**9) -> dict[str, Any]:
    return {"format": "clickc-profile", "version": 1,
            "config": {"file": "t.click", "fingerprint": fp},
            "duration_ns": dur, "runs": 1, "cycles_per_ns": 2.5,
            "elements": {"c": {"class": "Counter", "in_packets": [1000], "out_packets": [1000],
                               "calls": 1000, "cycles": cycles, "sampled_packets": sampled,
                               "thread": 0},
                         "s": {"class": "InfiniteSource", "out_packets": [1000]}},
            "tasks": {"u": {"thread": 1, "calls": 10, "packets": 1000, "cycles": 9}},
            "queues": {"q": {"drops": 3, "highwater": 7}}}


def test_mapping_and_utilization() -> None:
    g = _graph()
    p = parse_profile(_data(fingerprint(g)))
    assert dict(p) == {"c": 30.0}           # s was never sampled: absent
    assert p.utilization("c") == pytest.approx(1000.0)
    assert match(p, g).exact


def test_round_trip_through_json(tmp_path: Path) -> None:
    g = _graph()
    p = parse_profile(_data(fingerprint(g)))
    f = tmp_path / "p.json"
    f.write_text(json.dumps(p.to_json()))
    q = load_profile(f)
    assert q.to_json() == p.to_json()


def test_merge_sums_and_rejects_other_configs() -> None:
    g = _graph()
    a = parse_profile(_data(fingerprint(g), 3000, 100), "a.json")
    b = parse_profile(_data(fingerprint(g), 1000, 100, dur=3 * 10**9), "b.json")
    m = merge([a, b])
    assert m["c"] == pytest.approx(20.0)
    assert m.duration_ns == 4 * 10**9 and m.runs == 2
    assert m.elements["c"].in_packets == [2000]
    assert m.queues["q"] == {"drops": 6, "highwater": 7}
    other = parse_profile(_data("0" * 64), "other.json")
    with pytest.raises(ProfileError, match="another configuration"):
        merge([a, other])


def test_match_by_name_when_config_changed() -> None:
    g = _graph(CONFIG.replace("Discard", "Counter -> Discard"))
    p = parse_profile(_data(fingerprint(_graph())))
    m = match(p, g)
    assert not m.exact and "c" in m.matched
    g2 = _graph("x :: InfiniteSource -> y :: Discard;")
    with pytest.raises(ProfileError, match="0 of its 2 elements match"):
        match(p, g2)


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d.update(format="other"), "not a clickc profile"),
    (lambda d: d.update(version=99), "profile version 99"),
    (lambda d: d["elements"]["c"].update(cycles=-1), "elements.c.cycles"),
    (lambda d: d["elements"]["c"].update(in_packets="x"), "in_packets"),
    (lambda d: d.update(cycles_per_ns=0), "cycles_per_ns"),
    (lambda d: d.pop("config"), "config.fingerprint"),
])
def test_malformed_profiles_are_located_errors(mutate: Any, message: str) -> None:
    d = _data("f" * 64)
    mutate(d)
    with pytest.raises(ProfileError, match=message):
        parse_profile(d, "bad.json")


def test_unreadable_and_bad_json(tmp_path: Path) -> None:
    with pytest.raises(ProfileError, match="No such file"):
        load_profile(tmp_path / "missing.json")
    f = tmp_path / "b.json"
    f.write_text("{\n nope")
    with pytest.raises(ProfileError, match=r"b.json:2: not valid JSON"):
        load_profile(f)


def test_replicas_summed_under_their_original() -> None:
    """A profile of a -j 2 router has flow-split's replicas (NAME@rK), not NAME: their counts
    and cycles add up under NAME, for a recompilation that splits differently or not at all;
    a measured NAME is left as it is."""
    from clickc.passes.profile import ElementRecord, Profile

    recs = {
        "des@r0": ElementRecord("IPsecDES", [300], [300], 3, 3000, 3),
        "des@r1": ElementRecord("IPsecDES", [100], [100], 1, 2000, 1),
        "c": ElementRecord("Counter", [400], [400], 4, 200, 4),
        "c@r0": ElementRecord("Counter", [7], [7], 1, 999, 1),
    }
    p = Profile("x.click", "f", 1_000_000_000, 1, 2.0, recs)
    assert p["des"] == (3000 + 2000) / 4
    assert p.utilization("des") == 400
    assert p["des@r0"] == 1000
    assert p["c"] == 50                      # measured itself: not replaced by its replica
    assert "des" not in p.to_json()["elements"]   # the file keeps what was measured
