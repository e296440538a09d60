"""Record the expected outputs of the IP element cases from Click's userlevel driver.

usage: python3 tests/ipelements/record.py [CLICK]   (default /tmp/clickinst/bin/click)

For each case of cases.CASES and each input capture, runs
``click configs/NAME.click IN=PCAP OUT=DIR -h H...`` in a scratch directory and writes
expected/NAME/STEM.json: the command, standard output (handler values), the number, digest
and first lines of standard error (cases.lines_digest) and the digest of every output file
(cases.pcap_digest).  A capture whose outputs differ between two Click runs (time-dependent
output) is reported and not recorded.
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
    elemharness.record_main(cases, "ipelements", cases.pcap_digest, "/tmp/clickinst/bin/click")
