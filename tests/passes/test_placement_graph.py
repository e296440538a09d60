"""``clickc graph -j N``: threads as colours, a legend, inserted elements marked."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from clickc.draw import thread_color, to_dot
from clickc.ir import Element, RouterGraph

CONFIG = """s1 :: InfiniteSource(LIMIT 1) -> c :: Counter -> Discard;
s2 :: InfiniteSource(LIMIT 1) -> c;
"""


def graph_cmd(tmp: Path, *args: str) -> subprocess.CompletedProcess[str]:
    cfg = tmp / "g.click"
    cfg.write_text(CONFIG)
    return subprocess.run([sys.executable, "-m", "clickc", "graph", str(cfg), *args],
                          capture_output=True, text=True, timeout=120)


def test_two_threads_coloured_with_legend(tmp_path: Path) -> None:
    out = tmp_path / "g.dot"
    p = graph_cmd(tmp_path, "-j", "2", "--explain", "-o", str(out))
    assert p.returncode == 0, p.stderr
    dot = out.read_text()
    s1 = next(line for line in dot.splitlines() if line.startswith('  "s1" ['))
    s2 = next(line for line in dot.splitlines() if line.startswith('  "s2" ['))
    c = next(line for line in dot.splitlines() if line.startswith('  "c" ['))
    assert f'bgcolor="{thread_color(0)}"' in s1 and f'bgcolor="{thread_color(1)}"' in s2
    assert f'bgcolor="{thread_color(0)}:{thread_color(1)}"' in c  # both threads run it
    assert "cluster_legend" in dot and ">s1</td>" in dot and ">s2</td>" in dot
    assert "[placement] s1 cost" in p.stderr
    # push ports stay black
    assert 'bgcolor="black"' in s1


def test_one_thread_has_no_colours(tmp_path: Path) -> None:
    out = tmp_path / "g.dot"
    p = graph_cmd(tmp_path, "-o", str(out))
    assert p.returncode == 0, p.stderr
    assert "cluster_legend" not in out.read_text()
    assert thread_color(0) not in out.read_text()


def test_unknown_pass_is_an_error(tmp_path: Path) -> None:
    p = graph_cmd(tmp_path, "--passes=placment", "-o", str(tmp_path / "g.dot"))
    assert p.returncode == 1
    assert "unknown pass 'placment'" in p.stderr and "placement" in p.stderr
    assert "Traceback" not in p.stderr


def test_inserted_elements_are_dashed() -> None:
    g = RouterGraph()
    g.add_element(Element("a", "Idle"))
    q = g.add_element(Element("a@cutq", "Queue"))
    q.facts.inserted_by = "pipeline-cut"
    g.connect("a", 0, "a@cutq", 0)
    dot = to_dot(g)
    line = next(x for x in dot.splitlines() if x.startswith('  "a@cutq" ['))
    assert 'style="dashed"' in line and "inserted by pipeline-cut" in line
    assert 'style="dashed"' not in next(x for x in dot.splitlines() if x.startswith('  "a" ['))
