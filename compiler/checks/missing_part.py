"""Missing part (W602).

An instance lacks what its siblings all have: a card with no name while the
other cards of its kind have one, a list field shorter or longer than on every
other card of the kind (a penalty list with one entry where the others have
two), an optional field every sibling fills (a mission with no Objective).
Sibling comparisons need at least three instances of the kind. What the
encoder recorded with `note missing` is listed with the other source notes
(N611), not again here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from ..core.codes import Code
from ..core.diagnostics import Diagnostic
from ..semantics.resolve import GameModel
from ..syntax import ast
from .common import finding

CODES = (Code.MISSING_PART,)
MIN_SIBLINGS = 3


def check(model: GameModel) -> Iterator[Diagnostic]:
    by_kind: dict[str, list[ast.Instance]] = {}
    for decl in model.decls():
        if isinstance(decl, ast.Instance):
            by_kind.setdefault(decl.keyword, []).append(decl)
    for kind, instances in by_kind.items():
        if len(instances) >= MIN_SIBLINGS:
            yield from _names(model, kind, instances)
            yield from _fields(model, kind, instances)


def _names(model: GameModel, kind: str, instances: list[ast.Instance]) -> Iterator[Diagnostic]:
    named = [i for i in instances if i.title]
    if len(named) * 2 > len(instances):
        for inst in instances:
            if not inst.title:
                yield finding(model, Code.MISSING_PART, f"this {kind} has no name; the other "
                              f"{len(named)} {kind}s have one", inst,
                              hint="the book prints no name for it: see its notes")


def _fields(model: GameModel, kind: str, instances: list[ast.Instance]) -> Iterator[Diagnostic]:
    values = [{p.name: p for p in i.values} for i in instances]
    names = sorted({n for v in values for n in v})
    for name in names:
        having = [v[name] for v in values if name in v]
        for inst, vals in zip(instances, values, strict=True):
            if name not in vals and len(having) == len(instances) - 1:
                yield finding(model, Code.MISSING_PART,
                              f"{_who(inst)} has no `{name}`; every other "
                              f"{kind} has one", inst)
        lengths = Counter(len(p.value.items) for p in having if isinstance(p.value, ast.ListLit))
        if len(lengths) < 2:
            continue
        common, n = lengths.most_common(1)[0]
        if n < len(having) - 1:
            continue  # no clear norm among the siblings
        for inst, vals in zip(instances, values, strict=True):
            prop = vals.get(name)
            if prop is not None and isinstance(prop.value, ast.ListLit) and \
                    len(prop.value.items) != common:
                yield finding(model, Code.MISSING_PART, f"{_who(inst)} has {len(prop.value.items)} "
                              f"`{name}` where the other {n} {kind}s have {common}", inst,
                              prop.span)


def _who(inst: ast.Instance) -> str:
    return repr(inst.title) if inst.title else f"`{inst.id}`"
