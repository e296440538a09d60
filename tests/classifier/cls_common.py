"""Shared helpers of the classifier tests: loading the recorded Click expectations, frames,
and building rule sets of the three element kinds."""

from __future__ import annotations

import base64
import json
import os
import random
import sys
import zlib
from functools import lru_cache

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from clickc.classifier.classifier_lang import parse_classifier  # noqa: E402
from clickc.classifier.dag import Packet  # noqa: E402
from clickc.classifier.ipfilter_lang import parse_ipclassifier, parse_ipfilter  # noqa: E402
from clickc.classifier.rules import RuleSet  # noqa: E402

SHARED = os.path.normpath(os.path.join(HERE, "..", "..", "..", "shared"))
PCAPS = os.path.join(SHARED, "pcaps")
PORT_CHARS = "0123456789abcdefghijklmnopqrstuvwxyz"


@lru_cache(maxsize=1)
def expected() -> dict:  # type: ignore[type-arg]
    """click_expected.json with each run's table unpacked (name -> one char per packet)."""
    with open(os.path.join(HERE, "click_expected.json")) as f:
        e = json.load(f)
    e["runs"] = {run: json.loads(zlib.decompress(base64.b64decode(blob)))
                 for run, blob in e["runs"].items()}
    return e  # type: ignore[no-any-return]


def read_pcap(path: str) -> list[bytes]:
    import dpkt
    with open(path, "rb") as f:
        return [bytes(b) for _, b in dpkt.pcap.Reader(f)]


def frames_for(run: str) -> list[bytes] | None:
    """The frames of a recorded run: regenerated for "generated", read from ../shared/pcaps
    otherwise (None when the capture is not available)."""
    if run == "generated":
        import record_classifier_click as record_click
        return record_click.generated_frames()
    path = os.path.join(PCAPS, run)
    if not os.path.exists(path):
        return None
    return read_pcap(path)


def ip_packet(frame: bytes) -> Packet | None:
    """What IPClassifier sees after Classifier(12/0800, -) -> Strip(14) -> MarkIPHeader."""
    if len(frame) < 14 or frame[12:14] != b"\x08\x00":
        return None
    ip = frame[14:]
    th = (ip[0] & 0x0F) * 4 if ip else 0
    return Packet(ip, th, frame)


def rulesets() -> dict[str, RuleSet]:
    """The recorded rule sets by name (C<k>, I<k>, F<k>)."""
    import record_classifier_click as record_click
    e = expected()
    out: dict[str, RuleSet] = {}
    for k, pats in enumerate(e["classifier"]):
        out[f"C{k}"] = parse_classifier(pats)[0]
    for k, pats in enumerate(e["ipclassifier"]):
        out[f"I{k}"] = parse_ipclassifier(pats)[0]
    for k, pats in enumerate(e["ipfilter"]):
        out[f"F{k}"] = parse_ipfilter(pats, record_click.filter_outputs(pats))[0]
    return out


def port_char(port: int) -> str:
    return "-" if port < 0 else PORT_CHARS[port]


def seeded(seed: int) -> random.Random:
    return random.Random(seed)
