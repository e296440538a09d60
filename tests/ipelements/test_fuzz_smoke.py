"""Short libFuzzer runs of the IP fuzz targets (fuzz/*.click) under AddressSanitizer and
UndefinedBehaviorSanitizer: each target is built with fuzz/build.sh and fed its seed corpus
(real captures) plus a few thousand mutations.  Long runs are done by hand (fuzz/README.md).
Skipped when clang cannot build libFuzzer targets."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.elemharness import PCAPS

HERE = Path(__file__).resolve().parent / "fuzz"
SEEDS = ["tcpreplay-test.pcap", "suricata-malformed-ipv4.pcap", "suricata-ipopts-esec.pcap",
         "zeek-fragmented-4.pcap", "tcpdump-IGMP_V2.pcap"]


def _fuzzer_available(tmp: Path) -> bool:
    if shutil.which("clang") is None:
        return False
    src = tmp / "probe.c"
    src.write_text("int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n)"
                   "{(void)d; (void)n; return 0;}\n")
    r = subprocess.run(["clang", "-fsanitize=fuzzer,address", str(src), "-o",
                        str(tmp / "probe")], capture_output=True)
    return r.returncode == 0


@pytest.mark.parametrize("target", ["checkip", "options", "frag", "icmperror", "ipsec"])
def test_fuzz_target(target: str, tmp_path: Path) -> None:
    """The target builds and survives its seeds and 3000 mutated inputs."""
    if not _fuzzer_available(tmp_path):
        pytest.skip("clang with -fsanitize=fuzzer not available")
    wrapper = tmp_path / "clickc"
    wrapper.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m clickc "$@"\n')
    wrapper.chmod(0o755)
    b = subprocess.run(["sh", str(HERE / "build.sh"), target, str(tmp_path)],
                       capture_output=True, text=True,
                       env={**os.environ, "CLICKC": str(wrapper)}, timeout=900)
    assert b.returncode == 0, b.stderr[-3000:]
    corpus = tmp_path / "corpus"
    seeds = [str(PCAPS / s) for s in SEEDS if (PCAPS / s).exists()]
    subprocess.run([sys.executable, str(HERE / "seeds.py"), str(corpus), *seeds], check=True)
    corpus.mkdir(exist_ok=True)
    r = subprocess.run([str(tmp_path / f"fuzz-{target}"), "-runs=3000", "-seed=1",
                        f"-artifact_prefix={tmp_path}/", str(corpus)],
                       capture_output=True, text=True, timeout=900)
    assert r.returncode == 0, r.stderr[-4000:]
    assert "Done" in r.stderr
