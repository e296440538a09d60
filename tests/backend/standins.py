"""Tiny stand-in element specs and C templates for backend tests only.

They let the backend be tested without depending on the real element library: a source that
makes N packets, an agnostic counter (simple_action style written out), and a sink.  Nothing
here is product code.
"""

from __future__ import annotations

from pathlib import Path

from clickc.elements.cfacts import CFacts, scan
from clickc.elements.spec import Arg, ElementSpec, Handler

SOURCE_C = r"""
static int ELEM(left);
static int ELEM(active);

static int ELEM(init)(ck_errh *errh)
{
    (void)errh;
    ELEM(left) = CONF(LIMIT);
    ck_source_active(+1);
    ELEM(active) = 1;
    return 0;
}

static int ELEM(run_task)(void)
{
    int n = 0;
    while (ELEM(left) > 0 && n < 8) {
        ck_packet *p = ck_packet_alloc(CONF(LENGTH));
        if (!p)
            break;
        memset(p->data, 0, p->len);
        ck_source_count(1);
        OUTPUT(0, p);
        ELEM(left)--;
        n++;
    }
    if (ELEM(left) <= 0 && ELEM(active)) {
        ELEM(active) = 0;
        ck_source_active(-1);
    }
    return n;
}
"""

COUNTER_C = r"""
static uint64_t ELEM(count);

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    ELEM(count)++;
    OUTPUT(0, p);
}

static CK_UNUSED ck_packet *ELEM(pull)(int port)
{
    (void)port;
    ck_packet *p = INPUT_PULL(0);
    if (p)
        ELEM(count)++;
    return p;
}

static int ELEM(read_count)(ck_buf *out)
{
    ck_buf_printf(out, "%llu", (unsigned long long)ELEM(count));
    return 0;
}
"""

SINK_C = r"""
static void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    ck_packet_kill(p);
}
"""

QUEUE_C = r"""
static ck_packet *ELEM(ring)[CONF(CAPACITY)];
static unsigned ELEM(head), ELEM(tail);

static void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    if (ELEM(tail) - ELEM(head) == CONF(CAPACITY)) {
        ck_drop(p, ELEMENT_INDEX, "queue full");
        return;
    }
    ELEM(ring)[ELEM(tail)++ % CONF(CAPACITY)] = p;
}

static ck_packet *ELEM(pull)(int port)
{
    (void)port;
    if (ELEM(head) == ELEM(tail))
        return NULL;
    return ELEM(ring)[ELEM(head)++ % CONF(CAPACITY)];
}
"""

PULLSINK_C = r"""
static uint64_t ELEM(count);

static int ELEM(run_task)(void)
{
    int n = 0;
    ck_packet *p;
    while (n < 4 && (p = INPUT_PULL(0)) != NULL) {
        ELEM(count)++;
        ck_packet_kill(p);
        n++;
    }
    return n;
}

static int ELEM(read_count)(ck_buf *out)
{
    ck_buf_printf(out, "%llu", (unsigned long long)ELEM(count));
    return 0;
}
"""

SPECS = {
    "StandinSource": ElementSpec(
        name="StandinSource", port_count="0/1", processing="/h",
        args=(Arg("LIMIT", "int", positional=True, default=10),
              Arg("LENGTH", "unsigned", default=60),
              Arg("NAME", "filename", default="x.pcap")),
        schedulable="source", c_file="standin/source.c"),
    "StandinCounter": ElementSpec(
        name="StandinCounter", port_count="1/1", processing="a/a",
        handlers=(Handler("count"),), c_file="standin/counter.c"),
    "StandinSink": ElementSpec(
        name="StandinSink", port_count="1/0", processing="h/", c_file="standin/sink.c"),
    "StandinQueue": ElementSpec(
        name="StandinQueue", port_count="1/1", processing="h/l",
        args=(Arg("CAPACITY", "unsigned", positional=True, default=4),),
        c_file="standin/queue.c"),
    "StandinPullSink": ElementSpec(
        name="StandinPullSink", port_count="1/0", processing="l/", schedulable="pull-sink",
        handlers=(Handler("count"),), c_file="standin/pullsink.c"),
}

SOURCES = {"StandinSource": SOURCE_C, "StandinCounter": COUNTER_C, "StandinSink": SINK_C,
           "StandinQueue": QUEUE_C, "StandinPullSink": PULLSINK_C}


class StandinSpecs:
    """A SpecSource over the stand-ins, with C files written under ``root``."""

    def __init__(self, root: Path) -> None:
        self.root = root
        for cls, text in SOURCES.items():
            f = root / (SPECS[cls].c_file or "")
            f.parent.mkdir(parents=True, exist_ok=True)
            f.write_text(text)

    def get(self, class_name: str) -> ElementSpec:
        return SPECS[class_name]

    def c_file(self, class_name: str) -> Path | None:
        return self.root / (SPECS[class_name].c_file or "")

    def c_facts(self, class_name: str) -> CFacts | None:
        path = self.c_file(class_name)
        return scan(path) if path is not None and path.is_file() else None
