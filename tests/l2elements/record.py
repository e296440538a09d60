"""Record the expected outputs of the l2elements cases from Click's userlevel driver.

usage: python3 tests/l2elements/record.py [CLICK]   (default /tmp/clickinst/bin/click)

For each case and capture runs ``click configs/NAME.click IN=../shared/pcaps/PCAP OUT=DIR
-h H...`` and writes expected/NAME/STEM.json: the command, exit status, standard output
(handler values), the count, digest and first lines of standard error, and the digest of every
output file (cases.digest).  Runs whose outputs differ between two Click runs are skipped.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[1]))
import cases  # noqa: E402

from tests import elemharness  # noqa: E402

if __name__ == "__main__":
    elemharness.record_main(cases, "l2elements", cases.digest, "/tmp/clickinst/bin/click")
