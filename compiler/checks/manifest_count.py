"""Manifest count (W601).

A components list says how many of something the box holds ("Vengeance cards
(12)"); the rules define the things themselves. When an entry counts a kind
whose instances are encoded, or a deck whose contents are, the two numbers
must agree; a breakdown such as "(2 per Servant)" must multiply out; and two
lists must not count the same thing differently. A kind with no encoded
instances is not compared: the rules do not enumerate it. A breakdown counts
the instances of the list's own modules (those the list stands in, or whose
components it lists) when it names any: a module's "2 per Servant" counts that
module's Servants, not those another module adds.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..core.codes import Code
from ..core.diagnostics import Diagnostic
from ..core.vocabulary import OPTION_KEYWORDS
from ..semantics.resolve import GameModel
from ..syntax import ast
from .common import finding

CODES = (Code.MANIFEST_COUNT,)


def defined_count(model: GameModel, target: ast.Decl,
                  within: frozenset[int] = frozenset()) -> int | None:
    """How many of `target` the rules define, or None when they do not say; `within`
    (ids of modules), when given, counts only the instances inside those modules."""
    if isinstance(target, ast.Kind):
        n = sum(1 for d in model.decls() if isinstance(d, ast.Instance)
                and d.keyword == target.id and
                (not within or not within.isdisjoint(_modules_of(model, d))))
        return n or None
    if isinstance(target, ast.Deck) and target.contains is not None:
        if isinstance(target.contains, ast.ListLit):
            return len(target.contains.items)
        inner = model.targets.get(target.contains) if isinstance(target.contains, ast.Ref) \
            else None
        return defined_count(model, inner) if inner is not None else None
    return None


def check(model: GameModel) -> Iterator[Diagnostic]:
    counted: dict[int, tuple[ast.Manifest, ast.Entry]] = {}
    for manifest in model.of_type(ast.Manifest):
        assert isinstance(manifest, ast.Manifest)
        for entry in manifest.entries:
            target = model.targets.get(entry.target)
            if target is None:
                continue
            yield from _compare(model, manifest, entry, target)
            first = counted.setdefault(id(target), (manifest, entry))
            if first[1] is not entry and first[1].count != entry.count:
                yield finding(model, Code.MANIFEST_COUNT,
                              f"{_label(entry)}: {entry.count} here, but "
                              f"{first[1].count} in {first[0].display!r}", manifest,
                              entry.span, f"the other count is at {first[1].span}")


def _compare(model: GameModel, manifest: ast.Manifest, entry: ast.Entry,
             target: ast.Decl) -> Iterator[Diagnostic]:
    defined = defined_count(model, target)
    if defined is not None and defined != entry.count and entry.per_count is None:
        yield finding(model, Code.MANIFEST_COUNT, f"{_label(entry)}: the components list says "
                      f"{entry.count}, the rules define {defined}", manifest, entry.span,
                      f"the {defined} are the instances of `{target.id}`")
    if entry.per_count is None:
        return
    per = model.targets.get(entry.per) if entry.per is not None else target
    n = defined_count(model, per, _list_modules(model, manifest)) if per is not None else None
    if n is not None and entry.per_count * n != entry.count:
        what = f"per {entry.per.dotted}" if entry.per is not None else "each"
        yield finding(model, Code.MANIFEST_COUNT,
                      f"{_label(entry)}: {entry.per_count} {what} makes "
                      f"{entry.per_count * n}, not {entry.count}", manifest, entry.span,
                      f"there are {n} of `{per.id if per else '?'}`")


def _modules_of(model: GameModel, decl: ast.Decl) -> frozenset[int]:
    """The modules (modes, variants, scenarios, campaigns) a declaration stands in."""
    sym = model.by_decl.get(id(decl))
    return frozenset(id(s.decl) for s in (sym.ancestors() if sym else ())
                     if isinstance(s.decl, ast.Container) and s.decl.keyword in OPTION_KEYWORDS)


def _list_modules(model: GameModel, manifest: ast.Manifest) -> frozenset[int]:
    """The modules a components list belongs to: those it stands in, and those holding
    what its entries count."""
    found = _modules_of(model, manifest)
    for entry in manifest.entries:
        target = model.targets.get(entry.target)
        if target is not None:
            found |= _modules_of(model, target)
    return found


def _label(entry: ast.Entry) -> str:
    return repr(entry.label) if entry.label else f"`{entry.target.dotted}`"
