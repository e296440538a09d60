"""C code for a decision DAG: one C11 function per classifier element.

Two signatures, documented in docs/classifier.md and used by the element templates
(elements/standard/classifier.c, elements/ip/ipclassifier.c, elements/ip/ipfilter.c):

* Classifier: ``static int FN(const uint8_t *data, uint32_t len)`` over the packet data.
* IPClassifier / IPFilter: ``static int FN(const uint8_t *nh, uint32_t len, uint32_t th_off,
  const uint8_t *mac, uint32_t mac_len)``: ``nh`` is the IP header, ``len`` the bytes from it
  to the end of the packet, ``th_off`` the transport header's offset from the IP header (Click's
  transport header annotation, IHL*4 after MarkIPHeader/CheckIPHeader), ``mac`` the MAC header
  (may be NULL with ``mac_len`` 0; only ``ether host`` tests read it).

Both return the output port, or -1 to drop.  Every read is preceded by a check that the bytes lie
within the region (unless an earlier check on the same path already guarantees it), loads are
``memcpy`` based (alignment-safe) 8/16/32-bit big-endian loads of exactly the tested bytes, and
the output depends only on the DAG (deterministic node order and names).
"""

from __future__ import annotations

from .dag import Decision, Leaf, Test

_HELPERS = """\
#ifndef CK_CLASSIFY_HELPERS
#define CK_CLASSIFY_HELPERS 1
#include <stdint.h>
#include <string.h>
/* Big-endian loads of packet bytes that are safe at any alignment. */
__attribute__((unused)) static inline uint32_t ck_classify_load16(const uint8_t *p) {
    uint16_t v;
    memcpy(&v, p, 2);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    v = __builtin_bswap16(v);
#endif
    return v;
}
__attribute__((unused)) static inline uint32_t ck_classify_load32(const uint8_t *p) {
    uint32_t v;
    memcpy(&v, p, 4);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    v = __builtin_bswap32(v);
#endif
    return v;
}
#endif
"""

_REGION = {"d": ("data", "len", "packet data"), "n": ("nh", "len", "IP header"),
           "t": ("th", "tlen", "transport header"), "m": ("mac", "mac_len", "MAC header")}


def _comment(text: str) -> str:
    """Text safe inside a C block comment, on one line."""
    out = text.replace("*/", "* /").replace("/*", "/ *")
    return "".join(c if c.isprintable() and c.isascii() else "?" for c in out)


def _load(region: str, start: int, end: int) -> str:
    base = _REGION[region][0]
    p = f"{base} + {start}" if start else base
    w = end - start
    if w == 1:
        return f"{base}[{start}]"
    if w == 2:
        return f"ck_classify_load16({p})"
    if w == 3:
        return f"(ck_classify_load16({p}) << 8 | {base}[{start + 2}])"
    return f"ck_classify_load32({p})"


def _valid_name(name: str) -> bool:
    """A C identifier, or ``ELEM(identifier)`` (the per-instance macro of element templates)."""
    if name.startswith("ELEM(") and name.endswith(")"):
        name = name[5:-1]
    return name.isidentifier() and name.isascii()


