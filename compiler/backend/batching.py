"""C for batch conversion (``--batch N``): the regions the ``batch`` pass recorded
(``graph.facts.batch_regions``, passes/batching.py) become generated code.

For each region R (producer P, members M0..Mk in breadth-first order):

- every output of a member is rebound (``OutputModel.call``): to a member, the packet is
  appended to that member's input vector; to any other element (an *exit*), to the run's
  exit vector.  Each appended packet gets an *item* recording the packet it came from (the
  one the member was processing) and its emission number, which is the tree depth-first
  per-packet processing walks;
- every output of a non-member into a member (an *entry*) calls ``ckbR_run`` with one packet;
- the producer gets ``BATCH_SIZE`` and ``OUTPUT_BATCH(port, v, n)`` (``ckbR_run`` with its
  burst);
- ``ckbR_run`` loops over each member's waiting packets (one loop per member, repeated until
  no member has work), sorts the exits into depth-first order (stable insertion sort,
  comparing items by their paths) and pushes them to their elements in that order.  A
  non-member that pushes into a member while an exit is delivered starts a nested run, as
  per-packet processing would process that packet at that moment.

The text is plain C11 with no runtime support needed (docs/batching.md).
"""

from __future__ import annotations

from collections.abc import Callable

from clickc.ir import BatchRegion

from .model import ElementModel, RouterModel

PRELUDE = """\
/* ---- batch conversion (--batch): docs/batching.md ---- */
#define CKB_NONE 0xFFFFFFFFu
/* One packet of a run: the packet it was emitted for (CKB_NONE for the burst's packets), its
 * emission number there (the burst index for those), and its depth. */
typedef struct ckb_item { uint32_t parent, seq, depth; } ckb_item;
/* A packet waiting at a member (where: unused) or at an exit (where: the exit's number). */
typedef struct ckb_ent { ck_packet *p; uint32_t item; int port; int where; } ckb_ent;
typedef struct ckb_vec { ckb_ent *v; uint32_t n, cap; } ckb_vec;
typedef struct ckb_state {
    ckb_vec *exits;        /* one exit vector per nesting level */
    int nest, nest_cap;
    ckb_item *items;
    uint32_t nitems, items_cap;
    uint32_t cur, seq;     /* the item a member is processing, emissions so far for it */
    ckb_vec *first_vec;    /* where its first emission went */
    uint32_t first_idx;
} ckb_state;

static CK_UNUSED void ckb_vec_grow(ckb_vec *v)
{
    uint32_t cap = v->cap ? 2 * v->cap : 64;
    ckb_ent *nv = realloc(v->v, cap * sizeof *nv);
    if (!nv)
        abort();
    v->v = nv;
    v->cap = cap;
}

static inline CK_UNUSED void ckb_vec_put(ckb_vec *v, ck_packet *p, uint32_t item, int port,
                                         int where)
{
    if (CK_UNLIKELY(v->n == v->cap))
        ckb_vec_grow(v);
    ckb_ent *e = &v->v[v->n++];
    e->p = p;
    e->item = item;
    e->port = port;
    e->where = where;
}

static inline CK_UNUSED uint32_t ckb_item_new(ckb_state *s, uint32_t parent, uint32_t seq,
                                              uint32_t depth)
{
    if (CK_UNLIKELY(s->nitems == s->items_cap)) {
        uint32_t cap = s->items_cap ? 2 * s->items_cap : 256;
        ckb_item *ni = realloc(s->items, cap * sizeof *ni);
        if (!ni)
            abort();
        s->items = ni;
        s->items_cap = cap;
    }
    ckb_item *it = &s->items[s->nitems];
    it->parent = parent;
    it->seq = seq;
    it->depth = depth;
    return s->nitems++;
}

/* Append a packet the current member emits to vec.  The first emission for an input takes
 * the input's own item (a member that emits one packet per input adds no item and no depth);
 * a second emission gives the first its own item (number 0) and itself number 1, and so on,
 * so that the items keep the depth-first order of per-packet processing. */
static inline CK_UNUSED void ckb_emit(ckb_state *s, ckb_vec *vec, ck_packet *p, int port,
                                      int where)
{
    if (CK_LIKELY(s->seq == 0)) {
        s->first_vec = vec;
        s->first_idx = vec->n;
        s->seq = 1;
        ckb_vec_put(vec, p, s->cur, port, where);
        return;
    }
    uint32_t depth = s->items[s->cur].depth + 1;
    if (s->seq == 1)
        s->first_vec->v[s->first_idx].item = ckb_item_new(s, s->cur, 0, depth);
    uint32_t it = ckb_item_new(s, s->cur, s->seq++, depth);
    ckb_vec_put(vec, p, it, port, where);
}

/* Whether item a comes strictly before item b in depth-first order (neither is an ancestor
 * of the other: both left the region). */
static CK_UNUSED int ckb_before(const ckb_item *it, uint32_t a, uint32_t b)
{
    while (it[a].depth > it[b].depth)
        a = it[a].parent;
    while (it[b].depth > it[a].depth)
        b = it[b].parent;
    if (a == b)
        return 0;
    while (it[a].parent != it[b].parent) {
        a = it[a].parent;
        b = it[b].parent;
    }
    return it[a].seq < it[b].seq;
}

/* Begin a run: a fresh exit vector at the next nesting level; returns the level. */
static CK_UNUSED int ckb_begin(ckb_state *s)
{
    if (s->nest == s->nest_cap) {
        int cap = s->nest_cap ? 2 * s->nest_cap : 4;
        ckb_vec *ne = realloc(s->exits, (size_t)cap * sizeof *ne);
        if (!ne)
            abort();
        memset(ne + s->nest_cap, 0, (size_t)(cap - s->nest_cap) * sizeof *ne);
        s->exits = ne;
        s->nest_cap = cap;
    }
    s->nitems = 0; /* an enclosing run is delivering its exits: its items are done */
    return s->nest++;
}

/* Stable insertion sort of a run's exits into depth-first order. */
static CK_UNUSED void ckb_sort_exits(const ckb_state *s, ckb_vec *x)
{
    for (uint32_t i = 1; i < x->n; i++) {
        ckb_ent e = x->v[i];
        uint32_t j = i;
        while (j > 0 && ckb_before(s->items, e.item, x->v[j - 1].item)) {
            x->v[j] = x->v[j - 1];
            j--;
        }
        x->v[j] = e;
    }
}
"""


