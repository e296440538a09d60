"""Compile emitted classifier functions into a test program and run them on packets.

The program is built with ``-Wall -Wextra -Werror -std=c11`` and AddressSanitizer/UBSan: every
packet is copied into a buffer of exactly its length, so a read past the packet is an error."""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import tempfile

from clickc.classifier.dag import Decision
from clickc.classifier.emit import emit_c

PORT_CHARS = "0123456789abcdefghijklmnopqrstuvwxyz"

MAIN = r"""
#include <stdio.h>
#include <stdlib.h>
static int readu32(FILE *f, uint32_t *v) {
    unsigned char b[4];
    if (fread(b, 1, 4, f) != 4) return 0;
    *v = (uint32_t) b[0] << 24 | (uint32_t) b[1] << 16 | (uint32_t) b[2] << 8 | b[3];
    return 1;
}
static char pc(int port) { return port < 0 ? '-' : "0123456789abcdefghijklmnopqrstuvwxyz"[port]; }
int main(void) {
    uint32_t flen, nh_off, th_off;
    while (readu32(stdin, &flen) && readu32(stdin, &nh_off) && readu32(stdin, &th_off)) {
        uint8_t *frame = malloc(flen ? flen : 1);
        if (!frame || fread(frame, 1, flen, stdin) != flen) return 2;
        uint8_t *d = malloc(flen ? flen : 1);
        memcpy(d, frame, flen);
        int has_ip = nh_off != 0xFFFFFFFFu && nh_off <= flen;
        uint32_t nlen = has_ip ? flen - nh_off : 0;
        uint8_t *nh = malloc(nlen ? nlen : 1);
        if (has_ip) memcpy(nh, frame + nh_off, nlen);
        (void) nh; (void) d; (void) th_off;
CALLS
        putchar('\n');
        free(frame); free(d); free(nh);
    }
    return 0;
}
"""


def have_cc() -> str | None:
    """The C compiler to use (clang preferred), or None."""
    for cc in ("clang", "gcc"):
        if shutil.which(cc):
            return cc
    return None


def build(decisions: list[Decision], sanitize: bool = True, workdir: str | None = None) -> str:
    """Compile a program running every decision on each input packet; returns its path."""
    cc = have_cc()
    assert cc is not None
    parts = ["#include <stdint.h>\n#include <string.h>\n"]
    calls = []
    for k, d in enumerate(decisions):
        parts.append(emit_c(d, f"classify_{k}"))
        if d.space == "ip":
            calls.append(f"        putchar(has_ip ? pc(classify_{k}(nh, nlen, th_off, frame, flen))"
                         " : '.');")
        else:
            calls.append(f"        putchar(pc(classify_{k}(d, flen)));")
    src = "\n".join(parts) + MAIN.replace("CALLS", "\n".join(calls))
    wd = workdir or tempfile.mkdtemp(prefix="clickc-cls-")
    cpath = os.path.join(wd, "harness.c")
    exe = os.path.join(wd, "harness")
    with open(cpath, "w") as f:
        f.write(src)
    flags = ["-std=c11", "-Wall", "-Wextra", "-Werror", "-O1", "-g"]
    if sanitize:
        flags += ["-fsanitize=address,undefined", "-fno-sanitize-recover=all"]
    subprocess.run([cc, *flags, cpath, "-o", exe], check=True, capture_output=True, text=True)
    return exe


def run(exe: str, packets: list[tuple[bytes, int | None, int]]) -> list[str]:
    """Run the harness; packets are (frame, IP header offset or None, transport offset from the
    IP header).  Returns one string per packet, one character per decision."""
    blob = bytearray()
    for frame, nh_off, th_off in packets:
        blob += struct.pack(">III", len(frame), 0xFFFFFFFF if nh_off is None else nh_off, th_off)
        blob += frame
    p = subprocess.run([exe], input=bytes(blob), capture_output=True, check=True,
                       env={**os.environ, "ASAN_OPTIONS": "detect_leaks=0"})
    lines = p.stdout.decode().split("\n")
    return lines[: len(packets)]
