"""A FromDevice's XDP socket across swaps (docs/reconfiguration.md, "What moves"): a
FromDevice ``METHOD XDP`` of the same socket settings (device, queue...) takes over the old
one's AF_XDP socket, its UMEM and the program libxdp loaded, so every frame sent on a veth pair
(copy mode) while the router is swapped three times is read once and ``count`` continues.
Without the hand-over the new FromDevice's own socket on the same queue is refused by the
kernel and so is the swap.  Needs root (a veth pair) and libxdp/libbpf (pkg-config); skipped
otherwise.  The same for a ToDevice ``METHOD XDP``."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from .test_device_handover import FRAMES, swapped_counts, veth  # noqa: F401 (fixture)


def _why_no_xdp() -> str | None:
    if shutil.which("pkg-config") is None:
        return "pkg-config is not installed"
    r = subprocess.run(["pkg-config", "--exists", "libxdp", "libbpf"])
    if r.returncode != 0:
        return "libxdp/libbpf development packages are not installed (libxdp-dev libbpf-dev)"
    return None


CONFIG = """\
fd :: FromDevice({dev}, BURST {burst}, METHOD XDP) -> cl :: Classifier(12/88B5, -);
cl[0] -> c :: Counter -> q :: Queue(1000) -> td :: ToDevice({dev});
cl[1] -> Discard;
"""


@pytest.mark.skipif(_why_no_xdp() is not None, reason=str(_why_no_xdp()))
def test_fromdevice_xdp_socket_moves(tmp_path: Path,
                                     veth: tuple[str, str]) -> None:  # noqa: F811
    send_if, dev = veth
    versions = [CONFIG.format(dev=dev, burst=b) for b in (4, 16, 8)]
    v = swapped_counts(tmp_path, send_if, CONFIG.format(dev=dev, burst=8), versions,
                       ["c.count", "fd.count", "fd.kernel_drops"])
    counted, read = v["c.count"], v["fd.count"]
    assert v["fd.kernel_drops"] == 0
    # every frame read once, by the one XDP socket that went from router to router; fd.count
    # went on (it also counts the frames the Classifier discards: the link's own, if any)
    assert counted == FRAMES, counted
    assert read >= counted


TX_CONFIG = """\
fd :: FromDevice({dev}, PROTOCOL 0x88B5, BURST 8) -> c :: Counter -> StoreData(12, \\<88B6>)
    -> q :: Queue(1000) -> td :: ToDevice({out}, BURST {burst}, METHOD XDP);
"""


@pytest.mark.skipif(_why_no_xdp() is not None, reason=str(_why_no_xdp()))
def test_todevice_xdp_socket_moves(tmp_path: Path,
                                   veth: tuple[str, str]) -> None:  # noqa: F811
    """A ToDevice ``METHOD XDP`` (on the sending end: the frames go back with another
    EtherType, which the FromDevice does not read) keeps its XDP socket across three swaps
    (its ``BURST`` changes) and sends every frame once; without the hand-over the new
    ToDevice's socket on the same queue is refused, and so is the swap."""
    send_if, dev = veth
    versions = [TX_CONFIG.format(dev=dev, out=send_if, burst=b) for b in (4, 16, 8)]
    v = swapped_counts(tmp_path, send_if, TX_CONFIG.format(dev=dev, out=send_if, burst=8),
                       versions, ["c.count", "td.count"])
    assert v["c.count"] == FRAMES, v
    assert v["td.count"] == FRAMES, v