def _rebind(r: int, model: RouterModel, mid: dict[int, int],
            to_member: Callable[[int, int], str], to_exit: Callable[[int, int], str]) -> None:
    """Set ``OutputModel.call`` of every push output that touches region ``r`` (members:
    element index -> member number): member to member ``to_member(member, port)``, member to
    another element ``to_exit(element, port)``, another element into a member a nested run of
    one packet."""
    for e in model.elements:
        for o in e.outputs:
            if not o.push or o.target is None:
                continue
            t, q = o.target
            if e.index in mid:
                o.call = to_member(mid[t], q) if t in mid else to_exit(t, q)
            elif t in mid:
                o.call = f"ckb{r}_run({mid[t]}, {q}, &p, 1);"


def _region_code(r: int, region: BatchRegion, model: RouterModel) -> tuple[str, str]:
    """(declarations, run function) of region ``r``; rebinds the model's outputs."""
    by_name = {e.name: e for e in model.elements}
    members = [by_name[n] for n in region.members]
    mid = {e.index: k for k, e in enumerate(members)}
    exits: dict[int, int] = {}

    def to_exit(t: int, q: int) -> str:
        x = exits.setdefault(t, len(exits))
        return f"ckb_emit(&ckb{r}, &ckb{r}.exits[ckb{r}.nest - 1], p, {q}, {x});"
    _rebind(r, model, mid,
            lambda k, q: f"ckb_emit(&ckb{r}, &ckb{r}_in[{k}], p, {q}, 0);", to_exit)
    prod = by_name[region.producer]
    _producer_batch_macros(r, region, model, prod, mid)
    decl = (f"/* region {r}: {prod.name} -> {len(members)} members */\n"
            f"static ckb_vec ckb{r}_in[{len(members)}];\n"
            f"static ckb_state ckb{r};\n"
            f"static void ckb{r}_run(int member, int port, ck_packet **v, int n);\n")
    lines = [f"/* region {r}: the burst of {prod.name} (or one packet entering a member) crosses",
             " * the members one element at a time; exits leave in depth-first order */",
             f"static void ckb{r}_run(int member, int port, ck_packet **v, int n)", "{",
             f"    ckb_state *s = &ckb{r};",
             "    int lvl = ckb_begin(s);",
             "    for (int i = 0; i < n; i++)",
             f"        ckb_vec_put(&ckb{r}_in[member], v[i], ckb_item_new(s, CKB_NONE, "
             "(uint32_t)i, 0), port, 0);",
             "    int busy;", "    do {", "        busy = 0;"]
    for k, e in enumerate(members):
        lines += [f"        if (ckb{r}_in[{k}].n) {{ /* {e.comment} */",
                  "            busy = 1;",
                  f"            ckb_vec *in = &ckb{r}_in[{k}];",
                  "            for (uint32_t i = 0; i < in->n; i++) {",
                  "                s->cur = in->v[i].item;",
                  "                s->seq = 0;",
                  f"                e{e.index}_push(in->v[i].port, in->v[i].p);",
                  "            }",
                  "            in->n = 0;",
                  "        }"]
    lines += ["    } while (busy);",
              "    ckb_sort_exits(s, &s->exits[lvl]);",
              "    for (uint32_t i = 0; i < s->exits[lvl].n; i++) {",
              "        ckb_ent e = s->exits[lvl].v[i];",
              "        switch (e.where) {"]
    for t, x in sorted(exits.items(), key=lambda kv: kv[1]):
        lines.append(f"        case {x}: e{t}_push(e.port, e.p); break; "
                     f"/* {model.elements[t].name} */")
    lines += [f"        default: ck_drop(e.p, {prod.index}, \"batch exit\"); break;",
              "        }", "    }", "    s->exits[lvl].n = 0;", "    s->nest--;", "}"]
    return decl, "\n".join(lines) + "\n"


