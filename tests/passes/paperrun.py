"""Helpers for running the paper-figure configurations (tests/passes/paper) on real captures.

The figures' expensive elements are IPsec's.  The fragments have no security association
database (Click's IPsec elements take their keys from the annotation RadixIPsecLookup sets),
so ``runnable`` replaces each IPsec class by a stand-in with the same ports and a C
implementation that changes the packet (so a packet processed twice or not at all shows),
keeping the element names, so the same ``--pass-option cost=NAME:CYCLES`` settings apply.
Devices become FromDump($IN) and ToDump($OUT).
"""

from __future__ import annotations

import re
import struct
import subprocess
from collections import defaultdict
from pathlib import Path

PAPER = Path(__file__).parent / "paper"
PCAPS = Path(__file__).resolve().parents[2].parent / "shared" / "pcaps"

#: IPsec class -> a stand-in with a C implementation and the same port counts (1/1).
STAND_INS = {
    "IPsecESPEncap": "Null",
    "IPsecESPUnencap": "Null",
    "StripIPHeader": "Null",
    "IPsecAuthHMACSHA1": "Counter",
    "IPsecDES": "DecIPTTL",
    "IPsecEncap": "SetIPDSCP(46)",
}


#: Queue capacity in the runnable configurations: a whole test capture (the largest used,
#: tcpdump-afs.pcap, has 601 packets).  FromDump pushes a capture as fast as it can; at -O0
#: one thread alternates it with the Unqueue, but at -j 2 the replica that gets most of a
#: capture's few destinations may be on the other thread, which had not started pulling when
#: the paper's 200-packet queues were full (365 of afs's packets dropped in Fig. 16's lo@r1).
#: These tests are about which packets leave and in which order, not about overload.
CAPACITY = 4096


def runnable(text: str) -> str:
    """``text`` with devices replaced by dump files, IPsec classes by their stand-ins and
    queue capacities by :data:`CAPACITY`."""
    text = re.sub(r"\bQueue\(\d*\)", f"Queue({CAPACITY})", text)
    text = re.sub(r"FromDevice\(eth\d+\)", "FromDump($IN)", text)
    text = re.sub(r"ToDevice\(eth\d+\)", "ToDump($OUT)", text)
    for cls, sub in STAND_INS.items():
        text = re.sub(rf"\b{cls}(\([^)]*\))?", sub, text)
    return text


def read_pcap(path: Path) -> list[bytes]:
    """The packets of a classic pcap file (either byte order), as bytes."""
    data = path.read_bytes()
    magic = data[:4]
    endian = "<" if magic in (b"\xd4\xc3\xb2\xa1", b"\x4d\x3c\xb2\xa1") else ">"
    out = []
    off = 24
    while off + 16 <= len(data):
        _, _, incl, _ = struct.unpack(endian + "IIII", data[off:off + 16])
        out.append(data[off + 16:off + 16 + incl])
        off += 16 + incl
    return out


def flow_of(pkt: bytes) -> tuple[object, ...]:
    """A packet's flow: (src, dst, proto, sport, dport) for unfragmented TCP/UDP, else
    (src, dst, proto); packets that are not IPv4 are one flow ('other',)."""
    ip = 0 if pkt[:1] and pkt[0] >> 4 == 4 else 14
    if len(pkt) < ip + 20 or pkt[ip] >> 4 != 4:
        return ("other",)
    ihl = (pkt[ip] & 15) * 4
    proto = pkt[ip + 9]
    src, dst = pkt[ip + 12:ip + 16], pkt[ip + 16:ip + 20]
    frag = struct.unpack(">H", pkt[ip + 6:ip + 8])[0] & 0x3FFF
    if proto in (6, 17) and not frag and len(pkt) >= ip + ihl + 4:
        sport, dport = struct.unpack(">HH", pkt[ip + ihl:ip + ihl + 4])
        return (src, dst, proto, sport, dport)
    return (src, dst, proto)


def by_flow(pkts: list[bytes]) -> dict[tuple[object, ...], list[bytes]]:
    """Packets grouped by flow, each group in output order."""
    d: dict[tuple[object, ...], list[bytes]] = defaultdict(list)
    for p in pkts:
        d[flow_of(p)].append(p)
    return dict(d)


def run_router(config: Path, pcap: Path, out: Path, args: list[str],
               handlers: list[str] | None = None) -> str:
    """``clickc run`` on ``config`` with IN=pcap OUT=out and extra ``args``; returns stdout
    (the ``-h`` handler values).  Raises AssertionError with the output on failure."""
    cmd = ["clickc", "run", str(config), f"IN={pcap}", f"OUT={out}", *args]
    for h in handlers or []:
        cmd += ["-h", h]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, f"{' '.join(cmd)}\n{r.stdout}\n{r.stderr}"
    return r.stdout
