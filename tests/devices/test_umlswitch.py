"""UMLSwitch (issue 19) against a fake uml_switch inside the test: the version-3 control
handshake on the control socket, then frames both ways over the Unix datagram sockets (Click's
elements/userlevel/umlswitch.cc).  Needs no root."""

from __future__ import annotations

import socket
import struct
import threading
from pathlib import Path

import pytest

from tests.libelements.harness import write_pcap

from .test_socket import _compile, _finish, _payloads, _start

pytestmark = pytest.mark.workers  # frames across Unix sockets, one thread, no timing

FRAMES = [bytes([i]) * (60 + i) for i in range(3)]


def test_umlswitch(tmp_path: Path) -> None:
    ctl_path = tmp_path / "uml.ctl"
    ctl = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    ctl.bind(str(ctl_path))
    ctl.listen(1)
    data = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    data_name = b"\0clickc-fake-switch".ljust(108, b"\0")
    data.bind(data_name)
    data.settimeout(30)
    port: dict[str, bytes] = {}

    def switch() -> None:
        c, _ = ctl.accept()
        req = b""
        while len(req) < 124:  # sizeof(struct request_v3) on Linux
            chunk = c.recv(124 - len(req))
            if not chunk:
                return
            req += chunk
        magic, version, kind = struct.unpack("=IIi", req[:12])
        port["request"] = struct.pack("=IIi", magic, version, kind)
        port["addr"] = req[14:14 + 108]  # sockaddr_un: family, then the path
        c.sendall(struct.pack("=H", socket.AF_UNIX) + data_name)
        port["conn"] = c  # type: ignore[assignment]

    t = threading.Thread(target=switch)
    t.start()
    write_pcap(tmp_path / "in.pcap", FRAMES)
    prog = _compile(tmp_path, f"""
        FromDump(in.pcap, STOP false) -> q :: Queue -> u :: UMLSwitch({ctl_path})
          -> c :: Counter -> t :: Tee;
        t[0] -> ToDump(from_switch.pcap);
        t[1] -> q;  // what the switch sends comes back to it
    """)
    p = _start(tmp_path, prog, "c.count")
    try:
        t.join(60)
        assert port["request"] == struct.pack("=IIi", 0xFEEDFACE, 3, 0)
        assert port["addr"][0] == 0  # an abstract address
        got = [data.recv(4096) for _ in FRAMES]
        assert got == FRAMES
        data.sendto(b"frame from the switch", port["addr"])
        assert data.recv(4096) == b"frame from the switch"
    finally:
        out, _ = _finish(p, stop=True)
        data.close()
        ctl.close()
    assert _payloads(tmp_path / "from_switch.pcap") == [b"frame from the switch"]
    assert out.strip() == "1"
