"""The per-element parts of the generated router, written in Python for router.c.j2.

A large router's C is almost all per-element text: the forward declarations, the packet
counters, each instance's section (its output and pull-input switches, the macros binding its
class's C file to it, the ``#include`` and the ``#undef`` lines) and its rows of
``ck_elements`` and ``ck_handlers``.  Rendered by Jinja2 they cost about 260 template pieces
and 190 attribute lookups an element, a third of ``--emit c`` on 660,000 elements
(docs/reliability.md "Large configurations"); these functions build the same text with
f-strings, one string per element, and router.c.j2 calls them (``{% for s in ... %}{{ s }}``)
where the loops were.  The text is the template's byte for byte: tests/backend/test_golden.py
compares it with the goldens.
"""

from __future__ import annotations

from collections.abc import Iterator

from clickc.cformat import c_comment, c_string

from .model import ElementModel, RouterModel


def _thread_section(thread: int) -> str:
    return ("#ifdef __clang__\n"
            f'#pragma clang section bss=".bss.ck_thread{thread}" '
            f'data=".data.ck_thread{thread}"\n'
            "#endif\n")


def forward_declarations(r: RouterModel) -> Iterator[str]:
    """Per element: the prototypes of the push and pull functions connections call."""
    for e in r.elements:
        if e.defines_push and e.defines_pull:
            yield (f"static void e{e.index}_push(int port, ck_packet *p);\n"
                   f"static ck_packet *e{e.index}_pull(int port);\n")
        elif e.defines_push:
            yield f"static void e{e.index}_push(int port, ck_packet *p);\n"
        elif e.defines_pull:
            yield f"static ck_packet *e{e.index}_pull(int port);\n"


def counter_declarations(r: RouterModel) -> Iterator[str]:
    """Per element: its own packet count arrays (``--stats``) and the note of an alias."""
    plan = r.counters
    threads = r.nthreads > 1
    align = r.counter_align
    for e in r.elements:
        i = e.index
        has_in = bool(e.inputs) and i in plan.declare_in
        has_out = bool(e.outputs) and i in plan.declare_out
        note = plan.alias_notes.get(i)
        if not (has_in or has_out or note is not None):
            continue
        out = []
        if threads and (has_in or has_out):
            out.append(_thread_section(e.thread))
        if has_in:
            out.append(f"static {align}uint64_t e{i}__in_packets[{len(e.inputs)}];\n")
        if has_out:
            out.append(f"static {align}uint64_t e{i}__out_packets[{len(e.outputs)}];\n")
        if note is not None:
            out.append(f"/* {note} */\n")
        yield "".join(out)


def element_sections(r: RouterModel) -> Iterator[str]:
    """Per element: its section (:func:`element_section`)."""
    for e in r.elements:
        yield element_section(r, e)


