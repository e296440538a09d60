"""Socket (issue 19) over loopback, inside the test: TCP and UDP, client and server, and Unix
datagrams, each against a Python peer (Click's elements/userlevel/socket.cc).  Checks what
crosses the socket byte for byte, that a pushed packet is never lost silently (the drop
reasons of --stats) and that a peer that goes away does not kill the router (MSG_NOSIGNAL).
Needs no root."""

from __future__ import annotations

import json
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tests.libelements.harness import write_pcap
from tests.pktlib import read_pcap
from tests.testlib import SANITIZE, sanitizer_env

pytestmark = [pytest.mark.workers,  # bytes across loopback sockets, one thread, no timing
              pytest.mark.skipif(shutil.which("clang") is None and shutil.which("gcc") is None,
                                 reason="no C compiler")]

#: Five frames of different lengths and contents.
FRAMES = [bytes([i]) * (20 + 7 * i) for i in range(1, 6)]


def _free_port(kind: int = socket.SOCK_STREAM) -> int:
    with socket.socket(socket.AF_INET, kind) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _compile(tmp: Path, config: str, sanitized: bool = False) -> Path:
    """The router of ``config`` built in ``tmp`` (with ASan and UBSan when ``sanitized``)."""
    cfg = tmp / "r.click"
    cfg.write_text(config)
    prog = tmp / "router"
    p = subprocess.run([sys.executable, "-m", "clickc", "compile", "-O1", "--cflags=-Werror",
                        *(SANITIZE if sanitized else []), "-o", str(prog), str(cfg)],
                       capture_output=True, text=True, timeout=900)
    assert p.returncode == 0, p.stderr[-4000:]
    return prog


def _start(tmp: Path, prog: Path, *handlers: str) -> subprocess.Popen[str]:
    cmd = [str(prog), f"--stats={tmp / 'stats.json'}"]
    for h in handlers:
        cmd += ["-h", h]
    return subprocess.Popen(cmd, cwd=tmp, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=sanitizer_env())


def _finish(p: subprocess.Popen[str], stop: bool) -> tuple[str, str]:
    if stop:
        p.send_signal(signal.SIGTERM)
    out, err = p.communicate(timeout=120)
    assert p.returncode == 0, err
    return out, err


def _drops(tmp: Path, name: str) -> dict[str, int]:
    data = json.loads((tmp / "stats.json").read_text())
    for e in data.get("elements", []):
        if e.get("name") == name:
            return dict(e.get("drop_reasons") or {})
    return {}


def _payloads(path: Path) -> list[bytes]:
    return [d for _, _, d in read_pcap(path)[1]]


def test_tcp_client_sends_and_receives(tmp_path: Path) -> None:
    """A TCP client connects at initialization, writes each input packet's bytes in order,
    pushes what the server answers and lets the router end when the server closes."""
    write_pcap(tmp_path / "in.pcap", FRAMES)
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen(1)
    port = srv.getsockname()[1]
    total = sum(len(f) for f in FRAMES)
    got = bytearray()

    def serve() -> None:
        c, _ = srv.accept()
        with c:
            while len(got) < total:
                d = c.recv(65536)
                if not d:
                    break
                got.extend(d)
            c.sendall(b"hello from the server")

    t = threading.Thread(target=serve)
    t.start()
    prog = _compile(tmp_path, f"FromDump(in.pcap, STOP false) -> s :: Socket(TCP, 127.0.0.1, "
                              f"{port}, CLIENT true, SNAPLEN 8) -> ToDump(out.pcap);")
    p = _start(tmp_path, prog)
    _finish(p, stop=False)  # the server's close ends the router
    t.join(30)
    srv.close()
    assert bytes(got) == b"".join(FRAMES)
    # SNAPLEN 8: the answer arrives in pieces of at most 8 bytes
    out = _payloads(tmp_path / "out.pcap")
    assert b"".join(out) == b"hello from the server"
    assert max(len(d) for d in out) <= 8


