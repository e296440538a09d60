"""Random rule sets and packets for the classifier tests (plain ``random``; hypothesis drives
the seeds).  Values are drawn from small pools shared by rules and packets so that rules
actually match."""

from __future__ import annotations

import random
import struct

ADDRS = ["10.0.0.1", "10.0.0.2", "192.168.1.1", "224.0.0.5", "8.8.8.8"]
NETS = ["10.0.0.0/8", "192.168.0.0/16", "224.0.0.0/4", "10.0.0.0/30", "0.0.0.0/0"]
PORTS = [0, 53, 80, 123, 443, 1023, 1024, 8080, 65535]


def _addr_bytes(a: str) -> bytes:
    return bytes(int(x) for x in a.split("."))


def ip_primitive(rng: random.Random) -> str:
    """One random IPFilter primitive (with Click's abbreviations and operators)."""
    p = rng.choice(PORTS)
    a = rng.choice(ADDRS)
    choices = [
        lambda: rng.choice(["tcp", "udp", "icmp", "igmp", "ip proto 47", "ip proto gre",
                            "ip proto != 6", "ip proto > 16", "ip proto tcpudp"]),
        lambda: f"{rng.choice(['', 'src ', 'dst ', 'src or dst ', 'src and dst '])}host {a}",
        lambda: f"{rng.choice(['', 'src ', 'dst '])}net {rng.choice(NETS)}",
        lambda: f"{rng.choice(['', 'src ', 'dst '])}{a}",
        lambda: f"{rng.choice(['', 'src ', 'dst '])}net {a} mask 255.255.0.0",
        lambda: f"{rng.choice(['', 'src ', 'dst '])}host != {a}",
        lambda: f"{rng.choice(['', 'src ', 'dst '])}{rng.choice(['', 'tcp ', 'udp '])}port "
                f"{rng.choice(['', '== ', '!= ', '< ', '> ', '<= ', '>= '])}{p}",
        lambda: f"dst port {p} or {rng.choice(PORTS)}",
        lambda: f"src port & 0xff00 == {p & 0xff00}",
        lambda: "icmp type "
                + rng.choice(["echo", "echo-reply", "3", "!= 8", "> 5", "unreachable"]),
        lambda: "ip ttl " + rng.choice(["", "< ", "> ", "!= ", ">= "])
                + str(rng.choice([0, 1, 2, 64, 255])),
        lambda: f"ip tos {rng.choice([0, 16, 0x2e])}",
        lambda: f"ip dscp {rng.choice([0, 10, 46])}",
        lambda: rng.choice(["ip frag", "ip unfrag", "frag", "unfrag", "ip ect", "ip ce"]),
        lambda: f"ip hl {rng.choice([5, 6, '> 5'])}",
        lambda: "ip vers 4",
        lambda: f"ip id {rng.choice([0, 1, 4660])}",
        lambda: f"len {rng.choice(['> ', '< ', '>= ', ''])}{rng.choice([20, 40, 60, 100, 1000])}",
        lambda: rng.choice(["syn", "ack", "fin", "rst", "psh", "urg", "tcp opt syn",
                            "syn ack", "tcp syn"]),
        lambda: f"tcp win {rng.choice(['> ', '< ', ''])}{rng.choice([0, 1024, 65535])}",
        lambda: f"ip[{rng.choice([0, 1, 8, 9, 12, 19])}] {rng.choice([0, 6, 17, 64, 10, 0x45])}",
        lambda: f"ip[{rng.choice([2, 6, 12])}:2] {rng.choice([0, 40, 0x4000, 2560])}",
        lambda: f"transp[{rng.choice([0, 2, 13])}:{rng.choice([1, 2])}] & 0x12 != 0",
        lambda: f"tcp[13] & 2 {rng.choice(['!= 0', '== 0', '> 1'])}",
        lambda: f"udp[{rng.choice([0, 2, 4])}:2] {rng.choice(PORTS)}",
        lambda: rng.choice(["true", "false"]),
    ]
    return rng.choice(choices)()


def ip_expr(rng: random.Random, depth: int = 0) -> str:
    """A random pattern: primitives joined with and/or/not, parentheses and ?:."""
    r = rng.random()
    if depth >= 2 or r < 0.35:
        return ip_primitive(rng)
    if r < 0.55:
        left = ip_expr(rng, depth + 1)
        return f"{left} {rng.choice(['and', '&&', ''])} {ip_expr(rng, depth + 1)}"
    if r < 0.75:
        return f"{ip_expr(rng, depth + 1)} {rng.choice(['or', '||'])} {ip_expr(rng, depth + 1)}"
    if r < 0.88:
        return f"{rng.choice(['not', '!'])} ({ip_expr(rng, depth + 1)})"
    if r < 0.94:
        c = ip_expr(rng, depth + 1)
        t = ip_expr(rng, depth + 1)
        return f"({c}) ? ({t}) : ({ip_expr(rng, depth + 1)})"
    return f"({ip_expr(rng, depth + 1)})"


