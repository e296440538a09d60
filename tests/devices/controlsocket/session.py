"""The ControlSocket session of test_controlsocket.py: commands sent one at a time, and the
transcript of the replies (what record_session prints; usage: python3 session.py PORT)."""

from __future__ import annotations

import socket
import sys
import time

#: (command bytes, whether a 200 reply carries DATA, seconds to wait afterwards)
COMMANDS: list[tuple[bytes, bool, float]] = [
    (b"READ c.count\r\n", True, 0),
    (b"WRITE s.active true\n", False, 0.3),
    (b"READ c.count\n", True, 0),
    (b"READ nosuch.count\n", False, 0),
    (b"READ c.nosuch\n", False, 0),
    (b"READ\n", False, 0),
    (b"WRITE c.count 5\n", False, 0),
    (b"WRITE s.limit abc\n", False, 0),
    (b"WRITE c.reset\n", False, 0),
    (b"READ c.count\n", True, 0),
    (b"CHECKWRITE c.reset\n", False, 0),
    (b"CHECKREAD c.reset\n", False, 0),
    (b"CHECKREAD c.count extra\n", False, 0),
    (b"WRITEDATA s.limit 2\n10", False, 0),
    (b"READ s.limit\n", True, 0),
    (b"READDATA s.limit x\n", False, 0),
    (b"WRITEUNTIL c.reset END\n  12\nEND\n", False, 0),
    (b"READ s.limit\n", True, 0),
    (b"read 2.class\n", True, 0),
    (b"READ 0.s.limit\n", True, 0),
    (b"READ .nosuch\n", False, 0),
    (b"READ cs.port\n", True, 0),
    (b"LLRPC c#12\n", False, 0),
    (b"FOO bar\n", False, 0),
    (b"HELP\n", False, 0),
    (b"QUIT\n", False, 0),
]


def record_session(port: int) -> str:
    """Connect to 127.0.0.1:port, run COMMANDS, return the transcript (one reply per block).
"""
    s = socket.create_connection(("127.0.0.1", port), timeout=10)
    f = s.makefile("rb")
    out = [f.readline().decode()]
    for cmd, data, wait in COMMANDS:
        s.sendall(cmd)
        lines = []
        while True:
            line = f.readline().decode()
            lines.append(line)
            if len(line) < 4 or line[3] == " " or cmd.startswith(b"READDATA s.limit x"):
                break
        if data and lines[-1].startswith("200"):
            d = f.readline().decode()
            lines.append(d)
            lines.append(f.read(int(d.split()[1])).decode() + "\n")
        out.append("> " + cmd.decode().replace("\r", "\\r").replace("\n", "\\n") + "\n")
        out += lines
        time.sleep(wait)
    s.close()
    return "".join(out)


if __name__ == "__main__":
    sys.stdout.write(record_session(int(sys.argv[1])))
