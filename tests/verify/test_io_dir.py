"""The files of one verification (compiler/commands/verify.py ``_io_dir``): two
verifications of the same program take turns on one folder, and neither fails while the
other holds it (tests ran `clickc verify` on two workers and one ended in an internal error,
FileExistsError, when its folder was made again in the other's turn)."""

from __future__ import annotations

import threading
from contextlib import ExitStack
from pathlib import Path

from clickc.commands.verify import _io_dir
from clickc.driver import CompileOptions


def test_same_program_folder_shared_in_turns(tmp_path: Path) -> None:
    errors: list[BaseException] = []
    holders = [0]
    lock = threading.Lock()

    def verify_many() -> None:
        try:
            for _ in range(200):
                with ExitStack() as locks:
                    d = _io_dir(tmp_path, "router.click", "plain", CompileOptions(), locks)
                    with lock:
                        holders[0] += 1
                        assert holders[0] == 1, "two verifications hold one folder"
                    assert d.is_dir() and not any(d.iterdir())
                    (d / "input.pcap").write_bytes(b"")
                    with lock:
                        holders[0] -= 1
        except BaseException as e:  # noqa: BLE001 - reported by the test below
            errors.append(e)

    threads = [threading.Thread(target=verify_many) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
