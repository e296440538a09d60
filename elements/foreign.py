"""Click classes clickc does not compile, as far as Click's tools need to know them.

``clickc undead`` (clickc.passes.undead, Click's click-undead) works on any configuration, like
click-flatten, so it meets classes clickc has no spec for.  click-undead knows their flags
(Click's ``Element::flags()``); these stand-in specs give it the
same traits (:func:`clickc.elements.registry.click_traits`).  They are not in the registry's
class table: for the compiler the classes stay unknown.  Sources: the classes' ``flags()`` in
Click's element headers (the elementmap gives subclasses their parent's flags, e.g.
RandomSource inherits InfiniteSource's).
"""

from __future__ import annotations

from .spec import ElementSpec


def _foreign(name: str, processing: str = "a/a", click_flags: str = "",
             scheduler: bool = False, static_switch: bool = False) -> ElementSpec:
    return ElementSpec(name, "-/-", processing,
                       click_flags=click_flags, scheduler=scheduler,
                       static_switch=static_switch, doc="A Click class clickc does not compile.")


#: The stand-ins, made with ``_foreign``: none left, every class once here now compiles
#: (issue 19); the mechanism stays for classes clickc does not know yet.
_STANDINS: tuple[ElementSpec, ...] = ()

#: Stand-in specs by class name.
FOREIGN: dict[str, ElementSpec] = {s.name: s for s in _STANDINS}
