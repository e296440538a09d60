"""Profiles: what a router built with ``--profile-generate`` measured, loaded, checked against
a configuration, merged, and turned into the numbers the passes use.

The file format (JSON, ``"format": "clickc-profile"``, ``"version": 1``) is documented in
docs/profiles.md.  In short::

    {"format": "clickc-profile", "version": 1,
     "config": {"file": "router.click", "fingerprint": "<sha256 of the flat graph>"},
     "duration_ns": 1000000000, "runs": 1, "cycles_per_ns": 2.6,
     "elements": {"NAME": {"class": "Counter",
                           "in_packets": [n, ...], "out_packets": [n, ...],
                           "calls": n, "cycles": n, "sampled_packets": n,
                           "thread": 0}},
     "tasks": {"NAME": {"thread": 0, "calls": n, "packets": n, "cycles": n}},
     "queues": {"NAME": {"drops": n, "highwater": n, "occupancy_sum": n,
                         "occupancy_samples": n}}}

``cycles`` of an element are the cycles spent in the element itself (its own code, not the
elements it pushes to), summed over ``sampled_packets`` sampled packets: the estimate of its
service time is ``cycles / sampled_packets`` cycles/packet (Wu & Wolf's ``E[S_i]``); its
utilization is its input packets per second (``u_i``).

A :class:`Profile` is a read-only mapping ``element name -> cycles/packet`` (the shape the
placement and cut passes take as ``ctx.profile``), with :meth:`Profile.utilization` and the
raw records besides.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from clickc.ir import RouterGraph

FORMAT = "clickc-profile"
VERSION = 1

#: A flow-split replica's name (passes/flowsplit.py): the original's name, ``@r`` and the
#: replica's number.
_REPLICA_RE = re.compile(r"^(.+)@r(\d+)$")


class ProfileError(Exception):
    """A profile cannot be read, is of another format or version, or does not belong to the
    configuration (the message says which, with the file name)."""


def fingerprint(graph: RouterGraph) -> str:
    """A hash of what a profile depends on: every element's name and class and every
    connection, in a canonical order (not configuration strings, so changing a parameter keeps
    a profile usable; not landmarks, so editing comments does too)."""
    h = hashlib.sha256()
    for e in sorted(graph.elements(), key=lambda e: e.name):
        h.update(f"E {e.name} {e.class_name}\n".encode())
    for c in sorted(graph.connections()):
        h.update(f"C {c.src} {c.sport} {c.dst} {c.dport}\n".encode())
    return h.hexdigest()


@dataclass
class ElementRecord:
    """One element's measurements (see the module docstring for units)."""

    class_name: str
    in_packets: list[int] = field(default_factory=list)
    out_packets: list[int] = field(default_factory=list)
    calls: int = 0
    cycles: int = 0
    sampled_packets: int = 0
    thread: int = 0

    @property
    def packets_in(self) -> int:
        return sum(self.in_packets)

    @property
    def cycles_per_packet(self) -> float | None:
        """Measured service time in cycles/packet, or None when no packet was sampled."""
        if self.sampled_packets <= 0:
            return None
        return self.cycles / self.sampled_packets