def test_tcp_server_echo_and_peer_gone(tmp_path: Path) -> None:
    """A TCP server accepts one connection at a time and echoes through a Counter; after the
    client closes, the next client is served; packets pushed with no connection are counted
    drops ("not connected"), never silent.  Built with ASan and UBSan (the send queue)."""
    port = _free_port()
    prog = _compile(tmp_path, f"s :: Socket(TCP, 127.0.0.1, {port}) -> c :: Counter -> s;",
                    sanitized=True)
    p = _start(tmp_path, prog, "c.count")
    try:
        for _attempt in range(400):
            try:
                cl = socket.create_connection(("127.0.0.1", port), timeout=5)
                break
            except OSError:
                time.sleep(0.05)
        else:
            raise AssertionError("the Socket did not listen")
        with cl:
            cl.sendall(b"ping 1")
            assert cl.recv(100) == b"ping 1"
        # a second client after the first went away; it leaves without reading the echo
        with socket.create_connection(("127.0.0.1", port), timeout=5) as c2:
            c2.sendall(b"ping 2")
            assert c2.recv(100) == b"ping 2"
            c2.sendall(b"x" * 100000)
        with socket.create_connection(("127.0.0.1", port), timeout=5) as c3:
            c3.sendall(b"ping 3")
            assert c3.recv(100) == b"ping 3"
    finally:
        out, err = _finish(p, stop=True)
    assert int(out.strip()) >= 3
    # the router survived the client that left with echoes pending (no SIGPIPE); anything it
    # could not send is a counted drop with a reason
    assert set(_drops(tmp_path, "s")) <= {"send failed", "connection closed", "not connected"}


def test_udp_client_server(tmp_path: Path) -> None:
    """A UDP client sends each packet as a datagram (to its DST_IP annotation with ADDR
    0.0.0.0); a UDP server pushes each datagram and sends its input to the last sender."""
    write_pcap(tmp_path / "in.pcap", FRAMES)
    peer = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    peer.bind(("127.0.0.1", 0))
    peer.settimeout(30)
    pport = peer.getsockname()[1]
    sport = _free_port(socket.SOCK_DGRAM)
    prog = _compile(tmp_path, f"""
        FromDump(in.pcap, STOP false) -> SetIPAddress(127.0.0.1)
          -> Socket(UDP, 0.0.0.0, {pport}, CLIENT true);
        srv :: Socket(UDP, 127.0.0.1, {sport}) -> c :: Counter -> t :: Tee;
        t[0] -> ToDump(srv.pcap);
        t[1] -> srv;
    """, sanitized=True)
    p = _start(tmp_path, prog, "c.count")
    try:
        got = [peer.recvfrom(65536)[0] for _ in FRAMES]
        assert got == FRAMES
        for i in range(3):
            peer.sendto(b"datagram %d" % i, ("127.0.0.1", sport))
        # the server answers its last sender: the echoes come back through t[1]
        assert [peer.recv(100) for _ in range(3)] == [b"datagram %d" % i for i in range(3)]
    finally:
        out, _ = _finish(p, stop=True)
        peer.close()
    assert _payloads(tmp_path / "srv.pcap") == [b"datagram %d" % i for i in range(3)]
    assert out.strip() == "3"


def test_udp_server_answers_last_sender(tmp_path: Path) -> None:
    """A UDP server's input goes to the last peer that sent it a datagram."""
    sport = _free_port(socket.SOCK_DGRAM)
    prog = _compile(tmp_path, f"s :: Socket(UDP, 127.0.0.1, {sport}) -> Strip(1) -> s;")
    p = _start(tmp_path, prog)
    try:
        a = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        a.settimeout(30)
        a.bind(("127.0.0.1", 0))
        answer = b""
        for _ in range(100):  # until the router is up
            a.sendto(b"Xabc", ("127.0.0.1", sport))
            try:
                a.settimeout(0.2)
                answer = a.recv(100)
                break
            except TimeoutError:
                continue
        assert answer == b"abc"
        b = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        b.settimeout(30)
        b.sendto(b"Ydef", ("127.0.0.1", sport))
        assert b.recv(100) == b"def"
        a.close()
        b.close()
    finally:
        _finish(p, stop=True)


