"""The front end's model of an unflattened Click router, and flattening.

This is clickc's own implementation of the data model Click's tools use (tools/lib/routert.cc,
tools/lib/eclasst.cc, tools/lib/elementt.cc): a :class:`Router` holds elements (including
*tunnel* pseudo-elements for compound and group ports), connections in insertion order, declared
element classes with Click's scope cookies, formals and ``define`` scope.  Compound element
classes are routers themselves.  :meth:`Router.flatten` expands compounds exactly as
``RouterT::flatten`` does (names ``compound/component``, overload resolution by port counts and
arguments, lexically scoped parameters), removes tunnels, and leaves a flat router whose element
order and connection order are those click-flatten prints.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator

from ..errors import ErrorHandler, Landmark
from .confparse import VariableEnvironment, cp_argvec, cp_assign_arguments, cp_expand


class EClass:
    """A primitive element class (ElementClassT)."""

    def __init__(self, name: str) -> None:
        self.name = name

    @property
    def printable_name(self) -> str:
        return self.name or "<anonymous>"

    def primitive(self) -> bool:
        return True

    def is_tunnel(self) -> bool:
        return False

    def cast_router(self) -> Router | None:
        return None

    def resolve(self, ninputs: int, noutputs: int, args: list[str], errh: ErrorHandler,
                landmark: Landmark, driver: bool = False) -> tuple[EClass | None, list[str]]:
        return self, args

    def unparse_signature(self) -> str:
        return self.name + "[...]"


class TunnelClass(EClass):
    """The ``<tunnel>`` pseudo-class of compound and group port elements."""

    def primitive(self) -> bool:
        return False

    def is_tunnel(self) -> bool:
        return True


TUNNEL = TunnelClass("<tunnel>")


class SynonymClass(EClass):
    """``elementclass NAME OTHER;`` (SynonymElementClassT)."""

    def __init__(self, name: str, eclass: EClass, scope: Router) -> None:
        super().__init__(name)
        self.eclass = eclass
        self.declaration_scope = scope

    def primitive(self) -> bool:
        return False

    def cast_router(self) -> Router | None:
        return self.eclass.cast_router()

    def resolve(self, ninputs: int, noutputs: int, args: list[str], errh: ErrorHandler,
                landmark: Landmark, driver: bool = False) -> tuple[EClass | None, list[str]]:
        return self.eclass.resolve(ninputs, noutputs, args, errh, landmark, driver)


class ElementT:
    """An element (or tunnel) of a :class:`Router`."""

    __slots__ = ("name", "type", "config", "landmark", "eindex", "live", "tunnel_input",
                 "tunnel_output", "ninputs", "noutputs", "outs", "ins")

    def __init__(self, name: str, etype: EClass, config: str, landmark: Landmark) -> None:
        self.name = name
        self.type = etype
        self.config = config
        self.landmark = landmark
        self.eindex = -1
        self.live = True
        self.tunnel_input: ElementT | None = None
        self.tunnel_output: ElementT | None = None
        self.ninputs = 0
        self.noutputs = 0
        self.outs: list[Conn] = []   # connections from this element, oldest first
        self.ins: list[Conn] = []    # connections to this element, oldest first

    def tunnel(self) -> bool:
        return self.type.is_tunnel()

    def name_unassigned(self) -> bool:
        return self.name.startswith(";")

    def nports(self, isoutput: bool) -> int:
        return self.noutputs if isoutput else self.ninputs

    def __repr__(self) -> str:
        return f"<{self.name} :: {self.type.name}>"


class Conn:
    """A connection ``src [sport] -> [dport] dst``."""

    __slots__ = ("src", "sport", "dst", "dport", "landmark", "seq", "live")

    def __init__(self, src: ElementT, sport: int, dst: ElementT, dport: int,
                 landmark: Landmark, seq: int) -> None:
        self.src = src
        self.sport = sport
        self.dst = dst
        self.dport = dport
        self.landmark = landmark
        self.seq = seq
        self.live = True


Port = tuple[ElementT, int]
_NOT_EXPANDED = -1
_EXPANDING = -2


class Router(EClass):
    """A router or compound element class (RouterT)."""

    def __init__(self, name: str = "", landmark: Landmark | None = None,
                 declaration_scope: Router | None = None, *, top: bool = False) -> None:
        super().__init__(name if not top else "<router>")
        self.landmark = landmark or Landmark("<unknown>")
        self.printable = name or "<anonymous>"
        self.declaration_scope = declaration_scope
        self.declaration_scope_cookie = 0
        self.scope_cookie: int = 0
        if declaration_scope is not None:
            self.declaration_scope_cookie = declaration_scope.scope_cookie
            declaration_scope.scope_cookie += 1
        self.scope: VariableEnvironment = VariableEnvironment(
            declaration_scope.scope if declaration_scope else None)
        self.formals: list[str] = []
        self.formal_types: list[str] = []
        self.elements: list[ElementT] = []
        self.name_map: dict[str, int] = {}
        self.conns: dict[int, Conn] = {}
        self._seq = 0
        self.declared: list[tuple[EClass, int, int]] = []   # (type, scope cookie, previous)
        self.declared_map: dict[str, int] = {}
        self.ninputs_c = 0
        self.noutputs_c = 0
        self.overload_type: EClass | None = None
        #: set on the top router when Click's driver is copied (clickc check/compile): where
        #: compound resolution errors are reported -- the driver resolves compounds after
        #: reading the whole file, at its lexer's last position
        self.driver_landmark: Landmark | None = None
        self.requirements: list[tuple[str, str]] = []
        self.expanding = False
        if not top:
            self.get_element("input", TUNNEL, "", self.landmark)
            self.get_element("output", TUNNEL, "", self.landmark)

    # -- class protocol ----------------------------------------------------------------------
    @property
    def printable_name(self) -> str:
        return self.printable

    def primitive(self) -> bool:
        return False

    def cast_router(self) -> Router | None:
        return self

    # -- elements ----------------------------------------------------------------------------
    def nelements(self) -> int:
        return len(self.elements)

    def eindex(self, name: str) -> int:
        return self.name_map.get(name, -1)

    def element(self, name: str) -> ElementT | None:
        i = self.name_map.get(name, -1)
        return self.elements[i] if i >= 0 else None

    def get_element(self, name: str, etype: EClass, config: str,
                    landmark: Landmark) -> ElementT:
        """The element called ``name``, created with the given class, configuration and landmark
        if absent (RouterT::get_element)."""
        i = self.name_map.get(name, -1)
        if i >= 0:
            return self.elements[i]
        e = ElementT(name, etype, config, landmark)
        e.eindex = len(self.elements)
        self.elements.append(e)
        self.name_map[name] = e.eindex
        return e

    def map_element_name(self, name: str, eindex: int) -> int:
        old = self.name_map.get(name, -1)
        self.name_map[name] = eindex
        return old

    def change_ename(self, e: ElementT, new_name: str) -> None:
        if self.name_map.get(e.name, -1) == e.eindex:
            self.name_map[e.name] = -1
        e.name = new_name
        self.name_map[new_name] = e.eindex

    def assign_element_name(self, e: ElementT) -> None:
        """Turn a provisional ``;Class@N`` name into ``Class@N``, raising N until the name is free
        (RouterT::assign_element_name)."""
        name = e.name[1:]
        if self.eindex(name) >= 0:
            at = name.rfind("@")
            prefix = name[:at + 1]
            j = at + 1
            while j < len(name) and name[j].isdigit():
                j += 1
            n = int(name[at + 1:j]) if j > at + 1 else 0
            while True:
                n += 1
                name = prefix + str(n)
                if self.eindex(name) < 0:
                    break
        self.change_ename(e, name)

    def assign_element_names(self) -> None:
        for e in self.elements:
            if e.name_unassigned():
                self.assign_element_name(e)

    def live_elements(self) -> Iterator[ElementT]:
        return (e for e in self.elements if e.live)

    # -- connections -------------------------------------------------------------------------
    def add_connection(self, hfrom: Port, hto: Port, landmark: Landmark) -> None:
        """Add a connection unless it exists, keeping port counts (RouterT::add_connection)."""
        fe, fp = hfrom
        te, tp = hto
        if fp < fe.noutputs and tp < te.ninputs:
            for c in fe.outs:
                if c.sport == fp and c.dst is te and c.dport == tp:
                    return
        else:
            if fp >= fe.noutputs:
                fe.noutputs = fp + 1
            if tp >= te.ninputs:
                te.ninputs = tp + 1
        c = Conn(fe, fp, te, tp, landmark, self._seq)
        self._seq += 1
        self.conns[c.seq] = c
        fe.outs.append(c)
        te.ins.append(c)

    def connections(self) -> list[Conn]:
        return list(self.conns.values())

    def _erase(self, c: Conn) -> None:
        del self.conns[c.seq]
        c.live = False
        for e, lst, isout in ((c.src, c.src.outs, True), (c.dst, c.dst.ins, False)):
            lst.remove(c)
            if isout:
                e.noutputs = max((x.sport + 1 for x in lst), default=0)
            else:
                e.ninputs = max((x.dport + 1 for x in lst), default=0)

    def kill(self, e: ElementT) -> None:
        """Remove ``e`` and its connections (ElementT::kill)."""
        for c in list(e.outs) + list(e.ins):
            if c.live:
                self._erase(c)
        e.live = False

    def find_connections_touching(self, port: Port, isoutput: bool) -> list[Port]:
        """Far ends of the connections at ``port`` (output side if ``isoutput``), newest first."""
        e, p = port
        if isoutput:
            return [(c.dst, c.dport) for c in reversed(e.outs) if c.sport == p]
        return [(c.src, c.sport) for c in reversed(e.ins) if c.dport == p]

    def add_tunnel(self, namein: str, nameout: str, landmark: Landmark,
                   errh: ErrorHandler | None) -> None:
        """A pair of tunnel pseudo-elements ``namein -> nameout`` (RouterT::add_tunnel)."""
        ein = self.get_element(namein, TUNNEL, "", landmark)
        eout = self.get_element(nameout, TUNNEL, "", landmark)
        ok = True
        for e, what, bad in ((ein, "element", not ein.tunnel()),
                             (eout, "element", not eout.tunnel()),
                             (ein, "connection tunnel input", ein.tunnel_output is not None),
                             (eout, "connection tunnel output", eout.tunnel_input is not None)):
            if bad:
                if errh is not None:
                    redeclaration_error(errh, what, e.name, landmark, e.landmark)
                ok = False
        if ok:
            ein.tunnel_output = eout
            eout.tunnel_input = ein

    def check_pseudoelement(self, e: ElementT, isoutput: bool, name: str,
                            errh: ErrorHandler, landmark: Landmark) -> int:
        """Check a compound's or group's ``input``/``output``; returns its port count."""
        names = ("input", "output")
        used: set[int] = {c.sport for c in e.outs} if not isoutput else {c.dport for c in e.ins}
        if e.nports(isoutput):
            errh.error(landmark, f"'{name}' pseudoelement '{names[isoutput]}' may only be used"
                       f" as {names[1 - isoutput]}")
        n = e.nports(not isoutput)
        for i in range(n):
            if i not in used:
                errh.error(landmark, f"'{name}' {names[isoutput]} {i} missing")
        return n

    def finish_type(self, errh: ErrorHandler) -> None:
        """Count a compound's ports, check its pseudoelements, name anonymous elements."""
        ein = self.element("input")
        self.ninputs_c = (self.check_pseudoelement(ein, False, self.printable, errh,
                                                   self.landmark) if ein else 0)
        eout = self.element("output")
        self.noutputs_c = (self.check_pseudoelement(eout, True, self.printable, errh,
                                                    self.landmark) if eout else 0)
        self.assign_element_names()

    # -- types -------------------------------------------------------------------------------
    def declared_type(self, name: str, scope_cookie: int = 1 << 30) -> EClass | None:
        """The class ``name`` visible at ``scope_cookie`` here or in the declaring scopes
        (RouterT::declared_type)."""
        r: Router | None = self
        while r is not None:
            i = r.declared_map.get(name, -1)
            while i >= 0:
                t, cookie, prev = r.declared[i]
                if cookie <= scope_cookie:
                    return t
                i = prev
            scope_cookie = r.declaration_scope_cookie
            r = r.declaration_scope
        return None

    def add_declared_type(self, ec: EClass, anonymous: bool) -> None:
        """Declare ``ec``; a redefinition opens a new scope cookie (RouterT::add_declared_type)."""
        if anonymous or not ec.name:
            self.declared.append((ec, self.scope_cookie, -1))
            return
        i = self.declared_map.get(ec.name, -1)
        if i >= 0 and self.declared[i][0] is ec:
            return
        if i >= 0:
            self.scope_cookie += 1
        self.declared.append((ec, self.scope_cookie, i))
        self.declared_map[ec.name] = len(self.declared) - 1

    # -- formals and definitions -------------------------------------------------------------
    def defines(self, name: str) -> bool:
        return name in self.formals or self.scope.defines(name)

    def add_formal(self, name: str, ftype: str) -> bool:
        if self.defines(name):
            return False
        self.formals.append(name)
        self.formal_types.append(ftype)
        return True

    def define(self, name: str, value: str) -> bool:
        if self.defines(name):
            return False
        return self.scope.define(name, value, False)

    # -- overloads and expansion -------------------------------------------------------------
    def unparse_signature(self) -> str:
        # Click prints the values of the class's own 'define' scope here, not its formals
        # (RouterT::unparse_signature); kept for identical messages.
        return signature(self.name, self.scope.values, -1, self.ninputs_c, self.noutputs_c)

    def resolve(self, ninputs: int, noutputs: int, args: list[str], errh: ErrorHandler,
                landmark: Landmark, driver: bool = False) -> tuple[EClass | None, list[str]]:
        """Pick the overload matching the port counts and arguments (RouterT::resolve).

        ``driver``: list the candidates as Click's driver does (Lexer::Compound::resolve in
        lib/lexer.cc: with their formals, ``F(<arg>)[1 input, 1 output]``)."""
        r: Router = self
        closest: Router | None = None
        nct = 0
        while True:
            nct += 1
            vals = cp_assign_arguments(args, r.formal_types)
            if r.ninputs_c == ninputs and r.noutputs_c == noutputs and vals is not None:
                return r, vals
            if vals is not None:
                closest = r
            ov = r.overload_type
            if ov is None:
                break
            nr = ov.cast_router()
            if nr is not None:
                r = nr
                continue
            res, nargs = ov.resolve(ninputs, noutputs, args, errh, landmark, driver)
            if res is not None:
                return res, nargs
            break
        if nct != 1 or closest is None:
            sig = signature(self.name, None, len(args), ninputs, noutputs)
            errh.error(landmark, f"no match for '{sig}'")
            first = True
            rr: Router | None = self
            while rr is not None:
                if first:
                    errh.message(rr.landmark, "candidates are:")
                    first = False
                errh.message(rr.landmark, "  " + (
                    signature(rr.name, rr.formal_types, -1, rr.ninputs_c, rr.noutputs_c)
                    if driver else rr.unparse_signature()))
                ov2 = rr.overload_type
                rr = ov2.cast_router() if ov2 is not None else None
        if closest is not None:
            vals = cp_assign_arguments(args, closest.formal_types)
            return closest, vals if vals is not None else args
        return None, args

    def create_scope(self, args: list[str], env: VariableEnvironment) -> VariableEnvironment:
        """The variable scope of one expansion: formals bound to ``args``, then local defines
        (RouterT::create_scope)."""
        new_env = VariableEnvironment(env.parent_of(self.scope.depth))
        for i, f in enumerate(self.formals):
            new_env.define(f, args[i] if i < len(args) else "", True)
        for n, v in zip(self.scope.names, self.scope.values, strict=True):
            new_env.define(n, cp_expand(v, env), True)
        return new_env

    def complex_expand(self, compound: ElementT, fromr: Router, args: list[str], tor: Router,
                       prefix: str, env: VariableEnvironment,
                       errh: ErrorHandler) -> ElementT | None:
        """Expand ``compound`` (an element of ``fromr``, an instance of this class) into
        ``tor`` under ``prefix`` (RouterT::complex_expand_element)."""
        fromr_is_tor = fromr is tor
        if self.expanding:
            errh.error(compound.landmark, f"recursive compound element '{self.printable}'")
            return None
        self.expanding = True
        nargs = len(self.formals)
        if len(args) != nargs:
            whoops = "few" if len(args) < nargs else "many"
            sig = ", ".join(self.formals)
            errh.error(compound.landmark,
                       f"too {whoops} arguments to compound element '{self.printable}({sig})'")
        new_env = self.create_scope(args, env)
        new_prefix = prefix + compound.name
        if not new_prefix.endswith("/"):
            new_prefix += "/"
        if fromr_is_tor:
            compound.type = TUNNEL
        tor.add_tunnel(prefix + compound.name, new_prefix + "input", compound.landmark, errh)
        tor.add_tunnel(new_prefix + "output", prefix + compound.name, compound.landmark, errh)
        new_e = tor.element(prefix + compound.name)
        self.expand_into(tor, new_prefix, new_env, errh)
        self.expanding = False
        return new_e

    def expand_into(self, tor: Router, prefix: str, env: VariableEnvironment,
                    errh: ErrorHandler) -> None:
        """Expand every element and connection of this compound into ``tor``
        (RouterT::expand_into)."""
        new_e: list[ElementT | None] = []
        for e in list(self.elements):
            new_e.append(expand_element(e, self, tor, prefix, env, errh) if e.live else None)
        for c in list(self.conns.values()):
            a, b = new_e[c.src.eindex], new_e[c.dst.eindex]
            if a is not None and b is not None and a.live and b.live:
                tor.add_connection((a, c.sport), (b, c.dport), c.landmark)
        tor.requirements.extend(self.requirements)

    # -- tunnels -----------------------------------------------------------------------------
    def _expand_tunnel(self, expansions: list[list[Port] | int], ports: list[Port],
                       index: dict[tuple[int, int], int], is_output: bool, which: int,
                       errh: ErrorHandler) -> None:
        if expansions[which] != _NOT_EXPANDED:
            return
        expansions[which] = _EXPANDING
        me_e, me_p = ports[which]
        other = me_e.tunnel_input if is_output else me_e.tunnel_output
        assert other is not None
        conns = self.find_connections_touching((other, me_p), not is_output)
        if not conns:
            in_elt = other if is_output else me_e
            out_elt = me_e if is_output else other
            if in_elt.name + "/input" == out_elt.name:
                msg = "'{}' input {} unused" if is_output else "'{}' has no input {}"
                errh.error(in_elt.landmark, msg.format(in_elt.name, me_p))
            elif in_elt.name == out_elt.name + "/output":
                msg = "'{}' has no output {}" if is_output else "'{}' output {} unused"
                errh.error(out_elt.landmark, msg.format(out_elt.name, me_p))
            else:
                errh.error(other.landmark, f"tunnel '{in_elt.name} -> {out_elt.name}' "
                           f"{'input' if is_output else 'output'} {me_p} unused")
        store: list[Port] = []
        for ce, cp in conns:
            if ce.tunnel():
                x = index.get((id(ce), cp), -1)
                if x >= 0:
                    self._expand_tunnel(expansions, ports, index, is_output, x, errh)
                    v = expansions[x]
                    if isinstance(v, list):
                        store.extend(v)
                    continue
            store.append((ce, cp))
        expansions[which] = store

    def remove_tunnels(self, errh: ErrorHandler, driver: bool = False) -> None:
        """Replace connections through tunnels by direct connections (RouterT::remove_tunnels).

        driver: expand the tunnels in the order of Click's driver (Lexer::create_router,
        lib/lexer.cc: connection by connection, its output end then its input end), so that
        errors about unused or missing compound ports come in the driver's order; the tools
        expand every input end, then every output end."""
        inputs: list[Port] = []
        outputs: list[Port] = []
        in_index: dict[tuple[int, int], int] = {}
        out_index: dict[tuple[int, int], int] = {}
        for c in self.conns.values():
            if c.src.tunnel() and c.src.tunnel_input is not None:
                k = (id(c.src), c.sport)
                if k not in out_index:
                    out_index[k] = len(outputs)
                    outputs.append((c.src, c.sport))
            if c.dst.tunnel() and c.dst.tunnel_output is not None:
                k = (id(c.dst), c.dport)
                if k not in in_index:
                    in_index[k] = len(inputs)
                    inputs.append((c.dst, c.dport))
        in_exp: list[list[Port] | int] = [_NOT_EXPANDED] * len(inputs)
        out_exp: list[list[Port] | int] = [_NOT_EXPANDED] * len(outputs)
        if driver:
            for c in list(self.conns.values()):
                x = out_index.get((id(c.src), c.sport), -1)
                if x >= 0:
                    self._expand_tunnel(out_exp, outputs, out_index, True, x, errh)
                x = in_index.get((id(c.dst), c.dport), -1)
                if x >= 0:
                    self._expand_tunnel(in_exp, inputs, in_index, False, x, errh)
        for i in range(len(inputs)):
            self._expand_tunnel(in_exp, inputs, in_index, False, i, errh)
        for i in range(len(outputs)):
            self._expand_tunnel(out_exp, outputs, out_index, True, i, errh)
        for c in list(self.conns.values()):
            if not c.src.tunnel() or c.dst.tunnel():
                continue
            x = out_index.get((id(c.src), c.sport), -1)
            if x < 0:
                continue
            v = out_exp[x]
            if isinstance(v, list):
                for p in v:
                    self.add_connection(p, (c.dst, c.dport), c.landmark)
        for e in self.elements:
            if e.tunnel() and (e.tunnel_output is not None or e.tunnel_input is not None):
                e.live = False
        self.kill_bad_connections()

    def kill_bad_connections(self) -> None:
        """Remove connections that touch dead elements."""
        for c in list(self.conns.values()):
            if not c.src.live or not c.dst.live:
                self._erase(c)

    def copy_top(self) -> Router:
        """A copy of this top-level router that :meth:`flatten` may change without changing
        this one: its elements, connections, declarations, scope and requirements are copied;
        the compound classes (only read by flattening) are shared.  Iterative, so a chain of
        any length copies without recursion."""
        r = copy.copy(self)
        old_to_new: dict[int, ElementT] = {}
        r.elements = []
        for e in self.elements:
            ne = ElementT(e.name, e.type, e.config, e.landmark)
            ne.eindex, ne.live = e.eindex, e.live
            ne.ninputs, ne.noutputs = e.ninputs, e.noutputs
            r.elements.append(ne)
            old_to_new[id(e)] = ne
        for e, ne in zip(self.elements, r.elements, strict=True):
            if e.tunnel_input is not None:
                ne.tunnel_input = old_to_new[id(e.tunnel_input)]
            if e.tunnel_output is not None:
                ne.tunnel_output = old_to_new[id(e.tunnel_output)]
        r.conns = {}
        for seq, c in self.conns.items():
            src, dst = old_to_new[id(c.src)], old_to_new[id(c.dst)]
            nc = Conn(src, c.sport, dst, c.dport, c.landmark, c.seq)
            nc.live = c.live
            r.conns[seq] = nc
            src.outs.append(nc)
            dst.ins.append(nc)
        r.name_map = dict(self.name_map)
        r.declared = list(self.declared)
        r.declared_map = dict(self.declared_map)
        r.scope = VariableEnvironment(self.scope.parent)
        r.scope.names = list(self.scope.names)
        r.scope.values = list(self.scope.values)
        r.requirements = list(self.requirements)
        return r

    def flatten(self, errh: ErrorHandler, expand_vars: bool = False,
                driver: bool = False) -> None:
        """Expand every compound element and remove tunnels (RouterT::flatten); ``driver``:
        compound port errors in the order of Click's driver (:meth:`remove_tunnels`)."""
        ve = VariableEnvironment(None)
        for n, v in zip(self.scope.names, self.scope.values, strict=True):
            ve.define(n, cp_expand(v, ve) if expand_vars else "$" + n, True)
        for e in list(self.elements):
            if e.live:
                expand_element(e, self, self, "", ve, errh)
        self.remove_tunnels(errh, driver)
        self.declared.clear()
        self.declared_map.clear()
        if expand_vars:   # the values are in the configuration strings now
            self.scope.names.clear()
            self.scope.values.clear()


