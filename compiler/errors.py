"""Located diagnostics in Click's style.

Every error the compiler reports carries a landmark, ``FILE:LINE``, and is printed as
``FILE:LINE: message`` exactly as Click's ErrorHandler prints them.  Errors are collected (Click
reports all of them in one run) and the command-line driver turns a non-empty collection into
exit status 1.  Nothing in the compiler should let a Python exception escape for bad input.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import TextIO


@dataclass(frozen=True, order=True)
class Landmark:
    """A source position: file name and 1-based line number (line 0 means "no line").

    ``line`` is the declaration's real line, the one Click's driver (lib/lexer.cc, used by
    ``click``) reports.  ``tools`` is set on element declarations whose line differs in Click's
    tools (tools/lib/lexert.cc, used by click-flatten): that lexer gives a line that follows a
    ``//`` comment (or a newline inside a comment or a quoted configuration string) the number
    of the last line it recorded.  It takes no part in comparisons; :meth:`for_tools` picks it.
    """

    file: str
    line: int = 0
    tools: Landmark | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return f"{self.file}:{self.line}" if self.line else self.file

    def for_tools(self) -> Landmark:
        """The landmark click-flatten and the other Click tools print for this position."""
        return self.tools if self.tools is not None else self


@dataclass(frozen=True)
class Diagnostic:
    """One message: ``level`` is "error", "warning" or "message" (context lines)."""

    landmark: Landmark | None
    message: str
    level: str = "error"

    def __str__(self) -> str:
        prefix = f"{self.landmark}: " if self.landmark is not None else ""
        if self.level == "warning":
            prefix += "warning: "
        return prefix + self.message


@dataclass
class ErrorHandler:
    """Collects diagnostics; ``nerrors`` counts errors only.

    ``context`` is a stack of "While configuring ..." style lines: when non-empty, the first error
    reported under a context is preceded by the context line, as Click's ContextErrorHandler does.
    """

    diagnostics: list[Diagnostic] = field(default_factory=list)
    nerrors: int = 0
    nwarnings: int = 0
    #: report declarations at the line Click's tools (click-flatten) give them
    #: (:meth:`Landmark.for_tools`) instead of the line Click's driver gives them
    tools_landmarks: bool = False
    #: set by the checker when Click's ``Router::initialize`` would fail (connection or
    #: configuration errors): the commands then end with "Router could not be initialized!"
    #: as Click's driver does
    initialize_failed: bool = False

    def _lm(self, landmark: Landmark | None) -> Landmark | None:
        return landmark.for_tools() if landmark is not None and self.tools_landmarks else landmark

    def error(self, landmark: Landmark | None, message: str) -> None:
        self.diagnostics.append(Diagnostic(self._lm(landmark), message, "error"))
        self.nerrors += 1

    def warning(self, landmark: Landmark | None, message: str) -> None:
        self.diagnostics.append(Diagnostic(self._lm(landmark), message, "warning"))
        self.nwarnings += 1

    def message(self, landmark: Landmark | None, message: str) -> None:
        """A context line that is not itself an error (e.g. "While configuring ...")."""
        self.diagnostics.append(Diagnostic(self._lm(landmark), message, "message"))

    def print(self, stream: TextIO | None = None) -> None:
        out = stream if stream is not None else sys.stderr
        for d in self.diagnostics:
            print(str(d), file=out)

    def __bool__(self) -> bool:  # an ErrorHandler is "true" when it holds errors
        return self.nerrors > 0


class ClickError(Exception):
    """Raised to abandon a stage after errors were recorded in ``errh``."""

    def __init__(self, errh: ErrorHandler) -> None:
        super().__init__("\n".join(str(d) for d in errh.diagnostics))
        self.errh = errh
