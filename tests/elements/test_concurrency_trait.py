"""The typed concurrency trait (``ElementSpec.concurrency``, docs/concurrency.md): the registry
validates it against the state kind and the C file, and the placement pass reads it."""

from __future__ import annotations

import dataclasses
from typing import get_args

import pytest
from clickc.driver import CompileOptions, check, optimize_graph, parse
from clickc.elements import registry
from clickc.elements.cfacts import CFacts
from clickc.elements.spec import (
    CONCURRENCY_POLICIES,
    SAFE_STATES,
    SHARING_POLICIES,
    ConcurrencyPolicy,
    ElementSpec,
)
from clickc.errors import ClickError, ErrorHandler
from clickc.frontend.cmdline import Source


def _spec(state: str = "counters", concurrency: str | None = None,
          note: str = "") -> ElementSpec:
    return ElementSpec("Probe", "1/1", "a/a", state=state,
                       concurrency=concurrency,  # type: ignore[arg-type]
                       concurrency_note=note)


def _facts(threads_aware: bool) -> CFacts:
    return CFacts(functions=frozenset({"push"}), handlers=frozenset(),
                  static_confs=frozenset(), threads_aware=threads_aware,
                  reads_timestamp=False, timestamp_macro=False, copy_macro=False,
                  writes_data=False)


def test_policies_are_the_literal_type() -> None:
    assert tuple(CONCURRENCY_POLICIES) == get_args(ConcurrencyPolicy)
    assert set(SHARING_POLICIES) < set(CONCURRENCY_POLICIES)


def test_bad_policy_is_a_registry_error() -> None:
    with pytest.raises(registry.RegistryError, match="bad concurrency policy 'relaxed'"):
        registry._check_spec(_spec(concurrency="relaxed"), "x.py")


@pytest.mark.parametrize("state", SAFE_STATES)
def test_policy_on_a_state_that_needs_none_is_a_registry_error(state: str) -> None:
    with pytest.raises(registry.RegistryError, match=f"state '{state}' needs no concurrency"):
        registry._check_spec(_spec(state=state, concurrency="atomic"), "x.py")


def test_note_without_policy_is_a_registry_error() -> None:
    with pytest.raises(registry.RegistryError, match="concurrency_note without"):
        registry._check_spec(_spec(note="a lock"), "x.py")


@pytest.mark.parametrize("state", ("counters", "per-flow", "shared"))
@pytest.mark.parametrize("policy", [None, *CONCURRENCY_POLICIES])
def test_policy_and_state_accepted(state: str, policy: str | None) -> None:
    registry._check_spec(_spec(state=state, concurrency=policy), "x.py")


@pytest.mark.parametrize("policy", SHARING_POLICIES)
def test_sharing_policy_needs_a_concurrent_template(policy: str) -> None:
    registry.check_c(_spec(concurrency=policy), _facts(True), "x.c")
    with pytest.raises(registry.RegistryError, match="never tests ELEMENT_NTHREADS"):
        registry.check_c(_spec(concurrency=policy), _facts(False), "x.c")


@pytest.mark.parametrize("policy", [None, "one-thread"])
def test_concurrent_template_needs_a_sharing_policy(policy: str | None) -> None:
    registry.check_c(_spec(concurrency=policy), _facts(False), "x.c")
    with pytest.raises(registry.RegistryError, match="names no concurrency policy"):
        registry.check_c(_spec(concurrency=policy), _facts(True), "x.c")


def test_safe_states_need_no_policy_whatever_the_template() -> None:
    for state in SAFE_STATES:
        for aware in (False, True):
            registry.check_c(_spec(state=state), _facts(aware), "x.c")


def test_shareable_is_what_the_template_said() -> None:
    # The placement pass used to ask the C file (threads_aware); it reads the spec now.  For
    # every class with a C file both answers agree, so placements are unchanged.
    n = 0
    for s in registry.all_specs():
        facts = registry.c_facts(s.name)
        if facts is None:
            continue
        n += 1
        assert s.shareable == (s.state in SAFE_STATES or facts.threads_aware), s.name
    assert n >= 100


SHARED_SWITCH = """s1 :: InfiniteSource(LIMIT 1) -> sw :: StrideSwitch(1, 2);
                   s2 :: InfiniteSource(LIMIT 1) -> sw;
                   sw[0] -> Discard; sw[1] -> Discard;
                   StaticThreadSched(s1 0, s2 1);"""


def _place(monkeypatch: pytest.MonkeyPatch, concurrency: ConcurrencyPolicy | None
           ) -> ErrorHandler:
    monkeypatch.undo()
    real_get = registry.get
    base = real_get("StrideSwitch")
    assert base is not None and base.state == "shared" and base.concurrency is None
    patched = dataclasses.replace(base, concurrency=concurrency)
    monkeypatch.setattr(registry, "get",
                        lambda name: patched if name == "StrideSwitch" else real_get(name))
    errh = ErrorHandler()
    graph = check(parse(Source(text=SHARED_SWITCH, name="t.click"), {}, errh), errh).graph
    optimize_graph(graph, CompileOptions(threads=2, passes=("placement",)), errh, [])
    return errh


def test_placement_reads_the_policy(monkeypatch: pytest.MonkeyPatch) -> None:
    # StrideSwitch's template has no concurrent form; a spec naming a sharing policy is what
    # the placement pass believes (the registry's check of the C file refuses such a spec).
    assert not _place(monkeypatch, "lock").nerrors
    for policy in (None, "one-thread"):
        with pytest.raises(ClickError):
            _place(monkeypatch, policy)
