"""A solver reference, resolved in one place: a built-in's id, or a visitor's text.

An entry, a job, a link or a record names its solver by a reference; only this module knows
which kind it is (docs/visitor-solver.md, "A visitor's solver"). A built-in is named by its id
(``hill_climb``); a visitor's text by ``own@`` and the first :data:`PREFIX` hex digits of its
sha256 (``own@1a2b3c4d``), or by ``own`` alone where only one text is given (a single
``--solver-file``, today's links). Records keep ``solver`` as ``own`` and name the text by
``solver_file`` and ``solver_sha256``; :func:`of_record` reads the reference back from them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from . import solvers, values, visitor
from .solver_file import ID as OWN, SolverFile, SolverFileError

PREFIX = 8                     # hex digits of a text's sha256 that name it in an entry or a label
MARK = "@"                     # own@<prefix>
_HEX = re.compile(r"[0-9a-f]{4,64}")   # a prefix: 4 to 64 hex digits (static/rules/solver-ref.js alike)


@dataclass(frozen=True)
class SolverRef:
    """A resolved solver: the id records carry (a built-in's, or ``own``) and, for a visitor's
    solver, its text."""

    solver: str
    source: SolverFile | None = None

    @property
    def name(self) -> str:
        """What names it beside others: the id, or ``own@<prefix>`` for a visitor's text."""
        return self.solver if self.source is None else name_of(self.source)

    def module(self):
        """A built-in's module, or what the lab may read of a visitor's solver without running it
        here (its schema, read in a process of its own: visitor.stand_in); SolverError if neither."""
        if self.source is None:
            return solvers.get(self.solver)
        return visitor.stand_in(self.source)

    def title(self) -> str:
        return str(self.module().TITLE)


def name_of(source: SolverFile) -> str:
    """``own@<prefix>``: a visitor's text named by the start of its sha256."""
    return f"{OWN}{MARK}{source.sha256[:PREFIX]}"


def is_visitors(name: str) -> bool:
    """Whether `name` names a visitor's text (``own`` or ``own@<prefix>``), not a built-in."""
    return name == OWN or name.startswith(OWN + MARK)


def resolve(name: str, sources: Sequence[SolverFile] = ()) -> SolverRef:
    """The solver `name` stands for among the built-ins and the visitor's texts `sources`:
    ``own`` is the one text (when exactly one is given), ``own@<hex>`` the text whose sha256
    starts so. SolverError (field ``solver``) says why none is."""
    if not is_visitors(name):
        solvers.get(name)                        # an unknown id: its SolverError names the choices
        return SolverRef(name)
    texts = list(dict.fromkeys(sources))         # the same file twice is one text
    if not texts:
        raise solvers.SolverError(f"the solver '{OWN}' is a solver file's: give it with --solver-file FILE", "solver")
    if name == OWN:
        if len(texts) > 1:
            raise solvers.SolverError(f"'{OWN}' could be any of {len(texts)} solver files; name one: "
                                      + ", ".join(f"{name_of(s)} ({s.name})" for s in texts), "solver")
        return SolverRef(OWN, texts[0])
    return SolverRef(OWN, _by_prefix(name, texts))


def _by_prefix(name: str, texts: list[SolverFile]) -> SolverFile:
    prefix = name[len(OWN + MARK):].lower()
    if not _HEX.fullmatch(prefix):
        raise solvers.SolverError(f"{values.quote(name)}: own@ takes the first hex digits of a text's sha256", "solver")
    found = [s for s in texts if s.sha256.startswith(prefix)]
    if len(found) != 1:
        given = ", ".join(f"{name_of(s)} ({s.name})" for s in texts)
        what = "no solver file's" if not found else f"{len(found)} solver files'"
        raise solvers.SolverError(f"'{name}' is {what} sha256; given: {given}", "solver")
    return found[0]


def of_record(rec: dict[str, Any]) -> str:
    """The name of the solver a record ran: its id, or ``own@<prefix>`` from its ``solver_sha256``."""
    sha = rec.get("solver_sha256")
    return f"{OWN}{MARK}{sha[:PREFIX]}" if sha else rec["solver"]


def unnamed(sources: Iterable[SolverFile], refs: Iterable[SolverRef]) -> list[SolverFile]:
    """The texts no reference names, in their order (each becomes an entry of its own)."""
    named = {r.source for r in refs if r.source is not None}
    return [s for s in dict.fromkeys(sources) if s not in named]


__all__ = ["MARK", "OWN", "PREFIX", "SolverFileError", "SolverRef", "is_visitors", "name_of", "of_record",
           "resolve", "unnamed"]
