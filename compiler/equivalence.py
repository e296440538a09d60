"""What two runs of a router wrote, compared as a router engineer reads them (``clickc verify``).

The plain program (``-O0 -j 1``) and an optimized plan ran on the same capture; each wrote its
sinks (one packet list per sink, "port") and its ``--stats`` JSON (docs/runtime.md: per element
packets in and out by port, drops by reason).  :func:`compare` finds:

- per port, the packets missing from the plan and the extra ones (multisets of the captured
  bytes: timestamps are not compared), with the drops that explain a loss ("all dropped at q1
  :: Queue: queue full (pulled on thread 1)") and the element and port where the counts first
  differ, walking from the sources;
- per port, the flows (:func:`clickc.pcapfile.flow_key`: the 5-tuple) whose packets come out
  in another order;
- per port, where the plan keeps global order (:attr:`PlanInfo.global_order`), the first
  position where the sequences differ;
- per element, counters that must agree: packets in and out by port and drops by reason,
  replicas summed into their original; elements the passes inserted or changed the class of
  are not compared.
- the read handlers asked for (``--handler``), as text.

docs/verify.md says what "equivalent" means for each pass.  Everything here is pure: the
caller runs the programs (compiler/commands/verify.py).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from .pcapfile import FlowKey, describe_flow, flow_key


@dataclass
class Port:
    """One sink's output: ``label`` (the parameter that named its file, e.g. ``OUT1``, or the
    element's name), the sink element, the capture's link type and the frames in order."""

    label: str
    element: str
    linktype: int
    frames: list[bytes]


@dataclass
class Run:
    """One program's run: its ports by label, its ``--stats`` document, and the values of the
    read handlers asked for (name -> text)."""

    ports: dict[str, Port]
    stats: dict[str, Any]
    handlers: dict[str, str] = field(default_factory=dict)


@dataclass
class PlanInfo:
    """What the compiler decided, for the words of a report.

    order: the plain program's element names from the sources downstream (breadth first), the
    order in which "first differs" is looked for.  upstream: sink element -> the elements from
    which packets reach it in the plain program.  replicas: original -> the plan's replicas
    (flow-split).  skip: plan elements not compared (inserted by a pass).  pullers: Queue ->
    the threads whose tasks pull it in the plan.  global_order: the plan keeps the order of all
    packets (it runs on one thread); why_not: the reason when it does not ("the hash split at
    sw keeps per-flow order only").  timing: elements whose drops follow another thread's
    timing in the plan (a RED whose queue another thread pulls) -> the reason in words; their
    drops, and the packets they take from the ports and counters downstream, are notes when
    they account for the difference exactly (:func:`timing_allowance`).
    """

    order: list[str]
    upstream: dict[str, set[str]]
    replicas: dict[str, list[str]] = field(default_factory=dict)
    skip: set[str] = field(default_factory=set)
    pullers: dict[str, list[int]] = field(default_factory=dict)
    global_order: bool = True
    why_not: str = ""
    timing: dict[str, str] = field(default_factory=dict)


@dataclass
class Finding:
    """One difference: where (``port`` label, or "" for an element's counters) and what, in
    words."""

    port: str
    text: str


@dataclass
class Report:
    """The differences found, and notes that are not differences (e.g. global order changed
    where the plan promises only per-flow order)."""

    findings: list[Finding] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    packets: int = 0
    #: Packets written by one run and not the other because of timing drops (notes).
    timed: int = 0

    @property
    def equivalent(self) -> bool:
        return not self.findings


def n(x: int) -> str:
    """A count with thousands separators (``8,727``)."""
    return f"{x:,}"


def _plural(x: int, word: str) -> str:
    return f"{n(x)} {word}{'' if x == 1 else 's'}"


# -- counters ---------------------------------------------------------------------------------

@dataclass
class Counts:
    """An element's counters from ``--stats``: packets in and out by port, drops by reason,
    the class and the threads it ran on."""

    cls: str
    ins: list[int]
    outs: list[int]
    drops: Counter[str]
    threads: set[int]


def element_counts(stats: dict[str, Any]) -> dict[str, Counts]:
    """The ``elements`` of a ``--stats`` document by name (docs/runtime.md "--stats JSON")."""
    out: dict[str, Counts] = {}
    for e in stats.get("elements", []):
        out[str(e["name"])] = Counts(
            str(e.get("class", "")), [int(x) for x in e.get("in", [])],
            [int(x) for x in e.get("out", [])],
            Counter({str(k): int(v) for k, v in (e.get("drop_reasons") or {}).items()}),
            {int(e.get("thread", 0))})
    return out


def _add(a: list[int], b: list[int]) -> list[int]:
    size = max(len(a), len(b))
    return [(a[i] if i < len(a) else 0) + (b[i] if i < len(b) else 0) for i in range(size)]


def plan_counts(stats: dict[str, Any], info: PlanInfo) -> dict[str, Counts]:
    """The plan's counters by the plain program's names: replicas summed into their
    original, inserted elements left out."""
    raw = element_counts(stats)
    out = {k: v for k, v in raw.items() if k not in info.skip}
    for orig, reps in info.replicas.items():
        parts = [raw[r] for r in reps if r in raw]
        if not parts:
            continue
        total = Counts(parts[0].cls, [], [], Counter(), set())
        for p in parts:
            total.ins, total.outs = _add(total.ins, p.ins), _add(total.outs, p.outs)
            total.drops += p.drops
            total.threads |= p.threads
        out[orig] = total
        for r in reps:
            out.pop(r, None)
    return out


def _first_difference(plain: dict[str, Counts], plan: dict[str, Counts], names: list[str],
                      within: set[str] | None) -> str | None:
    """Words for the first element (in ``names`` order, among ``within``) whose packets in
    or out differ, or None."""
    for name in names:
        if within is not None and name not in within:
            continue
        a, b = plain.get(name), plan.get(name)
        if a is None or b is None or a.cls != b.cls:
            continue
        for side, xs, ys in (("input", a.ins, b.ins), ("output", a.outs, b.outs)):
            if len(xs) != len(ys):
                continue
            for port, (x, y) in enumerate(zip(xs, ys, strict=True)):
                if x != y:
                    return (f"{name} :: {a.cls} {side} {port}: {_plural(y, 'packet')} in the "
                            f"plan, {n(x)} in the plain program")
    return None


def _extra_drops(plain: dict[str, Counts], plan: dict[str, Counts], raw_plan: dict[str, Counts],
                 info: PlanInfo, within: set[str] | None) -> list[tuple[int, str]]:
    """(count, words) of the drops the plan made beyond the plain program's, largest first:
    by element (replicas summed into their original) and reason, with a Queue's pulling
    threads; elements the plan inserted count in full."""
    out: list[tuple[int, str]] = []
    candidates = [(name, b, False) for name, b in sorted(plan.items())
                  if within is None or name in within]
    candidates += [(name, raw_plan[name], True) for name in sorted(info.skip) if name in raw_plan]
    for name, b, inserted in candidates:
        a = None if inserted else plain.get(name)
        base = a.drops if a is not None else Counter[str]()
        for reason, count in sorted(b.drops.items()):
            extra = count - base.get(reason, 0)
            if extra <= 0:
                continue
            where = f"{name} :: {b.cls}"
            if name in info.pullers:
                threads = info.pullers[name]
                where += (f" (pulled on thread{'s' if len(threads) > 1 else ''} "
                          f"{', '.join(map(str, threads))})")
            out.append((extra, f"{where}{' (inserted by the plan)' if inserted else ''}: "
                               f"{reason}"))
    return sorted(out, key=lambda t: -t[0])


@dataclass
class Timing:
    """The drops of the timing elements (:attr:`PlanInfo.timing`) that account exactly for
    differences.  delta: element -> the packets the plan dropped there beyond the plain
    program (negative: fewer).  port: port label -> the net packets those drops take from it.
    region: the elements downstream of them (whose packet counts may differ by at most
    ``bound``, the sum of the deltas' sizes, when their drops agree)."""

    delta: dict[str, int] = field(default_factory=dict)
    port: dict[str, int] = field(default_factory=dict)
    region: set[str] = field(default_factory=set)
    bound: int = 0


def _conserves(c: Counts) -> bool:
    """Packets in = packets out + counted drops."""
    return sum(c.ins) == sum(c.outs) + sum(c.drops.values())


def timing_allowance(plain: dict[str, Counts], plan: dict[str, Counts], info: PlanInfo,
                     ports: dict[str, Port]) -> Timing:
    """The timing elements' drops that may explain differences (docs/verify.md, "Drops that
    follow another thread's timing").  An element of :attr:`PlanInfo.timing` whose drops
    differ counts only when the difference is all in its decision: the same packets in,
    output 0 short (or long) by exactly the drops' difference, its other outputs equal, in =
    out + drops in both runs, and its packets reach at most one port (plain: ``ports`` by
    label, ``info.upstream``); any other difference there stays a difference."""
    t = Timing()
    for name in sorted(info.timing):
        a, b = plain.get(name), plan.get(name)
        if a is None or b is None or a.cls != b.cls:
            continue
        d = sum(b.drops.values()) - sum(a.drops.values())
        if (d == 0 or a.ins != b.ins or len(a.outs) != len(b.outs) or not a.outs
                or a.outs[1:] != b.outs[1:] or b.outs[0] - a.outs[0] != -d
                or not _conserves(a) or not _conserves(b)):
            continue
        reach = [label for label, p in sorted(ports.items())
                 if name in info.upstream.get(p.element, set())]
        if len(reach) > 1:
            continue
        t.delta[name] = d
        t.bound += abs(d)
        for label in reach:
            t.port[label] = t.port.get(label, 0) + d
        t.region |= {x for x, up in info.upstream.items() if name in up and x != name}
    return t


def _timing_words(t: Timing, plan: dict[str, Counts], info: PlanInfo,
                  within: set[str] | None) -> str:
    return "; ".join(f"{n(abs(d))} {'more' if d > 0 else 'fewer'} at {name} :: "
                     f"{plan[name].cls} ({info.timing[name]})"
                     for name, d in sorted(t.delta.items())
                     if within is None or name in within)


def _explain_missing(missing: int, drops: list[tuple[int, str]]) -> str:
    if not drops:
        return "no drop in the plan accounts for them"
    total = sum(c for c, _ in drops)
    if len(drops) == 1 and drops[0][0] == missing:
        return f"all dropped at {drops[0][1]}"
    parts = "; ".join(f"{n(c)} at {w}" for c, w in drops)
    if total >= missing:
        return f"dropped: {parts}"
    return f"dropped: {parts}; {n(missing - total)} not accounted for by a drop"


# -- ports ------------------------------------------------------------------------------------

def _flows(port: Port, frames: list[bytes]) -> dict[FlowKey, list[bytes]]:
    out: dict[FlowKey, list[bytes]] = {}
    for f in frames:
        out.setdefault(flow_key(port.linktype, f), []).append(f)
    return out


def _without(frames: list[bytes], remove: Counter[bytes]) -> list[bytes]:
    """``frames`` in order, with the last occurrences of ``remove``'s frames left out."""
    left = Counter(remove)
    kept: list[bytes] = []
    for f in reversed(frames):
        if left[f] > 0:
            left[f] -= 1
        else:
            kept.append(f)
    kept.reverse()
    return kept


def _first_mismatch(a: list[bytes], b: list[bytes]) -> int:
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            return i
    return min(len(a), len(b))


#: Fields of an Ethernet + IPv4 frame by byte offset (for the words of a content difference).
_FIELDS_IP4 = [(0, "Ethernet destination"), (6, "Ethernet source"), (12, "ethertype"),
               (14, "IP version/header length"), (15, "IP TOS"), (16, "IP total length"),
               (18, "IP ID"), (20, "IP fragment offset"), (22, "IP TTL"), (23, "IP protocol"),
               (24, "IP checksum"), (26, "IP source"), (30, "IP destination")]
_FIELDS_L4 = {6: [(0, "TCP source port"), (2, "TCP destination port"), (4, "TCP sequence"),
                  (8, "TCP acknowledgment"), (12, "TCP flags"), (16, "TCP checksum")],
              17: [(0, "UDP source port"), (2, "UDP destination port"), (4, "UDP length"),
                   (6, "UDP checksum")],
              50: [(0, "ESP SPI"), (4, "ESP sequence number")]}


def field_at(linktype: int, frame: bytes, offset: int) -> str:
    """The header field of an Ethernet/IPv4 frame at byte ``offset`` ("IP TTL", "ESP sequence
    number"), or "payload"; "" for other link types and non-IPv4 frames."""
    if linktype != 1 or len(frame) < 34 or frame[12:14] != b"\x08\x00" or frame[14] >> 4 != 4:
        return ""
    hl = (frame[14] & 0xF) * 4
    if offset < 14 + hl:
        return [name for start, name in _FIELDS_IP4 if start <= offset][-1] if offset < 34 \
            else "IP options"
    fields = [name for start, name in _FIELDS_L4.get(frame[23], [])
              if start <= offset - 14 - hl]
    return fields[-1] if fields and offset - 14 - hl < 20 else "payload"


def without_ip_id(linktype: int, frame: bytes) -> bytes:
    """``frame`` with its outer IPv4 header's ID and checksum zeroed (an Ethernet frame or an
    IP link type); other frames unchanged."""
    off = 14 if linktype == 1 else 0 if linktype in (12, 14, 101, 228) else -1
    if off == 14 and frame[12:14] != b"\x08\x00":
        return frame
    if off < 0 or len(frame) < off + 20 or frame[off] >> 4 != 4:
        return frame
    return (frame[:off + 4] + b"\0\0" + frame[off + 6:off + 10] + b"\0\0"
            + frame[off + 12:])


def _content_difference(a: Port, missing: Counter[bytes], b: Port,
                        extra: Counter[bytes]) -> str:
    """Words for the first packet whose contents differ: its position in the plain program's
    output and the first differing byte (and field) against the plan's packet at the same
    place among the differing ones."""
    ma = [i for i, f in enumerate(a.frames) if f in missing]
    mb = [i for i, f in enumerate(b.frames) if f in extra]
    if not ma or not mb:
        return ""
    key = flow_key(a.linktype, a.frames[ma[0]])
    mb = [i for i in mb if flow_key(b.linktype, b.frames[i]) == key] or mb
    x, y = a.frames[ma[0]], b.frames[mb[0]]
    off = _first_byte(x, y)
    name = field_at(a.linktype, x, off)
    return (f"the first is the plain program's packet {n(ma[0] + 1)} (flow "
            f"{describe_flow(key)}), which differs from the plan's packet {n(mb[0] + 1)} from "
            f"byte {off}{f' ({name})' if name else ''}")


def _first_byte(x: bytes, y: bytes) -> int:
    for i, (p, q) in enumerate(zip(x, y, strict=False)):
        if p != q:
            return i
    return min(len(x), len(y))


def compare_port(label: str, a: Port, b: Port, info: PlanInfo, report: Report,
                 explain: tuple[dict[str, Counts], dict[str, Counts], dict[str, Counts]],
                 timing: Timing | None = None) -> None:
    """Compare one port of the plain run (``a``) with the plan's (``b``); add findings to
    ``report``.  explain: (plain counters, plan counters by plain names, plan counters as
    run), for the words.  timing: the timing drops (:func:`timing_allowance`): when the
    packets the plan lacks (or has more) on this port are exactly the net count of those that
    reach it, the loss is a note; contents that differ beyond it stay a difference."""
    plain_c, plan_c, raw_c = explain
    where = f"port {label}"
    if not info.global_order:
        raw_differ = sum((Counter(a.frames) - Counter(b.frames)).values())
        a = Port(a.label, a.element, a.linktype, [without_ip_id(a.linktype, f) for f in a.frames])
        b = Port(b.label, b.element, b.linktype, [without_ip_id(b.linktype, f) for f in b.frames])
        masked_differ = sum((Counter(a.frames) - Counter(b.frames)).values())
        if raw_differ > masked_differ:
            report.notes.append(
                f"{where}: {_plural(raw_differ - masked_differ, 'packet')} differ only in the "
                f"IP ID: expected, IDs are given in arrival order across flows and "
                f"{info.why_not}")
    ca, cb = Counter(a.frames), Counter(b.frames)
    missing, extra = ca - cb, cb - ca
    nmiss, nextra = sum(missing.values()), sum(extra.values())
    within = info.upstream.get(a.element)
    allowed = timing.port.get(label, 0) if timing is not None else 0
    if allowed and nmiss - nextra == allowed:
        assert timing is not None
        lost, gained = max(allowed, 0), max(-allowed, 0)
        report.timed += lost + gained
        what = (f"{_plural(lost, 'packet')} missing ({n(len(b.frames))} of {n(len(a.frames))} "
                "written)" if lost else
                f"{_plural(gained, 'packet')} the plain program dropped written "
                f"({n(len(b.frames))} for {n(len(a.frames))})")
        report.notes.append(
            f"{where}: {what}, by drops that follow the threads' timing: "
            f"{_timing_words(timing, plan_c, info, within)}; expected, not a difference")
        if nmiss - lost:
            report.findings.append(Finding(label, (
                f"{where}: {_plural(nmiss - lost, 'packet')} written with other contents "
                "(beside the timing drops); " + _content_difference(a, missing, b, extra))))
        nmiss = nextra = 0
    changed = min(nmiss, nextra) if nmiss == nextra else 0
    if changed:
        report.findings.append(Finding(label, (
            f"{where}: {_plural(changed, 'packet')} written with other contents "
            f"(as many as the plain program wrote: {n(len(a.frames))}); "
            + _content_difference(a, missing, b, extra))))
    if nmiss and not changed:
        why = _explain_missing(nmiss, _extra_drops(plain_c, plan_c, raw_c, info, within))
        report.findings.append(Finding(label, f"{where}: {_plural(nmiss, 'packet')} missing "
                                              f"({n(len(b.frames))} of {n(len(a.frames))} "
                                              f"written), {why}"))
    if nextra and not changed:
        report.findings.append(Finding(label, f"{where}: {_plural(nextra, 'packet')} the plain "
                                              "program did not write"))
    if nmiss or nextra:
        first = _first_difference(plain_c, plan_c, info.order, within)
        if first:
            report.findings.append(Finding(label, f"{where}: first differs at {first}"))
    # order, on the packets both wrote
    sa, sb = _without(a.frames, missing), _without(b.frames, extra)
    fa, fb = _flows(a, sa), _flows(b, sb)
    bad = [k for k in fa if fa[k] != fb.get(k)]
    if bad:
        k = bad[0]
        i = _first_mismatch(fa[k], fb[k])
        more = f" (and {_plural(len(bad) - 1, 'other flow')})" if len(bad) > 1 else ""
        report.findings.append(Finding(label, (
            f"{where}: flow {describe_flow(k)} out of order: its packet {n(i + 1)} of "
            f"{n(len(fa[k]))} is not the plain program's{more}")))
    elif sa != sb:
        i = _first_mismatch(sa, sb)
        text = (f"{where}: global order differs from packet {n(i + 1)} of {n(len(sa))} "
                "(per-flow order kept)")
        if info.global_order:
            report.findings.append(Finding(label, text))
        else:
            report.notes.append(f"{text}: expected, {info.why_not}")


def compare(plain: Run, plan: Run, info: PlanInfo) -> Report:
    """Every difference between the plain run and the plan's (see the module docstring)."""
    report = Report()
    plain_c = element_counts(plain.stats)
    raw_c = element_counts(plan.stats)
    plan_c = plan_counts(plan.stats, info)
    explain = (plain_c, plan_c, raw_c)
    timing = timing_allowance(plain_c, plan_c, info, plain.ports)
    for label in sorted(plain.ports):
        a = plain.ports[label]
        b = plan.ports.get(label, Port(label, a.element, a.linktype, []))
        report.packets += len(a.frames)
        compare_port(label, a, b, info, report, explain, timing)
    ported = {p.element for p in plain.ports.values()}
    for name in info.order:
        ea, eb = plain_c.get(name), plan_c.get(name)
        if ea is None or eb is None or ea.cls != eb.cls or name in ported:
            continue
        diffs = []
        if ea.ins != eb.ins and len(ea.ins) == len(eb.ins):
            diffs.append(f"packets in {_ports(eb.ins)}, plain {_ports(ea.ins)}")
        if ea.outs != eb.outs and len(ea.outs) == len(eb.outs):
            diffs.append(f"packets out {_ports(eb.outs)}, plain {_ports(ea.outs)}")
        if ea.drops != eb.drops:
            diffs.append(f"drops {_reasons(eb.drops)}, plain {_reasons(ea.drops)}")
        if not diffs:
            continue
        text = f"{name} :: {ea.cls}: " + "; ".join(diffs)
        if name in timing.delta:
            report.notes.append(f"{text}: timing, {info.timing[name]}; expected, not a "
                                "difference")
        elif name in timing.region and _within_bound(ea, eb, timing.bound):
            report.notes.append(f"{text}: follows from the timing drops upstream")
        else:
            report.findings.append(Finding("", text))
    for h in sorted(plain.handlers):
        if plain.handlers[h] != plan.handlers.get(h):
            report.findings.append(Finding("", (
                f"handler {h}: {plan.handlers.get(h, '(none)')!r} in the plan, "
                f"{plain.handlers[h]!r} in the plain program")))
    return report


def _within_bound(a: Counts, b: Counts, bound: int) -> bool:
    """Whether ``b`` differs from ``a`` only in packets in and out, by at most ``bound``
    packets in and ``bound`` per output out (the same drops and ports)."""
    return (a.drops == b.drops and len(a.ins) == len(b.ins) and len(a.outs) == len(b.outs)
            and abs(sum(b.ins) - sum(a.ins)) <= bound
            and abs(sum(b.outs) - sum(a.outs)) <= bound * max(1, len(a.outs)))


def _ports(xs: list[int]) -> str:
    return "[" + ", ".join(n(x) for x in xs) + "]"


def _reasons(c: Counter[str]) -> str:
    return ", ".join(f"{n(v)} {k}" for k, v in sorted(c.items())) or "none"
