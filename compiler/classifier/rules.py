"""Parsed rule sets and diagnostics shared by the Classifier and IPFilter parsers."""

from __future__ import annotations

from dataclasses import dataclass, field

from .expr import Expr

#: Output "port" meaning: drop the packet (Click's ``j_never``).
DROP = -1


@dataclass
class Diagnostics:
    """Messages in the order Click prints them; ``level`` is "error" or "warning".

    ``text`` is the message as Click words it, including any "pattern N: " prefix, without the
    "warning: " marker (added when printed)."""

    items: list[tuple[str, str]] = field(default_factory=list)

    def error(self, text: str) -> None:
        self.items.append(("error", text))

    def warning(self, text: str) -> None:
        self.items.append(("warning", text))

    @property
    def nerrors(self) -> int:
        return sum(1 for level, _ in self.items if level == "error")

    def lines(self) -> list[str]:
        """Click's rendering: a warning's marker follows any "pattern N: " prefix."""
        out = []
        for level, text in self.items:
            if level == "warning":
                head, sep, rest = text.partition(": ")
                if sep and head.startswith("pattern "):
                    text = f"{head}: warning: {rest}"
                else:
                    text = "warning: " + text
            out.append(text)
        return out


@dataclass
class Rule:
    """One pattern: the packets matching ``expr`` (and no earlier rule) go to ``port``
    (``DROP`` = -1 drops them).  ``text`` is the configuration text, for comments."""

    expr: Expr
    port: int
    text: str


@dataclass
class RuleSet:
    """An element's rules in order.  ``space`` is "classifier" (offsets from the packet data)
    or "ip" (Click's IPFilter offset space: MAC header - 2 at 0, network header at 256,
    transport header at 512).  ``noutputs`` is the element's output count."""

    space: str
    rules: list[Rule]
    noutputs: int
