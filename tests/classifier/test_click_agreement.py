"""The compiled classifiers agree with real Click, packet for packet.

Expectations were recorded from Click 2.1's userlevel driver by
``python3 tests/classifier/record_classifier_click.py $CLICK_PREFIX/bin/click ../shared/pcaps``
(the configurations are ours, written by ``record_classifier_click.config``; see that file),
on a generated capture and on real captures from ../shared/pcaps."""

from __future__ import annotations

import pytest
from clickc.classifier.dag import Packet, build_decision, reference_classify
from cls_common import expected, frames_for, ip_packet, port_char, rulesets


def _cases() -> list[str]:
    return sorted(expected()["runs"])


@pytest.fixture(scope="module")
def decisions() -> dict:  # type: ignore[type-arg]
    return {n: (rs, build_decision(rs)) for n, rs in rulesets().items()}


@pytest.mark.parametrize("run", _cases())
def test_dag_agrees_with_click(run: str, decisions: dict) -> None:  # type: ignore[type-arg]
    frames = frames_for(run)
    if frames is None:
        pytest.skip(f"{run} not available")
    res = expected()["runs"][run]
    check_reference = run in ("generated", "tcpreplay-test.pcap", "ndpi-fuzz-2006-06-26-2594.pcap")
    mismatches = []
    for name, want in res.items():
        rs, d = decisions[name]
        for j, fr in enumerate(frames):
            pk = Packet(fr) if name[0] == "C" else ip_packet(fr)
            if pk is None:
                assert want[j] == ".", (name, j)
                continue
            got = port_char(d.classify(pk))
            if got != want[j]:
                mismatches.append((name, j, got, want[j]))
            if check_reference and port_char(reference_classify(rs, pk)) != want[j]:
                mismatches.append((name, j, "reference", want[j]))
    assert not mismatches, mismatches[:10]


def test_generated_capture_is_the_recorded_one() -> None:
    import record_classifier_click as record_click
    frames = record_click.generated_frames()
    assert record_click.frames_digest(frames) == expected()["generated"]["sha256"]
