"""Record the expected outputs of the TCP element cases from Click's userlevel driver.

usage: python3 tests/tcpelements/record.py [CLICK]   (default /tmp/clickinst/bin/click)

For each case of cases.CASES and each capture, runs
``click configs/NAME.click IN=PCAP OUT=DIR -h H...`` twice in a scratch directory and writes
expected/NAME/STEM.json (command, status, standard output, standard error digest and head,
output file digests) when both runs agree.
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
    elemharness.record_main(cases, "tcpelements", cases.pcap_digest, "/tmp/clickinst/bin/click")