def emit_c(decision: Decision, fn_name: str) -> str:
    """The C11 source of ``fn_name`` implementing ``decision`` (see the module doc for the
    signature), preceded once per translation unit by the load helpers.  ``fn_name`` is a C
    identifier or ``ELEM(name)``.  Raises ValueError for anything else."""
    if not _valid_name(fn_name):
        raise ValueError(f"not a C identifier: {fn_name!r}")
    d = decision
    ip = d.space == "ip"
    nodes = d.nodes
    # emission order: depth-first, default successor first so it can fall through
    order: list[int] = []
    seen: set[int] = set()
    stack = [d.root]
    while stack:
        i = stack.pop()
        if i in seen or isinstance(nodes[i], Leaf):
            continue
        seen.add(i)
        order.append(i)
        n = nodes[i]
        assert isinstance(n, Test)
        succ = [n.default] + [t for _, t in n.cases] + ([n.short] if n.short is not None else [])
        stack.extend(reversed(succ))
    index = {i: k for k, i in enumerate(order)}
    labels: set[int] = set()

    def jump(target: int, nxt: int | None) -> str | None:
        """Statement that continues at ``target``, or None to fall through."""
        t = nodes[target]
        if isinstance(t, Leaf):
            return f"return {t.port};"
        if target == nxt:
            return None
        labels.add(target)
        return f"goto n{index[target]};"

    body: list[tuple[int, list[str]]] = []
    for k, i in enumerate(order):
        n = nodes[i]
        assert isinstance(n, Test)
        nxt = order[k + 1] if k + 1 < len(order) else None
        var, lenvar, what = _REGION[n.region]
        lines = [f"    /* n{k}: {what} bytes {n.start}..{n.end - 1}"
                 + (f" & 0x{n.mask:x}" if n.mask != (1 << (8 * (n.end - n.start))) - 1 else "")
                 + " */"]
        if n.short is not None:
            lines.append(f"    if ({lenvar} < {n.end}u)")
            lines.append(f"        {jump(n.short, None)}")
        full = (1 << (8 * (n.end - n.start))) - 1
        expr = _load(n.region, n.start, n.end)
        if n.mask != full:
            expr = f"{expr} & 0x{n.mask:x}u"
        lines.append(f"    x = {expr};")
        if len(n.cases) == 1:
            v, t = n.cases[0]
            lines.append(f"    if (x == 0x{v:x}u)")
            lines.append(f"        {jump(t, None)}")
        elif n.cases:
            lines.append("    switch (x) {")
            for v, t in n.cases:
                lines.append(f"    case 0x{v:x}u: {jump(t, None)}")
            lines.append("    default: break;")
            lines.append("    }")
        dj = jump(n.default, nxt)
        if dj is not None:
            lines.append(f"    {dj}")
        body.append((i, lines))

    out: list[str] = [_HELPERS]
    kind = {"classifier": "Classifier"}.get(d.space, "IPClassifier/IPFilter")
    out.append(f"/* {fn_name}: {kind} rules compiled by clickc into a decision DAG")
    out.append(f" * ({d.stats.get('tests', 0)} tests, built {d.mode}). First matching rule wins:")
    for r in d.rules.rules:
        dest = "drop" if r.port < 0 else f"output {r.port}"
        out.append(f" *   {_comment(r.text.strip())} -> {dest}")
    out.append(" * Returns the output port, or -1 to drop the packet. */")
    if ip:
        out.append(f"static int {fn_name}(const uint8_t *nh, uint32_t len, uint32_t th_off,")
        out.append(f"{' ' * (12 + len(fn_name))}const uint8_t *mac, uint32_t mac_len)")
    else:
        out.append(f"static int {fn_name}(const uint8_t *data, uint32_t len)")
    out.append("{")
    if ip:
        out.append("    /* the transport header, clamped to the packet */")
        out.append("    const uint8_t *th = nh + (len > th_off ? th_off : len);")
        out.append("    uint32_t tlen = len > th_off ? len - th_off : 0;")
        out.append("    (void) th; (void) tlen; (void) mac; (void) mac_len;")
    if not order:
        root = nodes[d.root]
        assert isinstance(root, Leaf)
        if not ip:
            out.append("    (void) data; (void) len;")
        out.append(f"    return {root.port};")
        out.append("}")
        return "\n".join(out) + "\n"
    out.append("    uint32_t x;")
    for k, (i, lines) in enumerate(body):
        if i in labels:
            out.append(f"n{k}:")
        out.extend(lines)
    out.append("}")
    return "\n".join(out) + "\n"


def c_string(text: str) -> str:
    """A C string literal for ``text`` (ASCII; other characters escaped in octal)."""
    out = ['"']
    for ch in text:
        c = ord(ch)
        if ch == "\\" or ch == '"':
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif 32 <= c < 127 and ch != "?":
            out.append(ch)
        else:
            for b in ch.encode():
                out.append(f"\\{b:03o}")
    out.append('"')
    return "".join(out)