@dataclass
class Profile(Mapping[str, float]):
    """A loaded profile.  As a mapping: element name -> measured cycles/packet (elements
    with no sampled packet are absent)."""

    config_file: str
    fingerprint: str
    duration_ns: int
    runs: int
    cycles_per_ns: float
    elements: dict[str, ElementRecord]
    tasks: dict[str, dict[str, int]] = field(default_factory=dict)
    queues: dict[str, dict[str, int]] = field(default_factory=dict)
    source: str = "<profile>"

    # -- Mapping[str, float] -------------------------------------------------------------------
    def _costs(self) -> dict[str, float]:
        out: dict[str, float] = {}
        for name, r in self.all_records().items():
            cpp = r.cycles_per_packet
            if cpp is not None:
                out[name] = cpp
        return out

    def all_records(self) -> dict[str, ElementRecord]:
        """The measured elements, plus one record for each element a profiled router had
        only as flow-split replicas (``NAME@rK``, a profile taken with -j 2 or more): their
        counts and cycles summed under ``NAME``, so a recompilation that splits differently,
        or not at all, still finds the original's service time and traffic."""
        out = dict(self.elements)
        for name, r in self.elements.items():
            m = _REPLICA_RE.match(name)
            if m is None or m.group(1) in self.elements:
                continue
            acc = out.get(m.group(1))
            if acc is None or acc is self.elements.get(m.group(1)):
                acc = out[m.group(1)] = ElementRecord(r.class_name, [], [], 0, 0, 0, r.thread)
            acc.in_packets = _add_lists(acc.in_packets, r.in_packets)
            acc.out_packets = _add_lists(acc.out_packets, r.out_packets)
            acc.calls += r.calls
            acc.cycles += r.cycles
            acc.sampled_packets += r.sampled_packets
        return out

    def __getitem__(self, name: str) -> float:
        return self._costs()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._costs())

    def __len__(self) -> int:
        return len(self._costs())

    # -- derived numbers -----------------------------------------------------------------------
    def utilization(self, name: str) -> float:
        """Packets/s into element ``name`` over the profiled time (0 when unknown)."""
        r = self.all_records().get(name)
        if r is None or self.duration_ns <= 0:
            return 0.0
        return r.packets_in * 1e9 / self.duration_ns

    def to_json(self) -> dict[str, Any]:
        """The profile as the JSON object of the file format."""
        return {
            "format": FORMAT, "version": VERSION,
            "config": {"file": self.config_file, "fingerprint": self.fingerprint},
            "duration_ns": self.duration_ns, "runs": self.runs,
            "cycles_per_ns": self.cycles_per_ns,
            "elements": {n: {"class": r.class_name, "in_packets": r.in_packets,
                             "out_packets": r.out_packets, "calls": r.calls,
                             "cycles": r.cycles, "sampled_packets": r.sampled_packets,
                             "thread": r.thread}
                         for n, r in sorted(self.elements.items())},
            "tasks": {n: dict(v) for n, v in sorted(self.tasks.items())},
            "queues": {n: dict(v) for n, v in sorted(self.queues.items())},
        }


def _int_list(v: Any, where: str) -> list[int]:
    if not isinstance(v, list) or not all(isinstance(x, int) and x >= 0 for x in v):
        raise ProfileError(f"{where}: expected a list of counts")
    return list(v)


def _count(d: dict[str, Any], key: str, where: str) -> int:
    v = d.get(key, 0)
    if not isinstance(v, int) or v < 0:
        raise ProfileError(f"{where}.{key}: expected a count")
    return v