VECTOR_PRELUDE = """\
/* ---- vector regions (one packet per input): docs/batching.md "Vector mode" ---- */
/* Where a burst packet left its region: the packet (NULL: dropped, or not yet out) and the
 * exit it takes (an element's input).  One slot per burst packet, indexed by p->vidx; a
 * nested run (a packet entering from a non-member while exits are delivered) takes the next
 * block of slots. */
typedef struct ckv_slot { ck_packet *p; int where; } ckv_slot;
typedef struct ckv_exits { ckv_slot *slot; int depth, cap; } ckv_exits;

/* Take a block of size slots for a run, cleared; returns its first index. */
static CK_UNUSED int ckv_enter(ckv_exits *x, int size)
{
    if (x->depth == x->cap) {
        int cap = x->cap ? 2 * x->cap : 2;
        ckv_slot *ns = realloc(x->slot, (size_t)cap * (size_t)size * sizeof *ns);
        if (!ns)
            abort();
        x->slot = ns;
        x->cap = cap;
    }
    int base = x->depth++ * size;
    memset(x->slot + base, 0, (size_t)size * sizeof *x->slot);
    return base;
}
"""


def _vector_region_code(r: int, region: BatchRegion, model: RouterModel) -> tuple[str, str]:
    """(declarations, run function) of one-per-input region ``r`` (vector mode); rebinds the
    model's outputs.

    Only a member with a vector kernel (``ELEM(push_vector)``, one input) is fed through an
    input vector; every other member is called per packet, as outside the region, by whatever
    pushes to it.  A run prefetches the burst's data, sends each packet into the entry member
    (which carries it, call by call, until it reaches a kernel's vector or leaves), then runs
    the kernels in topological order (each sends its packets on the same way), and finally
    delivers the exit slots in burst order.  The members are in topological order, so each
    kernel's vector holds at most one entry per burst packet when it runs."""
    by_name = {e.name: e for e in model.elements}
    members = [by_name[n] for n in region.members]
    mid = {e.index: k for k, e in enumerate(members)}
    size = region.size
    exits: dict[tuple[int, int], int] = {}
    kernel = [e.has_push_vector and len(e.inputs) == 1 for e in members]

    def to_exit(t: int, q: int) -> str:
        x = exits.setdefault((t, q), len(exits))
        return f"ckb{r}_x.slot[ckb{r}_base + p->vidx] = (ckv_slot){{ p, {x} }};"

    def to_member(k: int, q: int) -> str:
        if kernel[k]:
            return f"ckb{r}_v{k}[ckb{r}_n[{k}]++] = p;"
        return f"e{members[k].index}_push({q}, p);"
    _rebind(r, model, mid, to_member, to_exit)
    prod = by_name[region.producer]
    _producer_batch_macros(r, region, model, prod, mid)
    kernels = [k for k in range(len(members)) if kernel[k]]
    decl = [f"/* region {r}: {prod.name} -> {len(members)} members, vectors of up to {size} */",
            f"static ckv_exits ckb{r}_x;",
            f"static int ckb{r}_base;"]
    if kernels:
        decl.append(f"static int ckb{r}_n[{len(members)}];")
    for k in kernels:
        decl.append(f"static ck_packet *ckb{r}_v{k}[{size}]; /* {members[k].name} */")
    decl.append(f"static void ckb{r}_run(int member, int port, ck_packet **v, int n);")
    lines = [f"/* region {r}: the burst of {prod.name} (or one packet entering a member) goes",
             " * through the members; the vector kernels take it whole, in topological order;",
             " * each packet leaves at most once, into its slot, and the exits go on in burst",
             " * order */",
             f"static void ckb{r}_run(int member, int port, ck_packet **v, int n)", "{",
             f"    int base = ckv_enter(&ckb{r}_x, {size});",
             f"    int outer = ckb{r}_base;",
             f"    ckb{r}_base = base;",
             "    for (int i = 0; i < n; i++) {",
             "        v[i]->vidx = i;",
             "        __builtin_prefetch(v[i]->data);",
             "    }",
             "    switch (member) {"]
    for k, e in enumerate(members):
        if kernel[k]:
            lines += [f"    case {k}: /* {e.comment} */",
                      "        (void)port;",
                      "        for (int i = 0; i < n; i++)",
                      f"            ckb{r}_v{k}[i] = v[i];",
                      f"        ckb{r}_n[{k}] = n;",
                      "        break;"]
        else:
            lines += [f"    case {k}: /* {e.comment} */",
                      "        for (int i = 0; i < n; i++)",
                      f"            e{e.index}_push(port, v[i]);",
                      "        break;"]
    lines += ["    default:",
              "        for (int i = 0; i < n; i++)",
              f"            ck_drop(v[i], {prod.index}, \"batch entry\");",
              "        break;",
              "    }"]
    for k in kernels:
        e = members[k]
        lines += [f"    if (ckb{r}_n[{k}]) {{ /* {e.comment} */",
                  f"        int m = ckb{r}_n[{k}];",
                  f"        ckb{r}_n[{k}] = 0;",
                  f"        e{e.index}_push_vector(0, ckb{r}_v{k}, m);",
                  "    }"]
    lines += ["    for (int i = 0; i < n; i++) {",
              f"        ckv_slot s = ckb{r}_x.slot[base + i];",
              "        if (!s.p)",
              "            continue;",
              "        switch (s.where) {"]
    for (t, q), x in sorted(exits.items(), key=lambda kv: kv[1]):
        lines.append(f"        case {x}: e{t}_push({q}, s.p); break; "
                     f"/* {model.elements[t].name} */")
    lines += [f"        default: ck_drop(s.p, {prod.index}, \"batch exit\"); break;",
              "        }", "    }",
              f"    ckb{r}_x.depth--;",
              f"    ckb{r}_base = outer;",
              "}"]
    return "\n".join(decl) + "\n", "\n".join(lines) + "\n"