def element_section(r: RouterModel, e: ElementModel) -> str:
    """One instance's section: its switches, its macros, its class's C file, the undefs."""
    i = e.index
    profile = bool(r.profile)
    out = [f"\n/* ==== {e.comment} ==== */\n"]
    if r.nthreads > 1:
        out.append(_thread_section(e.thread))
    pushes = [o for o in e.outputs if o.push]
    if pushes:
        out.append(f"static inline CK_UNUSED void e{i}__output(int port, ck_packet *p)\n"
                   "{\n    switch (port) {\n")
        for o in pushes:
            if not o.target:
                continue
            t0, t1 = o.target
            out.append(f"    case {o.port}:\n")
            for c in r.counters.on_push(i, o.port):
                if c.atomic:
                    out.append(f"        /* several threads run {c_comment(e.name)} or "
                               f"{c_comment(r.elements[t0].name)} */\n")
                out.append(f"        {c.add()};\n")
            if o.call:
                out.append(f"        {o.call}\n")
            elif profile:
                out.append("        {\n"
                           "            ck_prof_frame f = ck_prof_enter();\n"
                           f"            e{t0}_push({t1}, p);\n"
                           f"            ck_prof_leave({t0}, f, 1);\n"
                           "        }\n")
            else:
                out.append(f"        e{t0}_push({t1}, p);\n")
            out.append("        return;\n")
        out.append("    default:\n"
                   f'        ck_drop(p, {i}, "unconnected output");\n'
                   "        return;\n    }\n}\n")
    pulls = [p for p in e.inputs if not p.push]
    if pulls:
        out.append(f"static inline CK_UNUSED ck_packet *e{i}__input_pull(int port)\n"
                   "{\n    ck_packet *p = NULL;\n    switch (port) {\n")
        for p in pulls:
            if not p.source:
                continue
            s0, s1 = p.source
            out.append(f"    case {p.port}:\n")
            if profile:
                out.append("        {\n"
                           "            ck_prof_frame f = ck_prof_enter();\n"
                           f"            p = e{s0}_pull({s1});\n"
                           f"            ck_prof_leave({s0}, f, p ? 1 : 0);\n"
                           "        }\n")
            else:
                out.append(f"        p = e{s0}_pull({s1});\n")
            out.append("        if (p) {\n")
            for c in r.counters.on_pull(i, p.port):
                out.append(f"            {c.add()};\n")
            out.append("        }\n        break;\n")
        out.append("    default:\n        break;\n    }\n    return p;\n}\n")
    out.append(f"#define ELEM(sym) e{i}_##sym\n"
               f"#define ELEMENT_NAME {e.name_c}\n"
               f"#define ELEMENT_LANDMARK {e.landmark_c}\n"
               f"#define ELEMENT_INDEX {i}\n"
               f"#define ELEMENT_THREAD {e.thread}\n"
               f"#define ELEMENT_NTHREADS {e.element_nthreads}\n")
    if e.thread_list:
        out.append(f"#define ELEMENT_THREAD_LIST {e.thread_list}\n")
    if e.state_of is not None:
        out.append(f"/* a replica that shares e{e.state_of}'s state (docs/c-interface.md "
                   '"Replicas that share state") */\n'
                   f"#define ELEMENT_STATE_OF(sym) e{e.state_of}_##sym\n")
    out.append(f"#define NINPUTS {len(e.inputs)}\n"
               f"#define NOUTPUTS {len(e.outputs)}\n"
               f"#define INPUT_IS_PUSH(i) {e.input_push_expr}\n"
               f"#define OUTPUT_IS_PUSH(i) {e.output_push_expr}\n")
    if pushes:
        out.append(f"#define OUTPUT(port, p) e{i}__output((port), (p))\n")
    else:
        out.append(f'#define OUTPUT(port, p) ck_drop((p), {i}, "push to a pull output")\n')
    if pulls:
        out.append(f"#define INPUT_PULL(port) e{i}__input_pull(port)\n")
    else:
        out.append("#define INPUT_PULL(port) ((void)(port), (ck_packet *)NULL)\n")
    out.append(f"#define CONF(NAME) e{i}_CONF_##NAME\n"
               f"#define CONF_LEN(NAME) e{i}_CONF_LEN_##NAME\n"
               f"#define CONF_GIVEN(NAME) e{i}_CONF_GIVEN_##NAME\n")
    for conf in e.confs:
        out.append(f"#define e{i}_CONF_{conf.name} {conf.expr}\n"
                   f"#define e{i}_CONF_LEN_{conf.name} {conf.length}\n"
                   f"#define e{i}_CONF_GIVEN_{conf.name} {conf.given}\n")
    if e.queue_ring:
        out.append(f"#define QUEUE_RING {e.queue_ring}\n"
                   f"#define QUEUE_NPRODUCERS {e.queue_producers}\n")
    if e.wakes and not e.notifies:
        out.append("/* a push into this empty Queue wakes the tasks that sleep on it (Click's "
                   "empty notifier) */\n#define QUEUE_WAKE() ("
                   + ", ".join(f"ck_task_wake({w})" for w in e.wakes) + ")\n")
    elif e.notifies:
        out.append("/* this empty notifier becoming active wakes the tasks that sleep on it "
                   "and calls the wake\n * callbacks of the notifiers that forward its signal "
                   "(Click's PullSwitch) */\n")
        out.extend(f"static void e{n}_notify(void);\n" for n in e.notifies)
        out.append("#define QUEUE_WAKE() ("
                   + "".join(f"ck_task_wake({w}), " for w in e.wakes)
                   + ", ".join(f"e{n}_notify()" for n in e.notifies) + ")\n")
    if e.input_signals:
        out.append("/* the signals of this forwarder's inputs (1: active; a busy signal is "
                   "always active) */\n")
        for sig in e.input_signals:
            if sig:
                out.extend(f"static int e{q}_empty(void);\n" for q in sig)
        out.append(f"static int e{i}__input_active(int i)\n{{\n    switch (i) {{\n")
        for k, sig in enumerate(e.input_signals):
            if sig:
                out.append(f"    case {k}: return !("
                           + " && ".join(f"e{q}_empty()" for q in sig) + ");\n")
        out.append("    default: return 1;\n    }\n}\n"
                   f"#define NOTIFIER_INPUT_ACTIVE(i) e{i}__input_active(i)\n")
    if e.full_wakes:
        out.append("/* a pull from this Queue wakes the sources that sleep while it is full "
                   "(Click's full notifier) */\n#define QUEUE_FULL_WAKE() ("
                   + ", ".join(f"ck_task_wake({w})" for w in e.full_wakes) + ")\n")
    if e.c_code:
        out.append(f"/* code generated for {c_comment(e.name)} */\n{e.c_code.rstrip()}\n")
    out.append(f'#include "{e.include}"\n')
    if profile and e.schedulable:
        out.append(f"static int e{i}__prof_task(void) {{ return ck_prof_task({i}, "
                   f"e{i}_run_task); }}\n")
    out.append("#undef ELEM\n#undef ELEMENT_NAME\n#undef ELEMENT_LANDMARK\n"
               "#undef ELEMENT_INDEX\n#undef ELEMENT_THREAD\n#undef ELEMENT_NTHREADS\n")
    if e.thread_list:
        out.append("#undef ELEMENT_THREAD_LIST\n")
    if e.state_of is not None:
        out.append("#undef ELEMENT_STATE_OF\n")
    out.append(_UNDEFS)
    if e.queue_ring:
        out.append("#undef QUEUE_RING\n#undef QUEUE_NPRODUCERS\n")
    if e.wakes or e.notifies:
        out.append("#undef QUEUE_WAKE\n")
    if e.input_signals:
        out.append("#undef NOTIFIER_INPUT_ACTIVE\n")
    if e.full_wakes:
        out.append("#undef QUEUE_FULL_WAKE\n")
    return "".join(out)


