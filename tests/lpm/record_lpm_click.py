"""Record what real Click does for a route-table command script (tests/lpm/golden/*.cmds).

Not run by the test suite (CI has no Click).  For each script it writes NAME.expected in the
output format of tests/lpm/rt_harness.c, by turning the script into a Click configuration
(``rt :: CLASS(CONFIG)`` and a Script element issuing the handler calls) and converting Click's
output back.  The expected files in golden/ were produced by:

    python3 tests/lpm/record_lpm_click.py --click $CLICK_PREFIX/bin/click tests/lpm/golden/*.cmds

(which runs ``stdbuf -o0 -e0 CLICK FILE.click`` per script).  Multi-line ``ctrl`` values cannot be
passed through Script, so scripts use single-line ``ctrl`` commands only.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile

READS = {"table", "lookup"}


def to_click(lines: list[str]) -> str:
    """The Click configuration for a command script."""
    cls, nout, config = "", 1, ""
    stmts: list[str] = []
    for line in lines:
        cmd, _, arg = line.partition(" ")
        if cmd == "class":
            cls, n = arg.split()
            nout = int(n)
        elif cmd == "config":
            config = arg
        else:
            stmts.append(f'print "@@ {line}"')
            if cmd in ("add", "set", "remove", "ctrl", "flush"):
                stmts.append(f"write rt.{cmd} {arg}".rstrip())
            elif cmd == "table":
                stmts.append("read rt.table")
            elif cmd == "lookup":
                stmts.append(f"read rt.lookup {arg}")
            else:
                raise ValueError(f"command {cmd!r} cannot be recorded")
    out = [f"rt :: {cls}({config});", "Idle -> rt;"]
    out += [f"rt[{i}] -> Discard;" for i in range(nout)]
    out.append("Script(" + ",\n  ".join(stmts + ["stop"]) + ");")
    return "\n".join(out) + "\n"


def convert(lines: list[str], output: str) -> str:
    """Click's merged output -> the harness's output."""
    sections: list[tuple[str, list[str]]] = []
    head = [ln for ln in lines if ln.split(" ")[0] in ("class", "config")]
    pre: list[str] = []
    cur: list[str] | None = None
    cur_cmd = ""
    for raw in output.split("\n"):
        if raw.startswith("@@ "):
            cur_cmd = raw[3:]
            cur = []
            sections.append((cur_cmd, cur))
            continue
        target = pre if cur is None else cur
        stripped = raw.strip()
        if "While configuring" in raw or "While executing" in raw or "While calling" in raw:
            continue
        if stripped == "Router could not be initialized!":
            continue
        if raw.startswith("  ") and (cur is None or cur_cmd.split(" ")[0] not in READS):
            if stripped.startswith("warning: "):
                target.append(stripped)
            else:
                target.append("error: " + stripped)
            continue
        target.append(raw)
    out: list[str] = []
    for h in head:
        out.append(f"@@ {h}")
        if h.startswith("config"):
            out += [p for p in pre if p]
    for cmd, body in sections:
        out.append(f"@@ {cmd}")
        name = cmd.split(" ")[0]
        errors = [b.strip() for b in body if b.startswith("    ")]
        if name in READS and errors:  # a read handler's error replaces its value
            out += ["error: " + e for e in errors]
        elif name in READS:
            # "rt.HANDLER:" then the value then a newline
            if body and body[0].startswith("rt."):
                body = body[1:]
            text = "\n".join(body)
            if name == "table":
                text = text[:-1] if text.endswith("\n") else text
            out.append(text.rstrip("\n") if name == "lookup" else text)
        else:
            out += [b for b in body if b]
    text = "\n".join(out)
    return "\n".join(x for x in text.split("\n") if x != "") + "\n"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--click", required=True)
    ap.add_argument("scripts", nargs="+")
    args = ap.parse_args()
    for path in args.scripts:
        with open(path) as f:
            lines = [ln.rstrip("\n") for ln in f if ln.strip() and not ln.startswith("#")]
        conf = to_click(lines)
        with tempfile.NamedTemporaryFile("w", suffix=".click", delete=False) as tf:
            tf.write(conf)
        try:
            res = subprocess.run(["stdbuf", "-o0", "-e0", args.click, tf.name],
                                 capture_output=False, stdout=subprocess.PIPE,
                                 stderr=subprocess.STDOUT, text=True, timeout=60)
        finally:
            os.unlink(tf.name)
        exp = convert(lines, res.stdout.replace(tf.name, "FILE"))
        with open(path[: -len(".cmds")] + ".expected", "w") as f:
            f.write(exp)
        print(f"{path}: {len(exp.splitlines())} lines", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
