"""Component no components list names (W624).

The rules use a physical piece that the components lists never count: a
`component` whose name says it is a card, token, meeple, marker, tile, die,
board, miniature or sheet ("special Guard (a blue-colored Guard meeple)") and
that no manifest entry counts, neither by itself nor by a name it ends with
("Condition cards" covers the "Knockdown Condition card") nor by the piece it
says it is ("a Guard meeple"); a piece it says is another reused ("a Trust
token from the reserve", "a Bond token used as Æ") is that other piece. And a
piece the prose names ("the Progress marker") whose kind of piece no list,
component, kind or deck mentions at all and that no declaration of the game (an
`external` of the base game included) carries. A game with no components list
is not checked, nor an example's own components.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from ..core.codes import Code
from ..core.diagnostics import Diagnostic
from ..semantics.resolve import GameModel
from ..syntax import ast
from .common import finding
from .terms import STOP, key, known_names

CODES = (Code.UNLISTED_COMPONENT,)
PIECES = ("tokens?|cards?|meeples?|markers?|tiles?|dice|boards?|miniatures?|pawns?|"
          "cubes?|discs?|sheets?|standees?|counters?")
_PIECE = re.compile(rf"\b(?:{PIECES})\b", re.I)
_NAMED_PIECE = re.compile(rf"((?:[A-Z][\w'’&-]*\s+){{1,4}})({PIECES})\b")
_ASIDE = re.compile(r"\(([^)]*)\)")
_REUSED = re.compile(r"\b(?:used as|from the|in place of|instead of)\b", re.I)


def check(model: GameModel) -> Iterator[Diagnostic]:
    models = [model] + ([model.base] if model.base else [])
    manifests = [d for m in models for d in m.decls() if isinstance(d, ast.Manifest)]
    if not manifests:
        return
    listed: set[str] = set()
    for manifest in manifests:
        assert isinstance(manifest, ast.Manifest)
        for entry in manifest.entries:
            target = model.targets.get(entry.target)
            for name in (entry.label, target.title if target else None):
                if name:
                    listed.add(key(name))
    yield from _components(model, listed)
    yield from _prose(model, manifests)


def _components(model: GameModel, listed: set[str]) -> Iterator[Diagnostic]:
    counted = {id(model.targets[e.target]) for m in model.of_type(ast.Manifest)
               if isinstance(m, ast.Manifest) for e in m.entries if e.target in model.targets}
    for sym in model.symbols.values():
        decl = sym.decl
        if not isinstance(decl, ast.Component) or id(decl) in counted or \
                any(isinstance(n.decl, ast.Example) for n in sym.ancestors()):
            continue
        title = decl.title or decl.id.replace("_", " ")
        names = [_ASIDE.sub("", title), *_ASIDE.findall(title)]
        if not any(_PIECE.search(n) for n in names) or any(_REUSED.search(n) for n in names):
            continue  # not a piece in the box, or another piece reused
        if not any(_covered(key(n), listed) for n in names):
            yield finding(model, Code.UNLISTED_COMPONENT,
                          f"{title!r} is a piece the rules use, and no components list "
                          "counts it", decl,
                          hint="if the box holds it, the book's components list leaves it "
                          "out: record it with `note missing`")


def _covered(name: str, listed: set[str]) -> bool:
    """Whether a listed name is the name, or the words it ends with."""
    words = [w for w in name.split() if w not in ("a", "an", "the")]
    return any(" ".join(words[i:]) in listed for i in range(len(words) - 1))


def _prose(model: GameModel, manifests: Sequence[ast.Decl]) -> Iterator[Diagnostic]:
    kinds: set[str] = set()  # the kinds of piece the lists and components mention
    for decl in [*manifests, *(d for d in model.decls()
                               if isinstance(d, (ast.Component, ast.Kind, ast.Deck, ast.Die)))]:
        texts = [decl.title or "", *(p.text for p in decl.prose),
                 *(e.label or "" for e in getattr(decl, "entries", ()))]
        kinds.update(key(m.group()) for t in texts for m in _PIECE.finditer(t))
    names = known_names(model)
    reported: set[str] = set()
    for decl in model.decls():
        if isinstance(decl, (ast.Waiver, ast.Ruling, ast.Example)):
            continue
        for para in decl.prose:
            for match in _NAMED_PIECE.finditer(para.text):
                words = match.group(1).split()
                while words and words[0] in STOP:
                    words.pop(0)
                name = " ".join([*words, match.group(2)])
                k = key(name)
                if not words or key(match.group(2)) in kinds or k in names or k in reported:
                    continue
                reported.add(k)
                yield finding(model, Code.UNLISTED_COMPONENT,
                              f"{name!r}: the components lists name no {match.group(2)} at "
                              "all", decl, para.span,
                              "if the game uses this piece, the book's components list "
                              "leaves it out: record it with `note missing`")