_UNDEFS = ("#undef NINPUTS\n#undef NOUTPUTS\n#undef INPUT_IS_PUSH\n#undef OUTPUT_IS_PUSH\n"
           "#undef OUTPUT\n#undef INPUT_PULL\n#undef CONF\n#undef CONF_LEN\n#undef CONF_GIVEN\n")


def element_rows(r: RouterModel) -> Iterator[str]:
    """Per element: its row of ``ck_elements`` (``ck_element_def``, runtime/clickc.h)."""
    plan = r.counters
    profile = bool(r.profile)
    for e in r.elements:
        i = e.index
        if e.schedulable:
            task = (f"e{i}__nonfull_task" if e.nonfull_signal else f"e{i}__bp_task"
                    if e.full_signal else f"e{i}__prof_task" if profile else f"e{i}_run_task")
        else:
            task = "NULL"
        signal = (f"e{i}__upstream_empty" if e.empty_signal else f"e{i}__downstream_full"
                  if e.nonfull_signal else "NULL")
        yield (f"    {{ {e.name_c}, {c_string(e.class_name)}, {e.landmark_c}, {e.config_c},\n"
               f"      {i}, {e.thread}, {len(e.inputs)}, {len(e.outputs)}, "
               f'"{e.input_kinds}", "{e.output_kinds}",\n'
               f'      {plan.in_array.get(i, "NULL")}, {plan.out_array.get(i, "NULL")},\n'
               f'      {f"e{i}_init" if e.has_init else "NULL"}, '
               f'{f"e{i}_cleanup" if e.has_cleanup else "NULL"}, {task}, {signal}, '
               f"{e.state_of + 1 if e.state_of is not None else 0} }},\n")


def handler_rows(r: RouterModel) -> Iterator[str]:
    """Per element with handlers: its rows of ``ck_handlers``; one empty row when no element
    has any (a C array has at least one)."""
    any_rows = False
    for e in r.elements:
        if not e.handlers:
            continue
        any_rows = True
        rows = []
        for h in e.handlers:
            read = f"e{e.index}_read_{h.cname}" if h.read else "NULL"
            write = f"e{e.index}_write_{h.cname}" if h.write else "NULL"
            param = "CK_HANDLER_READ_PARAM" if h.read_param else "0"
            rows.append(f"    {{ {e.name_c}, {c_string(h.name)}, {read}, {write}, {param} }},\n")
        yield "".join(rows)
    if not any_rows:
        yield "    { NULL, NULL, NULL, NULL, 0 },\n"
