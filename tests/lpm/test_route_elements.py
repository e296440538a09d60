"""The route lookup elements compiled by clickc (backend + element templates + runtime/lpm.c):
configuration messages and `table` handler output agree with real Click.

Expected texts were recorded from Click with the commands given next to them (configurations
written for these tests).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(not (shutil.which("clang") or shutil.which("gcc")),
                                reason="no C compiler")

TABLES = """\
Idle -> s :: StaticIPLookup(18.26.4.24/32 0, 18.26.4.255/32 0, 18.26.4/24 1, 0/0 18.26.4.1 1)
  -> Discard; s[1] -> Discard;
Idle -> l :: LinearIPLookup(1.0.0.0/8 0, 0.0.0.0/32 1, 2/8 1) -> Discard; l[1] -> Discard;
Idle -> d :: DirectIPLookup(0/0 1.1.1.1 0, 10/8 1.1.1.1 0, 11/8 2.2.2.2 1, 10.1.2.3/32 1)
  -> Discard; d[1] -> Discard;
Idle -> r :: RadixIPLookup(10/8 1, 10/8 0, 10.128/9 1, 10.1.2.0/25 0) -> Discard; r[1] -> Discard;
Script(stop);
"""

# click tables.click -h s.table -h l.table -h d.table -h r.table 2>/dev/null
TABLES_EXPECTED = """\
s.table:
18.26.4.24/32\t\t-\t\t0
18.26.4.255/32\t\t-\t\t0
18.26.4.0/24\t\t-\t\t1
0.0.0.0/0\t\t18.26.4.1\t1

l.table:
1.0.0.0/8\t\t-\t\t0
0.0.0.0/32\t\t-\t\t1
2.0.0.0/8\t\t-\t\t1

d.table:
0.0.0.0/0\t\t1.1.1.1\t\t0
11.0.0.0/8\t\t2.2.2.2\t\t1
10.0.0.0/8\t\t1.1.1.1\t\t0
10.1.2.3/32\t\t-\t\t1

r.table:
10.0.0.0/8\t\t-\t\t1
10.128.0.0/9\t\t-\t\t1
10.1.2.0/25\t\t-\t\t0

"""

ERRORS = """\
Idle -> rt :: LinearIPLookup(1.2.3.4/33 1, 1.2.3.0/24 2, 1.2.3.0/24 1, foo 1, 4.0.0.0/8 1,
                             4.0.0.0/8 0) -> Discard; rt[1] -> Discard;
"""

# click errors.click  (stderr; exit status 1)
ERRORS_EXPECTED = """\
errors.click:1: While configuring 'rt :: LinearIPLookup':
  argument 1 should be 'ADDR/MASK [GATEWAY] OUTPUT'
  argument 2 bad OUTPUT
  argument 4 should be 'ADDR/MASK [GATEWAY] OUTPUT'
  warning: 1 route replaced by later versions
