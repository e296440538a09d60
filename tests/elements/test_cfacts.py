"""The registry's check of each spec against its C file (clickc.elements.cfacts, registry)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from clickc.elements import cfacts, registry

SPEC = '''from clickc.elements.spec import ElementSpec, Handler

SPEC = ElementSpec(
    name='Probe',
    port_count='{ports}',
    processing='{processing}',
    handlers=({handlers}),
    schedulable={schedulable},
    doc='A test element.',
)
'''

PUSH_C = '''static void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    OUTPUT(0, p);
}
'''

READ_COUNT_C = '''
static int ELEM(read_count)(ck_buf *out)
{
    ck_buf_printf(out, "0");
    return 0;
}
'''


@pytest.fixture
def element_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An extra element directory on CLICKC_ELEMENT_PATH; the registry is reloaded before and
    after the test."""
    d = tmp_path / "elems"
    (d / "local").mkdir(parents=True)
    monkeypatch.setenv(registry.PATH_VARIABLE, str(d))
    registry._load.cache_clear()
    registry.c_facts.cache_clear()
    yield d
    monkeypatch.delenv(registry.PATH_VARIABLE)
    registry._load.cache_clear()
    registry.c_facts.cache_clear()


def _write(d: Path, c: str, handlers: str = "", schedulable: str = "None",
           ports: str = "1/1", processing: str = "h/h") -> None:
    (d / "local" / "probe.py").write_text(SPEC.format(
        handlers=handlers, schedulable=schedulable, ports=ports, processing=processing))
    (d / "local" / "probe.c").write_text(c)


def test_every_builtin_spec_agrees_with_its_c_file() -> None:
    assert registry.check_all() >= 100


def test_matching_spec_and_c_file(element_dir: Path) -> None:
    _write(element_dir, PUSH_C + READ_COUNT_C, handlers="Handler('count'),")
    facts = registry.c_facts("Probe")
    assert facts is not None
    assert facts.functions == {"push", "read_count"}
    assert facts.handlers == {"read_count"}
    assert registry.get("Probe") is not None
    assert registry.c_file("Probe") == element_dir / "local" / "probe.c"


def test_declared_handler_missing_from_c(element_dir: Path) -> None:
    _write(element_dir, PUSH_C, handlers="Handler('count'),")
    with pytest.raises(registry.RegistryError, match=r"handler 'count'.*ELEM\(read_count\)"):
        registry.c_facts("Probe")


def test_write_side_missing_from_c(element_dir: Path) -> None:
    _write(element_dir, PUSH_C + READ_COUNT_C, handlers="Handler('count', write=True),")
    with pytest.raises(registry.RegistryError, match=r"ELEM\(write_count\)"):
        registry.c_facts("Probe")


def test_undeclared_handler_in_c(element_dir: Path) -> None:
    _write(element_dir, PUSH_C + READ_COUNT_C)
    with pytest.raises(registry.RegistryError, match=r"ELEM\(read_count\) the spec does not"):
        registry.check_all()


def test_source_without_run_task(element_dir: Path) -> None:
    _write(element_dir, "static int ELEM(init)(ck_errh *errh) { (void)errh; return 0; }\n",
           schedulable="'source'", ports="0/1", processing="a/h")
    with pytest.raises(registry.RegistryError, match=r"no ELEM\(run_task\)"):
        registry.c_facts("Probe")


def test_run_task_without_schedulable(element_dir: Path) -> None:
    _write(element_dir, PUSH_C + "static int ELEM(run_task)(void) { return 0; }\n")
    with pytest.raises(registry.RegistryError, match=r"not schedulable"):
        registry.c_facts("Probe")


def test_c_missing_and_helpers_are_declared_facts(element_dir: Path) -> None:
    helper = READ_COUNT_C.replace("read_count", "read_count_unlocked")
    _write(element_dir, PUSH_C + helper,
           handlers="Handler('count', c_missing=('read',)),")
    (element_dir / "local" / "probe.py").write_text(
        (element_dir / "local" / "probe.py").read_text().replace(
            "    doc=", "    c_helpers=('read_count_unlocked',),\n    doc="))
    assert registry.check_all() >= 100


def test_handler_signature_tells_helpers_apart() -> None:
    text = ("static ck_packet *ELEM(read_packet)(void)\n{\n    return 0;\n}\n"
            "static int ELEM(read_count)(ck_buf *out)\n{\n    return 0;\n}\n"
            "static int\nELEM(write_reset)(const char *value, ck_errh *errh)\n{\n}\n"
            "static int ELEM(write_prob)(const char *v, int drop, ck_errh *errh) {\n}\n"
            "static int ELEM(read_later)(ck_buf *out);\n"
            "    x = ELEM(read_count)(out);\n")
    functions, handlers = cfacts.defined_functions(text)
    assert functions == {"read_packet", "read_count", "write_reset", "write_prob"}
    assert handlers == {"read_count", "write_reset"}


def test_data_handler_macros_define_handlers() -> None:
    """A CK_DATA_READ.../CK_DATA_WRITE... line (elements/standard/ckdata.h) defines its handler
    function; the header's own definitions do not."""
    text = ('#define CK_DATA_READ(name, value) CK_DATA_READ_WITH_(name, ck_data_unparse, value)\n'
            '    CK_DATA_WRITE_UINT_(CK_DATA_SET, (void)0, name, var, max, msg)\n'
            'CK_DATA_READ(count, ELEM(count));\n'
            'CK_DATA_READ_BOOL(active, CK_STAT_LOAD(ELEM(active)));\n'
            'CK_DATA_WRITE_INT_THEN(limit, ELEM(limit), INT32_MIN, INT32_MAX, "syntax error",\n'
            '                       ELEM(update_live)());\n')
    functions, handlers = cfacts.defined_functions(text)
    assert functions == handlers == {"read_count", "read_active", "write_limit"}