def _producer_batch_macros(r: int, region: BatchRegion, model: RouterModel,
                           prod: ElementModel, mid: dict[int, int]) -> None:
    """Give a burst producer ``BATCH_SIZE`` and ``OUTPUT_BATCH(port, v, n)`` (the run of region
    ``r`` with its burst, output 0's counters added n)."""
    if not region.burst:
        return
    root_t, root_q = next(o.target for o in prod.outputs if o.port == region.port
                          and o.target is not None)
    count_burst = ", ".join(c.add("(n)") for c in model.counters.on_push(prod.index,
                                                                         region.port))
    prod.c_code = (prod.c_code.rstrip() + "\n" if prod.c_code.strip() else "") + (
        f"/* batch pass: bursts go to region {r} as batches of up to {region.size} */\n"
        f"static void ckb{r}_run(int member, int port, ck_packet **v, int n);\n"
        f"/* the per-packet output stays defined (unused when every burst is a batch) */\n"
        f"static CK_UNUSED void (*const e{prod.index}__output_kept)(int, ck_packet *) = "
        f"e{prod.index}__output;\n"
        f"#define BATCH_SIZE {region.size}\n"
        f"#define OUTPUT_BATCH(port, v, n) ({count_burst + ', ' if count_burst else ''}"
        f"ckb{r}_run({mid[root_t]}, {root_q}, (v), (n)))\n")


def apply_batching(model: RouterModel, regions: list[BatchRegion] | None) -> None:
    """Rebind outputs and fill ``model.batch_prelude`` / ``model.batch_code`` for the
    regions of the ``batch`` pass (no-op when there are none)."""
    if not regions:
        return
    decls, codes = [], []
    for r, region in enumerate(regions):
        make = _vector_region_code if region.one_per_input else _region_code
        d, c = make(r, region, model)
        decls.append(d)
        codes.append(c)
    prelude = ((PRELUDE if any(not g.one_per_input for g in regions) else "")
               + (VECTOR_PRELUDE if any(g.one_per_input for g in regions) else ""))
    model.batch_prelude = prelude + "".join(decls)
    model.batch_code = "/* ---- batch regions (docs/batching.md) ---- */\n" + "\n".join(codes)