def parse_profile(data: Any, source: str = "<profile>") -> Profile:
    """A :class:`Profile` from the decoded JSON ``data``.  Raises ProfileError naming
    ``source`` for another format or version, or a malformed field."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ProfileError(f"{source}: not a clickc profile (no \"format\": \"{FORMAT}\")")
    if data.get("version") != VERSION:
        raise ProfileError(f"{source}: profile version {data.get('version')!r}, but this "
                           f"clickc reads version {VERSION}; profile the router again")
    cfg = data.get("config")
    if not isinstance(cfg, dict) or not isinstance(cfg.get("fingerprint"), str):
        raise ProfileError(f"{source}: missing config.fingerprint")
    elements: dict[str, ElementRecord] = {}
    raw = data.get("elements", {})
    if not isinstance(raw, dict):
        raise ProfileError(f"{source}: elements must be an object")
    for name, rec in raw.items():
        where = f"{source}: elements.{name}"
        if not isinstance(rec, dict) or not isinstance(rec.get("class"), str):
            raise ProfileError(f"{where}: expected an object with a class")
        elements[name] = ElementRecord(
            class_name=rec["class"],
            in_packets=_int_list(rec.get("in_packets", []), where + ".in_packets"),
            out_packets=_int_list(rec.get("out_packets", []), where + ".out_packets"),
            calls=_count(rec, "calls", where), cycles=_count(rec, "cycles", where),
            sampled_packets=_count(rec, "sampled_packets", where),
            thread=_count(rec, "thread", where))
    tables: list[dict[str, dict[str, int]]] = []
    for key in ("tasks", "queues"):
        t = data.get(key, {})
        if not isinstance(t, dict):
            raise ProfileError(f"{source}: {key} must be an object")
        table: dict[str, dict[str, int]] = {}
        for name, rec in t.items():
            if not isinstance(rec, dict):
                raise ProfileError(f"{source}: {key}.{name}: expected an object")
            table[name] = {k: _count(rec, k, f"{source}: {key}.{name}") for k in rec}
        tables.append(table)
    duration = data.get("duration_ns", 0)
    cpn = data.get("cycles_per_ns", 1.0)
    runs = data.get("runs", 1)
    if not isinstance(duration, int) or duration < 0:
        raise ProfileError(f"{source}: duration_ns: expected nanoseconds")
    if not isinstance(cpn, (int, float)) or cpn <= 0:
        raise ProfileError(f"{source}: cycles_per_ns: expected a positive number")
    if not isinstance(runs, int) or runs < 1:
        raise ProfileError(f"{source}: runs: expected a positive count")
    return Profile(config_file=str(cfg.get("file", "")), fingerprint=cfg["fingerprint"],
                   duration_ns=duration, runs=runs, cycles_per_ns=float(cpn),
                   elements=elements, tasks=tables[0], queues=tables[1], source=source)


def load_profile(path: str | Path) -> Profile:
    """Read and parse a profile file.  Raises ProfileError (unreadable file, bad JSON, see
    :func:`parse_profile`)."""
    p = Path(path)
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except OSError as e:
        raise ProfileError(f"{p}: {e.strerror or e}") from None
    except json.JSONDecodeError as e:
        raise ProfileError(f"{p}:{e.lineno}: not valid JSON: {e.msg}") from None
    return parse_profile(data, str(p))


def merge(profiles: Sequence[Profile]) -> Profile:
    """One profile summing ``profiles`` (counts, cycles and durations add; ``runs`` adds up).
    All must have the same fingerprint (profiles of one configuration); raises ProfileError
    otherwise, or for an empty sequence."""
    if not profiles:
        raise ProfileError("no profile to merge")
    first = profiles[0]
    for p in profiles[1:]:
        if p.fingerprint != first.fingerprint:
            raise ProfileError(f"{p.source}: profile of another configuration than "
                               f"{first.source}; profiles of one configuration only merge")
    elements: dict[str, ElementRecord] = {}
    for p in profiles:
        for name, r in p.elements.items():
            acc = elements.get(name)
            if acc is None:
                elements[name] = ElementRecord(r.class_name, list(r.in_packets),
                                               list(r.out_packets), r.calls, r.cycles,
                                               r.sampled_packets, r.thread)
                continue
            acc.in_packets = _add_lists(acc.in_packets, r.in_packets)
            acc.out_packets = _add_lists(acc.out_packets, r.out_packets)
            acc.calls += r.calls
            acc.cycles += r.cycles
            acc.sampled_packets += r.sampled_packets
    tables: list[dict[str, dict[str, int]]] = [{}, {}]
    for p in profiles:
        for table, src in zip(tables, (p.tasks, p.queues), strict=True):
            for name, rec in src.items():
                acc2 = table.setdefault(name, {})
                for k, v in rec.items():
                    acc2[k] = max(acc2.get(k, 0), v) if k in ("highwater", "thread") \
                        else acc2.get(k, 0) + v
    total_ns = sum(p.duration_ns for p in profiles)
    cpn = (sum(p.cycles_per_ns * p.duration_ns for p in profiles) / total_ns
           if total_ns else first.cycles_per_ns)
    return Profile(config_file=first.config_file, fingerprint=first.fingerprint,
                   duration_ns=total_ns, runs=sum(p.runs for p in profiles),
                   cycles_per_ns=cpn, elements=elements, tasks=tables[0], queues=tables[1],
                   source="+".join(p.source for p in profiles))


def _add_lists(a: list[int], b: list[int]) -> list[int]:
    n = max(len(a), len(b))
    return [(a[i] if i < len(a) else 0) + (b[i] if i < len(b) else 0) for i in range(n)]


@dataclass
class Match:
    """How a profile applies to a graph: ``exact`` (same fingerprint), else the element
    names matched by name and class, and those of the graph without a measurement."""

    exact: bool
    matched: list[str]
    unmatched: list[str]


def match(profile: Profile, graph: RouterGraph, min_fraction: float = 0.5) -> Match:
    """Check ``profile`` against ``graph``.  Same fingerprint: exact.  Otherwise the graph's
    elements are matched by name where the class agrees; when fewer than ``min_fraction`` of
    the profile's elements find such a partner, the profile is rejected (ProfileError: it is
    of another configuration)."""
    names = sorted(e.name for e in graph.elements())
    if profile.fingerprint == fingerprint(graph):
        return Match(True, names, [])
    classes = {e.name: e.class_name for e in graph.elements()}
    matched = [n for n in names if n in profile.elements
               and profile.elements[n].class_name == classes[n]]
    unmatched = [n for n in names if n not in matched]
    total = len(profile.elements)
    if not matched or len(matched) < min_fraction * total:
        raise ProfileError(f"{profile.source}: profile of another configuration "
                           f"({len(matched)} of its {total} elements match this one's by name "
                           "and class); profile this configuration with --profile-generate")
    return Match(False, matched, unmatched)
