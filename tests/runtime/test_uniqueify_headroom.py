"""Copy-on-write keeps the headroom, as Click's Packet::expensive_uniqueify copies the whole
buffer: after Tee (a clone), Strip(14) and a write (DecIPTTL), Unstrip(14) exposes the original
Ethernet header, not zeros.  Checked with real Click by hand:
`click unstrip.click IN=../shared/pcaps/tcpreplay-test.pcap OUT=click.pcap` writes the same file
byte for byte as the clickc router below."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import dpkt
import pytest

SHARED = Path(__file__).resolve().parents[2].parent / "shared"
CAPTURE = SHARED / "pcaps" / "tcpreplay-test.pcap"
CONFIG = """\
FromDump($IN, STOP true) -> t :: Tee;
t[0] -> Strip(14) -> CheckIPHeader -> DecIPTTL -> Unstrip(14) -> ToDump($OUT);
t[1] -> Discard;
"""


@pytest.mark.skipif(not CAPTURE.is_file(), reason="needs ../shared/pcaps")
def test_unstrip_after_copy_on_write_sees_the_old_header(tmp_path: Path) -> None:
    cfg = tmp_path / "unstrip.click"
    cfg.write_text(CONFIG)
    out = tmp_path / "out.pcap"
    r = subprocess.run([sys.executable, "-m", "clickc", "run", "--no-cache", str(cfg),
                        f"IN={CAPTURE}", f"OUT={out}"], capture_output=True, text=True,
                       timeout=600)
    assert r.returncode == 0, r.stderr
    with CAPTURE.open("rb") as f:
        inputs = [b for _, b in dpkt.pcap.Reader(f) if b[12:14] == b"\x08\x00"]
    with out.open("rb") as f:
        outputs = [b for _, b in dpkt.pcap.Reader(f)]
    assert outputs
    i = 0
    for o in outputs:
        # the next input with the same IP addresses and ID is this packet's origin
        while inputs[i][26:34] != o[26:34] or inputs[i][18:20] != o[18:20]:
            i += 1
        assert o[:14] == inputs[i][:14]
        assert o[14 + 8] == inputs[i][14 + 8] - 1  # TTL decremented: the write happened
        i += 1