def ip_ruleset(rng: random.Random, n: int | None = None) -> list[str]:
    """IPClassifier patterns (the last one sometimes ``-``)."""
    n = n or rng.randint(1, 6)
    pats = [ip_expr(rng) for _ in range(n)]
    if rng.random() < 0.3:
        pats.append("-")
    return pats


def classifier_ruleset(rng: random.Random, n: int | None = None) -> list[str]:
    """Classifier patterns with offsets, masks, ``?`` nibbles and ``!``."""
    n = n or rng.randint(1, 6)
    pats = []
    for _ in range(n):
        clauses = []
        for _ in range(rng.randint(1, 3)):
            off = rng.choice([0, 1, 6, 12, 13, 14, 20, 23, 30, 34, 36, 40, 61])
            nbytes = rng.choice([1, 1, 2, 2, 3, 4, 5])
            val = "".join(rng.choice("0000123458acf?") + rng.choice("0000123458acf")
                          for _ in range(nbytes))
            clause = f"{off}/{val}"
            if rng.random() < 0.3:
                clause += "%" + "".join(rng.choice(["ff", "f0", "0f", "00", "81"])
                                        for _ in range(nbytes))
            if rng.random() < 0.25:
                clause = "!" + clause
            clauses.append(clause)
        pats.append(" ".join(clauses))
    if rng.random() < 0.4:
        pats.append("-")
    return pats


def ipv4_packet(rng: random.Random, keep_header: bool = False) -> tuple[bytes, int]:
    """(IP packet bytes, transport offset): IPv4 with options, fragments, TCP/UDP/ICMP/other,
    sometimes truncated (to no less than IHL*4 bytes when ``keep_header``: Click's
    MarkIPHeader asserts on shorter FromDump packets).  The transport offset is IHL*4, as
    MarkIPHeader sets it."""
    ihl = rng.choice([5, 5, 5, 6, 7, 15])
    proto = rng.choice([1, 6, 6, 17, 17, 2, 47, 50, rng.randrange(256)])
    frag = rng.choice([0, 0, 0, 0x2000, 0x0001, 0x4000, 0x20ff, 0x1fff, 0x8000])
    ttl = rng.choice([0, 1, 2, 64, 255])
    tos = rng.choice([0, 1, 2, 3, 16, 0xb8, 0x2e << 2])
    src = _addr_bytes(rng.choice(ADDRS)) if rng.random() < 0.8 else rng.randbytes(4)
    dst = _addr_bytes(rng.choice(ADDRS)) if rng.random() < 0.8 else rng.randbytes(4)
    opts = rng.randbytes((ihl - 5) * 4)
    if proto == 6:
        flags = rng.choice([0x02, 0x12, 0x10, 0x11, 0x04, 0x18, 0x3f, 0])
        th = struct.pack(">HHIIBBHHH", rng.choice(PORTS), rng.choice(PORTS), 1, 2, 0x50,
                         flags, rng.choice([0, 1024, 65535]), 0, 0)
    elif proto == 17:
        th = struct.pack(">HHHH", rng.choice(PORTS), rng.choice(PORTS), 8, 0)
    elif proto == 1:
        th = struct.pack(">BBHI", rng.choice([0, 3, 8, 11, 5]), 0, 0, 0)
    else:
        th = rng.randbytes(rng.randint(0, 24))
    payload = rng.randbytes(rng.choice([0, 0, 4, 30, 1000]))
    total = ihl * 4 + len(th) + len(payload)
    hdr = struct.pack(">BBHHHBBH4s4s", 0x40 | ihl, tos, total, rng.choice([0, 1, 4660]),
                      frag, ttl, proto, 0, src, dst) + opts
    pkt = hdr + th + payload
    if rng.random() < 0.3:
        pkt = pkt[: rng.randint(ihl * 4 if keep_header else 1, len(pkt))]
    return pkt, ihl * 4


def ether_frame(rng: random.Random, keep_header: bool = False) -> bytes:
    """An Ethernet frame for Classifier tests: IPv4, ARP or random, sometimes truncated."""
    r = rng.random()
    macs = rng.randbytes(12)
    if r < 0.5:
        ip, _ = ipv4_packet(rng, keep_header)
        f = macs + b"\x08\x00" + ip
    elif r < 0.7:
        arp = bytes([0, 1, 8, 0, 6, 4, 0, rng.choice([1, 2])])
        f = macs + b"\x08\x06" + arp + rng.randbytes(20)
    else:
        f = rng.randbytes(rng.randint(0, 80))
    if rng.random() < 0.2 and not keep_header:
        f = f[: rng.randint(0, len(f))]
    return f