Router could not be initialized!
"""


def test_tables_match_click(tmp_path: Path) -> None:
    conf = tmp_path / "tables.click"
    conf.write_text(TABLES)
    prog = tmp_path / "router"
    r = subprocess.run([sys.executable, "-m", "clickc", "-O0", str(conf), "-o", str(prog),
                        "--cflags=-fsanitize=address,undefined"],
                       cwd=REPO, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    run = subprocess.run([str(prog), "-h", "s.table", "-h", "l.table", "-h", "d.table",
                          "-h", "r.table"], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout == TABLES_EXPECTED


def test_configure_errors_match_click(tmp_path: Path) -> None:
    conf = tmp_path / "errors.click"
    conf.write_text(ERRORS)
    r = subprocess.run([sys.executable, "-m", "clickc", "check", "errors.click"],
                       cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert r.returncode == 1
    assert r.stderr == ERRORS_EXPECTED


# ---------------------------------------------------------------------------------------------
# The packet path of each template (tests/lpm/element_push.c instantiates it by hand)

PUSH_ROUTES = "0/0 10.0.0.1 2, 10/8 0, 10.1/16 10.0.0.254 1, 10.1.2.0/25 2, " \
              "10.1.2.3/32 1.2.3.4 0, 10/8 1, 192.168/16 1"  # the array in element_push.c


SANITIZE = ["-fsanitize=address,undefined", "-fno-sanitize-recover=all"]
CFLAGS = ["-std=c11", "-D_GNU_SOURCE", "-Wall", "-Wextra", "-Werror", "-O1", "-g", *SANITIZE,
          f"-I{REPO / 'runtime'}", f"-I{REPO / 'elements'}"]


@pytest.fixture(scope="module")
def runtime_objects(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """The runtime compiled once with the sanitizers."""
    if not shutil.which("clang"):
        pytest.skip("clang needed for the sanitizer build")
    out = tmp_path_factory.mktemp("rt-objs")
    objs = []
    for src in sorted((REPO / "runtime").glob("*.c")):
        obj = out / (src.stem + ".o")
        subprocess.run(["clang", *CFLAGS, "-c", str(src), "-o", str(obj)], check=True)
        objs.append(str(obj))
    return objs


@pytest.mark.parametrize("cls", ["static", "linear", "radix", "direct"])
@pytest.mark.parametrize("default", [True, False])
def test_push_path(tmp_path: Path, runtime_objects: list[str], cls: str, default: bool) -> None:
    import random

    from clickc.frontend.confparse import cp_argvec
    from clickc.routes import parse_route_config, unparse_ip

    args = cp_argvec(PUSH_ROUTES)
    table, _ = parse_route_config(args if default else args[1:], 3)
    exe = tmp_path / "push"
    subprocess.run(["clang", *CFLAGS, f'-DCLASS_FILE="ip/{cls}iplookup.c"',
                    *([] if default else ["-DNO_DEFAULT"]),
                    str(REPO / "tests" / "lpm" / "element_push.c"), *runtime_objects,
                    "-lpcap", "-lm", "-lpthread", "-o", str(exe)], check=True)
    rng = random.Random(5)
    addrs = [0x0A010203, 0x0A010204, 0x0A0102C8, 0x0AC80001, 0xC0A80101, 0x08080808, 0]
    addrs += [rng.getrandbits(32) for _ in range(200)]
    addrs += [0x0A010200 | rng.randrange(256) for _ in range(100)]
    r = subprocess.run([str(exe)], input="".join(unparse_ip(a) + "\n" for a in addrs),
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    drops = 0
    for a, line in zip(addrs, lines, strict=False):
        best = table.lookup(a)
        if best is None:
            drops += 1
            assert line == "drop"
        else:
            assert line == f"{best.port} {unparse_ip(best.gw or a)}", unparse_ip(a)
    assert lines[len(addrs)] == f"drops {drops} outstanding 0"
    complaint = {"static": "LinearIPLookup", "linear": "LinearIPLookup",
                 "radix": "IPRouteTable", "direct": None}[cls]
    chatter = [ln for ln in r.stderr.splitlines() if "no route for" in ln]
    if complaint is None or drops == 0:
        assert chatter == []
    else:  # Click prints the first five
        assert len(chatter) == min(5, drops)
        assert chatter[0].startswith(f"{complaint}: no route for ")


ADDRESSINFO = """\
AddressInfo(net 10.0.0.0/8, gwa 1.2.3.4, both 192.168.1.1/24);
Idle -> rt :: RadixIPLookup(net 0, gwa/16 1, 0/0 gwa 1, both 0, both:net 1, net:bcast 0)
  -> Discard; rt[1] -> Discard;
Script(stop);
"""

# click addressinfo.click -h rt.table
ADDRESSINFO_TABLE = """\
10.0.0.0/8\t\t-\t\t0
1.2.0.0/16\t\t-\t\t1
0.0.0.0/0\t\t1.2.3.4\t\t1
192.168.1.1/32\t\t-\t\t0
192.168.1.0/24\t\t-\t\t1
10.255.255.255/32\t-\t\t0
"""


def test_addressinfo_names_in_routes(tmp_path: Path) -> None:
    from clickc.driver import check_file
    from clickc.errors import ErrorHandler

    conf = tmp_path / "addressinfo.click"
    conf.write_text(ADDRESSINFO)
    errh = ErrorHandler()
    g = check_file(str(conf), {}, errh)
    assert g is not None and errh.diagnostics == []
    table = g.element("rt").args["ROUTES"]  # type: ignore[index]
    assert "".join(r.unparse(tabs=True) + "\n" for r in table.routes) == ADDRESSINFO_TABLE
    assert "static const unsigned char ELEM(routes)[]" in g.element("rt").facts.c_code
