"""Network namespaces joined by veth pairs for the I/O tests and the I/O benchmark.

``Topology`` makes three namespaces with unique names, ``snd``, ``rtr`` and ``rcv``, joined by
two veth pairs: ``snd:a0 <-> rtr:r0`` and ``rtr:r1 <-> rcv:b0``.  No IP address is configured
anywhere (the frames are forwarded at the link layer by the program under test) and IPv6 is
disabled in every namespace, so the kernel sends nothing of its own on the links (no router
solicitations, no neighbour discovery).  Everything is removed on ``close`` (deleting a
namespace deletes its veth ends).  Needs root and ``ip`` (iproute2).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import uuid
from collections.abc import Sequence
from pathlib import Path


def why_not_available() -> str | None:
    """A reason the namespace tests cannot run here (not root, no ``ip``), else None."""
    if os.geteuid() != 0:
        return "network namespaces need root"
    if shutil.which("ip") is None:
        return "iproute2 ('ip') is not installed"
    probe = f"ckprobe{uuid.uuid4().hex[:8]}"
    r = subprocess.run(["ip", "netns", "add", probe], capture_output=True, text=True)
    if r.returncode != 0:
        return f"cannot create a network namespace: {r.stderr.strip()}"
    subprocess.run(["ip", "netns", "del", probe], capture_output=True)
    return None


def _ip(*args: str) -> None:
    r = subprocess.run(["ip", *args], capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"ip {' '.join(args)}: {r.stderr.strip()}")


class Topology:
    """snd:a0 <-> rtr:r0, rtr:r1 <-> rcv:b0 (see the module docstring).  ``mtu`` applies to
    every veth end; ``rx_queues``/``tx_queues`` > 1 make multi-queue veths (for fanout)."""

    def __init__(self, mtu: int = 1500, queues: int = 1) -> None:
        tag = uuid.uuid4().hex[:6]
        self.ns = {role: f"ck{role}{tag}" for role in ("snd", "rtr", "rcv")}
        self._made: list[str] = []
        try:
            for name in self.ns.values():
                _ip("netns", "add", name)
                self._made.append(name)
                self.sysctl(name, "net.ipv6.conf.all.disable_ipv6", "1")
                self.sysctl(name, "net.ipv6.conf.default.disable_ipv6", "1")
            q = [] if queues <= 1 else ["numrxqueues", str(queues), "numtxqueues", str(queues)]
            for (na, ia), (nb, ib) in ((("snd", "a0"), ("rtr", "r0")),
                                       (("rtr", "r1"), ("rcv", "b0"))):
                tmp_a, tmp_b = f"cka{tag}", f"ckb{tag}"
                _ip("link", "add", tmp_a, *q, "type", "veth", "peer", "name", tmp_b, *q)
                _ip("link", "set", tmp_a, "netns", self.ns[na], "name", ia)
                _ip("link", "set", tmp_b, "netns", self.ns[nb], "name", ib)
            for role, dev in (("snd", "a0"), ("rtr", "r0"), ("rtr", "r1"), ("rcv", "b0")):
                _ip("-n", self.ns[role], "link", "set", dev, "mtu", str(mtu), "up")
                self.sysctl(self.ns[role], f"net.ipv6.conf.{dev}.disable_ipv6", "1")
            for role in ("snd", "rtr", "rcv"):
                _ip("-n", self.ns[role], "link", "set", "lo", "up")
        except BaseException:
            self.close()
            raise

    @staticmethod
    def sysctl(ns: str, key: str, value: str) -> None:
        subprocess.run(["ip", "netns", "exec", ns, "sysctl", "-q", "-w", f"{key}={value}"],
                       capture_output=True)

    def cmd(self, role: str, argv: Sequence[str | Path]) -> list[str]:
        """``argv`` run inside namespace ``role``."""
        return ["ip", "netns", "exec", self.ns[role], *map(str, argv)]

    def close(self) -> None:
        for name in reversed(self._made):
            subprocess.run(["ip", "netns", "del", name], capture_output=True)
        self._made = []

    def __enter__(self) -> Topology:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
