#!/usr/bin/env python3
"""Record what real Click does with our own Classifier/IPClassifier/IPFilter rule sets.

Run by hand on a machine with Click (CI never runs it); it rewrites click_expected.json, which
tests/classifier/test_click_agreement.py compares against.  Usage:

    python3 tests/classifier/record_classifier_click.py $CLICK_PREFIX/bin/click ../shared/pcaps

It also records Click's messages for our erroneous configurations (click_errors.json).

For every input (one generated capture and several real captures from ../shared/pcaps) it writes
one configuration of ours that feeds each packet through all rule sets in parallel (Tee) and
prints the output each rule set chose (Print labels), runs ``click CONFIG`` and stores one
character per packet and rule set: the output port (0-9, a-z), ``-`` for dropped, ``.`` for
"not an IPv4 frame" (IP rule sets only see Ethernet type 0800 frames).
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import random
import subprocess
import sys
import tempfile
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import dpkt  # noqa: E402
from cls_gen import classifier_ruleset, ether_frame, ip_ruleset  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "click_expected.json")

REAL_PCAPS = [
    "tcpreplay-test.pcap", "ndpi-gnutella.pcap", "libtrace-fragtest.pcap",
    "tcpdump-babel_update_oobr.pcap", "ndpi-fuzz-2006-06-26-2594.pcap",
    "ndpi-ip_fragmented_garbage.pcap", "suricata-decode-too-small.pcap", "tcpdump-afs.pcap",
    "suricata-ipv4frags.pcap", "tcpdump-kday3.pcap", "suricata-icmpv4-ping.pcap",
    "tcpdump-IGMP_V1.pcap", "suricata-detect-ipopts.pcap",
]

GEN_SEED = 20260522
GEN_PACKETS = 3000

# Hand-written rule sets exercising the documented syntax; the generated ones follow.
FIXED_IP = [
    ["tcp dst port 80 or tcp src port 80", "tcp and (syn and not ack)", "udp port 53",
     "udp and dst net 224.0.0.0/4", "icmp type echo or icmp type echo-reply", "ip proto 47",
     "src net 10.0.0.0/8 and ip frag", "ip ttl < 2", "udp", "-"],
    ["src port 80 or 81 or 443", "dst tcp port > 1023 and ack", "dst tcp port 8000 or 8080",
     "icmp type != 8", "ip unfrag and len >= 1000", "ip dscp 0 && ip tos != 0", "-"],
    ["ip hl > 5", "ip id 0", "tcp win < 1024", "tcp opt rst || tcp opt fin",
     "udp[4:2] > 100", "transp[0] & 0x80 != 0", "ip[1] & 3 == 3", "ip ect", "ip ce", "-"],
    ["src host 192.168.1.1 or dst net 10.0.0.0 mask 255.0.0.0", "net 224/4", "host 8.8.8.8",
     "src and dst net 10/8", "src or dst host 10.0.0.2", "ip proto tcpudp", "true"],
    ["(tcp or udp) ? port 53 : icmp", "not (ip vers 4)", "ip ttl > 64 and not tcp",
     "udp && src port < 1024 && dst port >= 1024", "frag", "igmp", "ip proto > 50"],
]
FIXED_FILTER = [
    ["allow src host 192.168.1.1 || dst port 123", "drop udp && len > 1000", "allow udp"],
    ["deny tcp port 139", "1 icmp type timeexceeded", "allow dst net 10/8",
     "2 not ip unfrag", "drop all"],
    ["allow tcp && syn && ! ack", "1 tcp", "deny -"],
]
FIXED_CLASSIFIER = [
    ["12/0806 20/0001", "12/0806 20/0002", "12/0800", "-"],
    ["12/0800 23/06 !34/0050", "12/0800 23/11", "12/08?0 14/4?", "0/ffffffffffff", "-"],
    ["12/0800%fff0 30/0a000000%ff000000", "13/00 !12/81", "40/0000", "61/??", "-"],
]


def generated_rulesets() -> tuple[list[list[str]], list[list[str]]]:
    rng = random.Random(GEN_SEED)
    ips = [ip_ruleset(rng) for _ in range(45)]
    clss = [classifier_ruleset(rng) for _ in range(30)]
    return ips, clss


def generated_frames() -> list[bytes]:
    """The generated capture.  It ends with a 100-byte non-IP frame: Click's FromDump hands out
    packets inside the file's buffer, and MarkIPHeader asserts when IHL*4 passes the end of
    that buffer, which only the last packets of a file can do."""
    rng = random.Random(GEN_SEED + 1)
    frames = [ether_frame(rng, True) if rng.random() < 0.3 else
              b"\x00\x01\x02\x03\x04\x05\x00\x0a\x0b\x0c\x0d\x0e\x08\x00" + _ip(rng)
              for _ in range(GEN_PACKETS - 1)]
    return frames + [b"\xff" * 12 + b"\x99\x99" + bytes(86)]


def _ip(rng: random.Random) -> bytes:
    from cls_gen import ipv4_packet
    return ipv4_packet(rng, True)[0]


def frames_digest(frames: list[bytes]) -> str:
    h = hashlib.sha256()
    for f in frames:
        h.update(len(f).to_bytes(4, "big") + f)
    return h.hexdigest()


def config(pcap: str, classifiers: list[list[str]], ipsets: list[list[str]],
           filters: list[list[str]]) -> str:
    """Our recording configuration (see the module doc)."""
    nc = len(classifiers)
    lines = [f"FromDump({pcap}, STOP true) -> Print(IN, 0) -> t :: Tee({nc + 1});"]
    for k, pats in enumerate(classifiers):
        lines.append(f"t[{k}] -> c{k} :: Classifier({', '.join(pats)});")
        for i in range(len(pats)):
            lines.append(f"c{k}[{i}] -> Print(C{k}P{i}, 0) -> Discard;")
    nip = len(ipsets) + len(filters)
    lines.append(f"t[{nc}] -> e :: Classifier(12/0800, -); e[1] -> Discard;")
    lines.append(f"e[0] -> Strip(14) -> MarkIPHeader -> ti :: Tee({nip});")
    for k, pats in enumerate(ipsets):
        lines.append(f"ti[{k}] -> i{k} :: IPClassifier({', '.join(pats)});")
        for i in range(len(pats)):
            lines.append(f"i{k}[{i}] -> Print(I{k}P{i}, 0) -> Discard;")
    for k, pats in enumerate(filters):
        nout = filter_outputs(pats)
        lines.append(f"ti[{len(ipsets) + k}] -> f{k} :: IPFilter({', '.join(pats)});")
        for i in range(nout):
            lines.append(f"f{k}[{i}] -> Print(F{k}P{i}, 0) -> Discard;")
    return "\n".join(lines) + "\n"


def filter_outputs(pats: list[str]) -> int:
    n = 1
    for p in pats:
        w = p.split()[0]
        if w.isdigit():
            n = max(n, int(w) + 1)
    return n


PORT_CHARS = "0123456789abcdefghijklmnopqrstuvwxyz"


def parse_output(text: str, npackets: int, names: list[str], ip_names: set[str]) -> dict[str, str]:
    """Per rule set name, one character per packet."""
    res = {n: [] for n in names}
    cur: dict[str, str] | None = None
    count = 0

    def flush() -> None:
        if cur is None:
            return
        is_ip = "IP" in cur
        for n in names:
            if n in cur:
                res[n].append(cur[n])
            elif n in ip_names and not is_ip:
                res[n].append(".")
            else:
                res[n].append("-")

    for line in text.splitlines():
        label = line.split(":", 1)[0]
        if label == "IN":
            flush()
            cur = {}
            count += 1
        elif cur is not None and "P" in label and label[0] in "CIF":
            name, _, port = label.partition("P")
            cur[name] = PORT_CHARS[int(port)]
            if name[0] in "IF":
                cur["IP"] = "1"
    flush()
    assert count == npackets, (count, npackets)
    # an IP frame dropped by every IP rule set is indistinguishable from a non-IP frame here;
    # the caller fixes those up from the Ethernet type
    return {n: "".join(v) for n, v in res.items()}


def click_accepts(click: str, kind: str, pats: list[str], nout: int) -> bool:
    """Whether Click configures the element without crashing (Click 2.1 asserts on some
    Classifier patterns with all-zero masks, e.g. ``12/f54082a4 !30/53%00 13/4f``)."""
    cfg = f"Idle -> x :: {kind}({', '.join(pats)});\n" + "".join(
        f"x[{i}] -> Discard;\n" for i in range(nout))
    with tempfile.NamedTemporaryFile("w", suffix=".click", delete=False) as f:
        f.write(cfg)
    p = subprocess.run([click, "-q", f.name], capture_output=True, text=True, timeout=60)
    os.unlink(f.name)
    if p.returncode != 0:
        print(f"skipped (Click fails): {kind}{tuple(pats)}: {p.stderr.strip()[-200:]}",
              file=sys.stderr)
    return p.returncode == 0


def main() -> int:
    click, pcapdir = sys.argv[1], sys.argv[2]
    gen_ip, gen_cls = generated_rulesets()
    gen_cls = [c for c in gen_cls if click_accepts(click, "Classifier", c, len(c))]
    gen_ip = [c for c in gen_ip if click_accepts(click, "IPClassifier", c, len(c))]
    ipsets = FIXED_IP + gen_ip
    clss = FIXED_CLASSIFIER + gen_cls
    filters = FIXED_FILTER
    names = ([f"C{k}" for k in range(len(clss))] + [f"I{k}" for k in range(len(ipsets))]
             + [f"F{k}" for k in range(len(filters))])
    ip_names = {n for n in names if n[0] in "IF"}
    inputs: list[tuple[str, str, list[bytes]]] = []
    tmp = tempfile.mkdtemp()
    frames = generated_frames()
    gpath = os.path.join(tmp, "generated.pcap")
    with open(gpath, "wb") as f:
        w = dpkt.pcap.Writer(f)
        for i, fr in enumerate(frames):
            w.writepkt(fr, ts=1000000 + i * 0.001)
    inputs.append(("generated", gpath, frames))
    for name in REAL_PCAPS:
        path = os.path.join(pcapdir, name)
        with open(path, "rb") as f:
            frs = [bytes(b) for _, b in dpkt.pcap.Reader(f)]
        inputs.append((name, os.path.abspath(path), frs))
    result: dict[str, object] = {
        "command": f"{click} CONFIG (CONFIG from record_classifier_click.config())",
        "generated": {"seed": GEN_SEED, "packets": GEN_PACKETS,
                      "sha256": frames_digest(frames)},
        "classifier": clss, "ipclassifier": ipsets, "ipfilter": filters, "runs": {},
    }
    for name, path, frs in inputs:
        cfg = config(path, clss, ipsets, filters)
        cpath = os.path.join(tmp, "rec.click")
        with open(cpath, "w") as f:
            f.write(cfg)
        p = subprocess.run([click, cpath], capture_output=True, text=True, timeout=600)
        if p.returncode != 0:
            print(p.stderr[-3000:], file=sys.stderr)
            return 1
        out = parse_output(p.stderr + p.stdout, len(frs), names, ip_names)
        for n in ip_names:
            s = list(out[n])
            for j, fr in enumerate(frs):
                is_ip = len(fr) >= 14 and fr[12:14] == b"\x08\x00"
                s[j] = ("-" if s[j] in ".-" else s[j]) if is_ip else "."
            out[n] = "".join(s)
        packed = json.dumps(out, sort_keys=True).encode()
        result["runs"][name] = base64.b64encode(zlib.compress(packed, 9)).decode()  # type: ignore[index]
        print(name, len(frs), "packets", file=sys.stderr)
    with open(OUT, "w") as f:
        json.dump(result, f, indent=1, sort_keys=True)
        f.write("\n")
    return 0


# ---- diagnostics -------------------------------------------------------------------------

ERROR_CASES: list[tuple[str, list[str], int]] = [
    ("Classifier", ["12/08x0", "12/0800 !", "1/abc", "-"], 4),
    ("Classifier", ["12/0800%ff", "x", "12/", "12/0", "3/abcdef%ffffffff"], 5),
    ("Classifier", ["12/0806", "12/0806 20/0001", "12/0800", "-", "12/0800"], 5),
    ("Classifier", ["12/0800"], 2),
    ("IPFilter", ["allow tcp port > 99999", "drop src host", "3 udp", "allow ip ttl < 0",
                  "bogus tcp", "allow \"(tcp\"", "allow echo"], 1),
    ("IPFilter", ["allow tcp opt syn", "allow tcp and", "allow src net 10/8 and",
                  "allow ip[1:5] 3", "allow ip[3:2] 1", "allow ip[", "allow ip[x] 1",
                  "allow 1.2.3.4 > 5"], 1),
    ("IPFilter", ["allow host 10.0.0.1 mask 255.0.0.0", "allow src port", "allow ip ttl",
                  "allow tcp udp", "allow ip proto tcp udp", "allow icmp port 5",
                  "allow port & 0 5", "allow 5", "allow ()", "allow not", "allow tcp ? udp",
                  "allow src src host 1.2.3.4"], 1),
    ("IPFilter", ["allow tcp opt ack > 1", "allow ip vers 20", "allow ip hl & 0x1f 3",
                  "allow src ip ttl 5", "allow ip ce 3", "allow ip frag 1",
                  "allow udp opt syn", "allow ether host 1.2.3.4", "allow ip ect 3",
                  "allow ip tos > 255", "allow ip id >= 65536", "allow tcp win <= 0",
                  "allow src port <= 0", "allow dst port != 70000"], 1),
    ("IPFilter", ["allow src port 80 or 81 or", "allow true false", "allow ip[2:2] & 0xffff0000 3",
                  "allow nosuchname", "allow host nosuch", "allow proto 300", "allow 1 2 3",
                  "allow icmp type echo-reply or 99 or > 200", "deny", "", "allow ip tos 3 ? 4"],
     2),
    ("IPClassifier", ["tcp opt syn", "tcp and", "src net 10/8 and ether host 00:11:22:33:44:55"],
     3),
    ("IPClassifier", ["tcp", "udp", "icmp", "tcp"], 4),
    ("IPClassifier", ["tcp"], 2),
]


def record_errors(click: str) -> list[dict[str, object]]:
    """Click's stderr for each ERROR_CASES configuration (lines after the first, i.e. the
    messages under "While configuring ..."), written to click_errors.json."""
    out = []
    for kind, pats, nout in ERROR_CASES:
        cfg = (f"Idle -> x :: {kind}({', '.join(pats)});\n"
               + "".join(f"x[{i}] -> Discard;\n" for i in range(nout)))
        with tempfile.NamedTemporaryFile("w", suffix=".click", delete=False) as f:
            f.write(cfg)
        p = subprocess.run([click, "-q", f.name], capture_output=True, text=True, timeout=60)
        os.unlink(f.name)
        lines = [ln for ln in p.stderr.splitlines()
                 if ln.startswith("  ")]
        out.append({"kind": kind, "patterns": pats, "noutputs": nout,
                    "status": p.returncode, "messages": [ln[2:] for ln in lines]})
    return out


if __name__ == "__main__":
    rc = main()
    with open(os.path.join(HERE, "click_errors.json"), "w") as f:
        json.dump({"command": f"{sys.argv[1]} -q CONFIG (CONFIG from record_errors())",
                   "cases": record_errors(sys.argv[1])}, f, indent=1)
        f.write("\n")
    sys.exit(rc)
