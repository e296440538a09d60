"""KernelFilter and ChangeUID (issue 19).  KernelFilter runs Click's iptables commands: a DROP
rule per device at initialization, deleted at cleanup in reverse order (an IPTABLES_COMMAND
script inside the test records them; without iptables the initialization fails with Click's
message).  ChangeUID really drops a set-uid router's privilege before FromDump opens its file
(the router runs with real user nobody and effective user root; needs root)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.libelements.harness import write_pcap

from .test_socket import _compile

pytestmark = pytest.mark.workers  # commands and files checked, one thread, no timing


def test_kernelfilter_commands(tmp_path: Path) -> None:
    log = tmp_path / "log"
    script = tmp_path / "fake-iptables"
    script.write_text(f'#!/bin/sh\necho "$@" >> {log}\n')
    script.chmod(0o755)
    prog = _compile(tmp_path, f"""
        KernelFilter(drop dev eth9, drop dev eth:0, IPTABLES_COMMAND {script});
        InfiniteSource(LIMIT 1, STOP true) -> Discard;
    """)
    p = subprocess.run([str(prog)], capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert p.returncode == 0, p.stderr
    # eth:0 reaches the shell quoted ('eth:0'), as Click's shell_quote writes it
    assert log.read_text().splitlines() == [
        "-A INPUT -i eth9 -j DROP", "-A INPUT -i eth:0 -j DROP",
        "-D INPUT -i eth:0 -j DROP", "-D INPUT -i eth9 -j DROP"]
    # output on standard output is an error (Click's shell_command_output_string check)
    noisy = tmp_path / "noisy"
    noisy.write_text("#!/bin/sh\necho refused\n")
    noisy.chmod(0o755)
    (tmp_path / "n").mkdir()
    prog2 = _compile(tmp_path / "n", f"KernelFilter(drop dev eth9, IPTABLES_COMMAND {noisy});")
    q = subprocess.run([str(prog2)], capture_output=True, text=True, timeout=60)
    assert q.returncode != 0
    assert f"{noisy} -A INPUT -i eth9 -j DROP: refused" in q.stderr


@pytest.mark.skipif(shutil.which("iptables") is not None
                    or Path("/sbin/iptables").exists() or Path("/usr/sbin/iptables").exists(),
                    reason="iptables is installed")
def test_kernelfilter_without_iptables(tmp_path: Path) -> None:
    prog = _compile(tmp_path, "KernelFilter(drop dev eth9);")
    q = subprocess.run([str(prog)], capture_output=True, text=True, timeout=60)
    assert q.returncode != 0
    assert "no 'iptables' executable found" in q.stderr


def test_kernelfilter_bad_spec(tmp_path: Path) -> None:
    bad = tmp_path / "bad.click"
    bad.write_text("KernelFilter(accept dev eth0);")
    q = subprocess.run([sys.executable, "-m", "clickc", "check", str(bad)],
                       capture_output=True, text=True, timeout=300)
    assert q.returncode == 1
    assert "arguments must follow 'drop dev DEVNAME'" in q.stderr


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to run with real user nobody")
def test_changeuid_drops_privilege(tmp_path: Path) -> None:
    tmp_path.chmod(0o755)
    secret = tmp_path / "secret.pcap"
    write_pcap(secret, [bytes(60)])
    secret.chmod(0o600)
    prog = _compile(tmp_path, f"ChangeUID(); FromDump({secret}, STOP true) -> Discard;")
    prog.chmod(0o755)
    # real root: ChangeUID keeps root, the file opens
    ok = subprocess.run([str(prog)], capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert ok.returncode == 0, ok.stderr

    def setuid_like() -> None:  # real user nobody, effective root: a set-uid-root program
        os.setresgid(65534, 0, 0)
        os.setresuid(65534, 0, 0)

    q = subprocess.run([str(prog)], capture_output=True, text=True, timeout=60, cwd=tmp_path,
                       preexec_fn=setuid_like)
    assert q.returncode != 0
    assert "Permission denied" in q.stderr
    # the same router without ChangeUID keeps the effective root and reads the file
    (tmp_path / "k").mkdir(mode=0o755)
    prog2 = _compile(tmp_path / "k", f"FromDump({secret}, STOP true) -> Discard;")
    prog2.chmod(0o755)
    r = subprocess.run([str(prog2)], capture_output=True, text=True, timeout=60, cwd=tmp_path,
                       preexec_fn=setuid_like)
    assert r.returncode == 0, r.stderr