def expand_element(e: ElementT, fromr: Router, tor: Router, prefix: str,
                   env: VariableEnvironment, errh: ErrorHandler) -> ElementT | None:
    """Expand one element of ``fromr`` into ``tor`` (ElementClassT::expand_element)."""
    c = e.type
    if c.primitive() or c.is_tunnel():
        return direct_expand(c, e, fromr, tor, prefix, env, errh)
    new_config = cp_expand(e.config, env)
    args = cp_argvec(new_config)
    dlm = tor.driver_landmark
    found, args = c.resolve(e.ninputs, e.noutputs, args, errh,
                            dlm if dlm is not None else e.landmark, dlm is not None)
    if found is None:
        if fromr is tor:
            fromr.kill(e)
        return None
    r = found.cast_router()
    if r is None or isinstance(found, SynonymClass):
        return direct_expand(found, e, fromr, tor, prefix, env, errh)
    return r.complex_expand(e, fromr, args, tor, prefix, env, errh)


def direct_expand(c: EClass, e: ElementT, fromr: Router, tor: Router, prefix: str,
                  env: VariableEnvironment, errh: ErrorHandler) -> ElementT:
    """Copy a primitive element (or tunnel) into ``tor`` under ``prefix`` with its configuration
    expanded (ElementClassT::direct_expand_element)."""
    new_name = prefix + e.name
    new_config = cp_expand(e.config, env)
    if e.tunnel():
        if fromr is tor and not prefix:
            return e
        if e.tunnel_output is not None:
            tor.add_tunnel(new_name, prefix + e.tunnel_output.name, e.landmark, errh)
            ne = tor.element(new_name)
            assert ne is not None
            return ne
        return tor.get_element(new_name, e.type, new_config, e.landmark)
    if fromr is tor and not prefix:
        e.config = new_config
        e.type = c
        return e
    old = tor.element(new_name)
    if old is not None:
        redeclaration_error(errh, "element", new_name, e.landmark, old.landmark)
    return tor.get_element(new_name, c, new_config, e.landmark)


def redeclaration_error(errh: ErrorHandler, what: str, name: str, landmark: Landmark,
                        old_landmark: Landmark) -> None:
    """Click's "redeclaration of ..." error pair (ElementT::redeclaration_error)."""
    sp = " " if what else ""
    errh.error(landmark, f"redeclaration of {what}{sp}'{name}'")
    errh.error(old_landmark, f"'{name}' previously declared here")


def signature(name: str, formal_types: list[str] | None, nargs: int, ninputs: int,
              noutputs: int) -> str:
    """ElementClassT::unparse_signature: ``Name(arg, KEY)[2 inputs, 1 output]``."""
    out = name or "<anonymous>"
    if formal_types:
        parts = ["<arg>" if t == "" else "..." if t == "__REST__" else t for t in formal_types]
        out += "(" + ", ".join(parts) + ")"
    out += "["
    if formal_types is None and nargs > 0:
        out += f"{nargs} argument{'' if nargs == 1 else 's'}, "
    out += f"{ninputs} input{'' if ninputs == 1 else 's'}, "
    out += f"{noutputs} output{'' if noutputs == 1 else 's'}]"
    return out