def test_unix_dgram_and_refusals(tmp_path: Path) -> None:
    """UNIX_DGRAM client to a Python Unix datagram socket; bad configurations are located
    errors."""
    write_pcap(tmp_path / "in.pcap", FRAMES)
    path = tmp_path / "peer.sock"
    peer = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    peer.bind(str(path))
    peer.settimeout(30)
    prog = _compile(tmp_path, f"FromDump(in.pcap, STOP false) -> Socket(UNIX_DGRAM, {path});")
    p = _start(tmp_path, prog)
    try:
        assert [peer.recv(65536) for _ in FRAMES] == FRAMES
    finally:
        _finish(p, stop=False)
        peer.close()
    for config, message in (
            ("Idle -> Socket(SCTP, 1.2.3.4, 80);", "unknown socket type `SCTP'"),
            ("Idle -> Socket(TCP, 1.2.3.4);", "PORT"),
            ("Idle -> Socket(UNIX, /" + "x" * 120 + ");", "too long"),
            ("r :: RadixIPLookup(0/0 0); Idle -> r -> Discard;"
             " Socket(TCP, 0.0.0.0, 80, ALLOW r) -> Discard;", "ALLOW is not supported")):
        bad = tmp_path / "bad.click"
        bad.write_text(config)
        q = subprocess.run([sys.executable, "-m", "clickc", "check", str(bad)],
                           capture_output=True, text=True, timeout=300)
        assert q.returncode == 1, q.stderr
        assert message in q.stderr
        assert "Traceback" not in q.stderr


def test_fromsocket_tosocket(tmp_path: Path) -> None:
    """FromSocket is a Socket server with a push input (here a Unix stream socket, echoing),
    ToSocket a client pulling its input (here from a Queue, sending UDP datagrams)."""
    write_pcap(tmp_path / "in.pcap", FRAMES)
    peer = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    peer.bind(("127.0.0.1", 0))
    peer.settimeout(30)
    pport = peer.getsockname()[1]
    path = tmp_path / "from.sock"
    prog = _compile(tmp_path, f"""
        FromDump(in.pcap, STOP false) -> Queue -> ToSocket(UDP, 127.0.0.1, {pport});
        fs :: FromSocket(UNIX, {path}) -> c :: Counter -> fs;
    """)
    p = _start(tmp_path, prog, "c.byte_count")
    try:
        assert [peer.recv(65536) for _ in FRAMES] == FRAMES
        for _ in range(400):
            if path.exists():
                break
            time.sleep(0.05)
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as u:
            u.connect(str(path))
            u.sendall(b"over a Unix stream")
            got = b""
            while len(got) < len(b"over a Unix stream"):
                got += u.recv(100)
            assert got == b"over a Unix stream"  # echoed through its push input
    finally:
        out, _ = _finish(p, stop=True)
        peer.close()
    assert out.strip() == str(len(b"over a Unix stream"))
    assert not path.exists()  # the server's socket file is removed at cleanup


def test_tcp_client_connect_refused(tmp_path: Path) -> None:
    """A client that cannot connect fails the router's initialization, as Click's does."""
    port = _free_port()
    prog = _compile(tmp_path, f"Idle -> Socket(TCP, 127.0.0.1, {port});")
    q = subprocess.run([str(prog)], capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert q.returncode != 0
    assert "connect: Connection refused" in q.stderr


def test_mcastsocket_loopback(tmp_path: Path) -> None:
    """McastSocket sends its input to the group and pushes what members send, skipping its own
    looped-back datagrams (SOURCEIP given), over the loopback interface."""
    write_pcap(tmp_path / "in.pcap", FRAMES)
    group, gport = "239.7.7.7", _free_port(socket.SOCK_DGRAM)
    member = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    member.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    member.bind((group, gport))
    member.setsockopt(socket.IPPROTO_IP, socket.IP_ADD_MEMBERSHIP,
                      socket.inet_aton(group) + socket.inet_aton("127.0.0.1"))
    member.settimeout(30)
    prog = _compile(tmp_path, f"""
        FromDump(in.pcap, STOP false) -> m :: McastSocket({group}, {gport}, 127.0.0.1)
          -> c :: Counter -> t :: Tee;
        t[0] -> ToDump(got.pcap);
        t[1] -> m;  // what it hears goes back to the group once
    """)
    p = _start(tmp_path, prog, "c.count")
    try:
        got = [member.recvfrom(65536) for _ in FRAMES]
        assert [d for d, _ in got] == FRAMES
        sender = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        sender.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_IF,
                          socket.inet_aton("127.0.0.1"))
        sender.sendto(b"from another member", (group, gport))
        # the member hears it, then the router's copy of it (its own copy looped back to the
        # router is skipped, or the datagram would circulate)
        assert member.recv(100) == b"from another member"
        assert member.recv(100) == b"from another member"
        sender.close()
    finally:
        out, _ = _finish(p, stop=True)
        member.close()
    # its own datagrams looped back are skipped
    assert _payloads(tmp_path / "got.pcap") == [b"from another member"]
    assert out.strip() == "1"
