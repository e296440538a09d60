"""The write handlers of the issue-19 classes, called from a Script as Click's users do: new
values take effect (the next read shows them) and bad values are refused with Click's wording
(Click's data handlers: "expected integer", "expected uint8_t", "expected Ethernet address";
its reconfigure_keyword_handler: Args messages such as "VLAN_PCP: out of range, bound 7"),
leaving the old value."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.testlib import require_c_compiler

CONFIG = """
define($IN in.pcap, $OUT .);
Idle -> tr :: Truncate(20) -> rs :: Resize(1, 2) -> sab :: SetAnnoByte(PAINT, 3)
     -> ve :: VLANEncap(VLAN_ID 5) -> sva :: SetVLANAnno(VLAN_ID 1)
     -> ev :: EtherVLANEncap(0x0800, 1:2:3:4:5:6, 6:5:4:3:2:1, 100)
     -> st :: StoreEtherAddress(1:1:1:1:1:1, src) -> se :: SetEtherAddress(2:2:2:2:2:2, 0)
     -> ecn :: SetIPECN(ce) -> adj :: AdjustTimestamp(1) -> Discard;
Idle -> [0]is :: InputSwitch -> Discard;
Idle -> [1]is;
Idle -> Queue -> [0]ps :: PullSwitch -> Discard;
Idle -> Queue -> [1]ps;
Script(write tr.nbytes 30, print tr.nbytes, write tr.nbytes x,
       write rs.head -3, write rs.tail 0x10, print rs.head, print rs.tail, write rs.head 1.5,
       write sab.value 200, print sab.value, write sab.value 256,
       write ve.vlan_pcp 6, print ve.vlan_tci, print ve.config, write ve.vlan_pcp 8,
       write ve.vlan_tci ANNO, print ve.vlan_tci, print ve.config, write ve.native_vlan 4096,
       write ve.native_vlan 12, print ve.native_vlan, write ve.ethertype 0x88a8, print ve.ethertype,
       write sva.vlan_id 4095, print sva.vlan_tci, write sva.vlan_id 4096, write sva.vlan_tci ANNO,
       write ev.src 0a:0b:0c:0d:0e:0f, print ev.src, write ev.dst nonsense, print ev.dst,
       write ev.vlan_tci 0x2064, print ev.vlan_tci, print ev.vlan_pcp, write ev.ethertype 65536,
       write st.addr 3:3:3:3:3:3, print st.addr, write se.addr x, print se.addr,
       write ecn.ecn ect1, print ecn.ecn, write ecn.ecn 4, print ecn.ecn,
       write adj.time -2.5, print adj.time, write adj.time soon,
       write is.switch 1, print is.switch, write is.switch 7, print is.switch, write is.switch x,
       write ps.switch 1, print ps.switch, print ps.config, write ps.switch 5, print ps.switch,
       write ps.switch y, stop);
"""

EXPECTED_OUT = """30
-3
16
200
49157
VLAN_ID 5, VLAN_PCP 6
ANNO
ANNO
12
34984
4095
0A-0B-0C-0D-0E-0F
06-05-04-03-02-01
8292

03-03-03-03-03-03
02-02-02-02-02-02
ect1
ect1
-1.500000s
1
-1
1
1
-1
"""

EXPECTED_ERRORS = [
    "expected integer",
    "expected integer",
    "expected uint8_t",
    "VLAN_PCP: out of range, bound 7",
    "NATIVE_VLAN: out of range, bound 4095",
    "VLAN_ID: out of range, bound 4095",
    "VLAN_TCI: invalid number",
    "expected Ethernet address",
    "expected uint16_t",
    "expected Ethernet address",
    "bad ECN argument",
    "expected time in seconds",
    "InputSwitch input must be integer",
    "syntax error",
]


def test_write_handlers(tmp_path: Path) -> None:
    """Values written are read back; bad ones are refused with Click's messages, in order."""
    require_c_compiler()
    cfg = tmp_path / "h.click"
    cfg.write_text(CONFIG)
    p = subprocess.run([sys.executable, "-m", "clickc", "run", str(cfg)], capture_output=True,
                       text=True, timeout=900, cwd=tmp_path)
    assert p.returncode == 0, p.stderr
    # ev.vlan_pcp prints an empty line: VLAN_PCP was not given (Click's read_keyword_handler)
    assert p.stdout == EXPECTED_OUT, p.stdout
    errors = [line.strip() for line in p.stderr.splitlines() if line.startswith("    ")]
    assert errors == EXPECTED_ERRORS, p.stderr
