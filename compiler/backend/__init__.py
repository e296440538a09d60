"""The clickc backend: a flat, checked router graph in, one C11 program out.

* :mod:`clickc.backend.model` turns a :class:`~clickc.ir.RouterGraph` (element specs bound,
  arguments parsed, push/pull resolved) into the plain data the templates render;
* :mod:`clickc.backend.render` renders ``templates/router.c.j2`` with Jinja2 (deterministic:
  the same graph gives the same bytes);
* :mod:`clickc.backend.params` splits ``NAME=VALUE`` parameters into run-time parameters of the
  program and compile-time ones;
* :mod:`clickc.backend.cc` drives the C compiler (clang, or gcc when clang is missing) to link
  the generated code with the runtime shipped in the package;
* :mod:`clickc.driver` (outside this package) strings the front end, the passes and the above
  together.

``docs/backend.md`` describes the generated program; ``docs/c-interface.md`` the C contract.
"""

from __future__ import annotations
