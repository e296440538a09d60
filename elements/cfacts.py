"""What an element's C file defines, read once from its text (docs/c-interface.md).

The backend needs to know which ``ELEM(...)`` functions a class's C file defines (``init``,
``cleanup``, ``run_task``, ``push``, ``pull``, ``read_<handler>``, ``write_<handler>``), which
configuration arguments it uses as compile-time constants, and a few more facts a pass asks
(whether the file handles ``ELEMENT_NTHREADS`` above 1, reads the timestamp annotation,
tests ``SOURCE_TIMESTAMP``/``SOURCE_COPY``, writes packet data).  :func:`scan` finds them in
the file's text, with the element files it includes; the registry (``clickc.elements.
registry``) scans every class once at load, checks the result against the spec, and keeps it
as the class's :class:`CFacts`.  Nothing else reads element C text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

#: A line that defines ``ELEM(name)`` as a function: no ``;`` or ``=`` before it on the line,
#: an opening parenthesis after it, and a ``{`` (or the end of the line) before any ``;``
#: (declarations and calls end in ``;``).
_ELEM_CALL = re.compile(r"\bELEM\((\w+)\)\s*\(")
_DEFINE_REST = re.compile(r"[^;\n]*(\)\s*)?(\{|$)", re.M)
#: The handler signatures of docs/c-interface.md: ``int ELEM(read_NAME)(ck_buf *out)`` and
#: ``int ELEM(write_NAME)(const char *value, ck_errh *errh)``.
_READ_SIG = re.compile(r"\(\s*ck_buf\s*\*\s*\w+\s*\)")
_WRITE_SIG = re.compile(r"\(\s*const\s+char\s*\*\s*\w+\s*,\s*ck_errh\s*\*\s*\w+\s*\)")
#: A data handler (elements/standard/ckdata.h): a line starting with ``CK_DATA_READ...(NAME,``
#: or ``CK_DATA_WRITE...(NAME,`` defines ``ELEM(read_NAME)`` or ``ELEM(write_NAME)`` with the
#: handler's signature (the header's own lines do not match: its definitions start with
#: ``#define``, its inner macros end in ``_``).
_DATA_HANDLER = re.compile(r"^[ \t]*CK_DATA_(READ|WRITE)(?:_[A-Z]+)*\(\s*(\w+)\s*,", re.M)
_STATIC_CONF_RE = re.compile(r"^(?:static|#\s*(?:if|elif))\b[^;{]*?\bCONF\((\w+)\)", re.M)
_LOCAL_INCLUDE = re.compile(r'^[ \t]*#[ \t]*include[ \t]+"([^"]+\.[ch])"', re.M)
_READ_TS = re.compile(r"\bts_ns\b(?!\s*=[^=])")
#: ``q->ts_ns = p->ts_ns;``: a copy into a new packet (IPFragmenter's fragments, ARPQuerier's
#: queries), which then travels downstream like the original; not a read.
_COPY_TS = re.compile(r"\w+\s*->\s*ts_ns\s*=\s*\w+\s*->\s*ts_ns\s*;")
#: Packet functions that copy a shared buffer before changing it (runtime/packet.c).
_WRITES = re.compile(r"\bck_packet_(?:uniqueify|push|put)\s*\(")

#: Packet functions that make a new packet (a clone or a fresh one): a class that calls them
#: may emit more packets than it receives.
_MAKES = re.compile(r"\bck_packet_(?:clone|alloc|alloc_room|make)\s*\(")

#: The macro a source's C file tests to skip its per-packet clock read (timestamps pass).
TIMESTAMP_MACRO = "SOURCE_TIMESTAMP"
#: The macro a source's C file tests to emit copies instead of clones (source-copy pass).
COPY_MACRO = "SOURCE_COPY"


@dataclass(frozen=True)
class CFacts:
    """The facts :func:`scan` finds in one element C file (with the files it includes).

    functions: the ``ELEM(name)`` functions it defines (``init``, ``push``, ``read_count``...).
    handlers: those of ``functions`` named ``read_X``/``write_X`` that have a handler's
    signature (helpers such as FromDump's ``read_packet(void)`` do not).
    static_confs: arguments used by ``CONF`` in a file-scope ``static`` declaration (an array
    size or initializer) or in ``#if``: compile-time constants, never bound to a run-time
    parameter.  threads_aware: mentions ``ELEMENT_NTHREADS`` (other than through the helpers
    of standard/ckstat.h), i.e. says what it does when several threads execute the instance.
    reads_timestamp: reads the packet's ``ts_ns`` annotation (anywhere but on the left of a
    plain assignment or in a copy into another packet; comments ignored).
    timestamp_macro / copy_macro: tests ``SOURCE_TIMESTAMP`` / ``SOURCE_COPY``.
    writes_data: calls ``ck_packet_uniqueify``, ``ck_packet_push`` or ``ck_packet_put``.
    queue_ring: a queue whose storage is the ring the backend chooses by ``QUEUE_RING``
    (``CK_RING_LOCAL/SPSC/MPSC/MPMC``, docs/c-interface.md).  batch_output: emits batches
    with ``OUTPUT_BATCH`` on output 0 (the batch pass's producers, docs/batching.md).
    makes_packets: calls ``ck_packet_clone``, ``ck_packet_alloc``, ``ck_packet_alloc_room``
    or ``ck_packet_make`` (comments ignored): it may emit more packets than it receives, so
    a batch region holding it keeps Click's order with items (docs/batching.md).
    thread_list: uses ``ELEMENT_THREAD_LIST``, the threads that execute the instance (the
    backend defines it only for such classes; ExactCPUSwitch).
    shares_state: uses ``ELEMENT_STATE_OF(sym)``: a flow-split replica of the class may
    share its first replica's state (the backend defines the macro as that replica's
    ``ELEM(sym)``; docs/c-interface.md "Replicas that share state"; the route tables).
    """

    functions: frozenset[str]
    handlers: frozenset[str]
    static_confs: frozenset[str]
    threads_aware: bool
    reads_timestamp: bool
    timestamp_macro: bool
    copy_macro: bool
    writes_data: bool
    queue_ring: bool = False
    batch_output: bool = False
    makes_packets: bool = False
    thread_list: bool = False
    shares_state: bool = False

    def defines(self, name: str) -> bool:
        """Whether the file defines the function ``ELEM(name)``."""
        return name in self.functions


def template_text(c_file: Path, _seen: frozenset[Path] = frozenset()) -> str:
    """An element C file's text followed by the text of the element files it includes
    (``"name.h"``/``"name.c"`` next to it, or ``"group/name.h"`` one directory up), so that
    functions a shared body defines (ip/iproutetable_body.h; SimpleQueue includes queue.c)
    count as the including file's.  Headers that are not element files (runtime/) are not
    found there and not followed; cycles are cut.  Raises OSError when ``c_file`` cannot be
    read."""
    text = c_file.read_text(encoding="utf-8", errors="replace")
    parts = [text]
    for name in _LOCAL_INCLUDE.findall(text):
        for cand in (c_file.parent / name, c_file.parent.parent / name):
            if cand.is_file() and cand not in _seen and cand != c_file:
                parts.append(template_text(cand, _seen | {c_file}))
                break
    return "\n".join(parts)


def static_confs(text: str) -> frozenset[str]:
    """Arguments a C text needs as compile-time constants (see :class:`CFacts`)."""
    return frozenset(m.group(1) for m in _STATIC_CONF_RE.finditer(text))


def defined_functions(text: str) -> tuple[frozenset[str], frozenset[str]]:
    """``(functions, handlers)``: every ``ELEM(name)`` the C text defines as a function (a line
    holding ``ELEM(name)(`` with no ``;`` or ``=`` before it and a ``{`` or the end of the line
    before any ``;`` after it: declarations and calls end in ``;``), and those among them named
    ``read_X``/``write_X`` with a handler's signature (docs/c-interface.md).  A data handler
    macro of elements/standard/ckdata.h (``CK_DATA_READ(count, ...);`` at the start of a line)
    defines ``read_count`` (``CK_DATA_WRITE...``: ``write_NAME``), a handler."""
    out: set[str] = set()
    handlers: set[str] = set()
    for m in _ELEM_CALL.finditer(text):
        line_start = text.rfind("\n", 0, m.start()) + 1
        prefix = text[line_start:m.start()]
        if ";" in prefix or "=" in prefix or not _DEFINE_REST.match(text, m.end()):
            continue
        name = m.group(1)
        out.add(name)
        sig = _READ_SIG if name.startswith("read_") else (
            _WRITE_SIG if name.startswith("write_") else None)
        if sig is not None and sig.match(text, m.end() - 1):
            handlers.add(name)
    if "CK_DATA_" in text:
        for m in _DATA_HANDLER.finditer(text):
            name = f"{m.group(1).lower()}_{m.group(2)}"
            out.add(name)
            handlers.add(name)
    return frozenset(out), frozenset(handlers)


def _strip_comments(text: str) -> str:
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", " ", text)


@cache
def _ckstat_text() -> str:
    p = Path(__file__).resolve().parent / "standard" / "ckstat.h"
    return p.read_text(encoding="utf-8", errors="replace") if p.is_file() else ""


@cache
def scan(c_file: Path) -> CFacts:
    """The :class:`CFacts` of ``c_file`` (cached per path for the process).  Raises OSError
    when the file cannot be read."""
    text = template_text(c_file)
    helpers = _ckstat_text()
    nthreads_text = text.replace(helpers, "") if helpers and helpers in text else text
    functions, handlers = defined_functions(text)
    # The plain substring tests first: most files mention none of these words.
    ts = "ts_ns" in text
    writes = any(w in text for w in ("ck_packet_uniqueify", "ck_packet_push", "ck_packet_put"))
    makes = any(w in text for w in ("ck_packet_clone", "ck_packet_alloc", "ck_packet_make"))
    bare = _strip_comments(text) if ts or writes or makes else ""
    return CFacts(
        functions=functions,
        handlers=handlers,
        static_confs=static_confs(text) if "CONF(" in text else frozenset(),
        threads_aware="ELEMENT_NTHREADS" in nthreads_text,
        reads_timestamp=ts and _READ_TS.search(_COPY_TS.sub(" ", bare)) is not None,
        timestamp_macro=_word(TIMESTAMP_MACRO, text),
        copy_macro=_word(COPY_MACRO, text),
        writes_data=writes and _WRITES.search(bare) is not None,
        queue_ring=_word("QUEUE_RING", text),
        batch_output=_word("OUTPUT_BATCH", text),
        makes_packets=makes and _MAKES.search(bare) is not None,
        thread_list=_word("ELEMENT_THREAD_LIST", text),
        shares_state=_word("ELEMENT_STATE_OF", text),
    )


def _word(word: str, text: str) -> bool:
    return word in text and re.search(r"\b" + word + r"\b", text) is not None
