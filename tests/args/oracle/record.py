"""Record Click's answers for tests/args/oracle/cases.txt into tests/args/click_values.tsv.

    tests/args/oracle/build.sh $CLICK_SRC /tmp/argoracle
    python tests/args/oracle/record.py /tmp/argoracle > tests/args/click_values.tsv

Each output line is ``TYPE<TAB>TEXT<TAB>RESULT`` (TEXT and RESULT escaped as in cases.txt;
RESULT lines joined by an escaped newline).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent
LEXING = ("argvec", "spacevec", "unquote", "uncomment")


def main() -> None:
    oracle = sys.argv[1] if len(sys.argv) > 1 else str(HERE / "oracle")
    cases = [line.split("\t", 1) for line in (HERE / "cases.txt").read_text().splitlines()
             if line and not line.startswith("#")]
    inp = "".join(f"{t}\t{x}\n" for t, x in cases).encode("utf-8", "surrogateescape")
    out = subprocess.run([oracle], input=inp, capture_output=True, check=True).stdout
    lines = out.decode("utf-8", "surrogateescape").split("\n")
    i = 0
    print("# Click's answers for tests/args/oracle/cases.txt (TYPE, TEXT, RESULT), recorded by")
    print("#   tests/args/oracle/build.sh $CLICK_SRC /tmp/argoracle")
    print("#   python tests/args/oracle/record.py /tmp/argoracle > tests/args/click_values.tsv")
    for t, x in cases:
        if t in LEXING:
            result = [lines[i]]
            i += 1
        else:
            result = []
            while lines[i] != "END":
                result.append(lines[i])
                i += 1
            i += 1
        res = "\\n".join(r.replace("\\", "\\\\").replace("\t", "\\t") for r in result)
        print(f"{t}\t{x}\t{res}")


if __name__ == "__main__":
    main()
