"""Unused declaration (W610).

A component, deck, zone, die, table, stat, track, kind or external term that
nothing refers to: no reference, no manifest entry, no instance, and no
mention of its name in any prose. A stat, track, deck or zone read through a
player or a loop variable (`p.hand`, `rival.score`, `top(pile).rank`) is
referred to by that name. Rules,
sections, cards and other items the book states for their own sake are never
"unused".
"""

from __future__ import annotations

from collections.abc import Iterator

from ..core.codes import Code
from ..core.diagnostics import Diagnostic
from ..semantics.resolve import GameModel
from ..syntax import ast
from ..syntax.walk import decl_texts, iter_nodes
from .common import finding
from .terms import key

CODES = (Code.UNUSED,)
USABLE = (ast.Component, ast.Deck, ast.Zone, ast.Die, ast.Table, ast.Stat, ast.Track, ast.Kind,
          ast.External)


def check(model: GameModel) -> Iterator[Diagnostic]:
    used = {id(d) for d in model.targets.values()}
    kinds_used = {d.keyword for d in model.decls() if isinstance(d, ast.Instance)}
    for expansion in model.expansions:
        used |= {id(d) for d in expansion.targets.values()}
    # what no reference names; only these are looked for in the prose and the code
    unnamed = [d for d in model.decls() if isinstance(d, USABLE) and id(d) not in used
               and not (isinstance(d, ast.Kind) and d.id in kinds_used)]
    if not unnamed:
        return
    mentioned = _mentioned(model, {key(d.title) for d in unnamed if d.title})
    through = _read_through(model) if any(isinstance(d, ATTRIBUTES) for d in unnamed) \
        else set()
    for decl in unnamed:
        if isinstance(decl, ATTRIBUTES) and decl.id in through:
            continue
        if decl.title and key(decl.title) in mentioned:
            continue
        yield finding(model, Code.UNUSED, f"{decl.keyword} {decl.display!r} is declared but "
                      "nothing refers to it", decl,
                      hint="refer to it where the rules use it, or remove it")


MAX_NAME_WORDS = 8
ATTRIBUTES = (ast.Stat, ast.Track, ast.Deck, ast.Zone)  # what a player or card holds


def _read_through(model: GameModel) -> set[str]:
    """The names read as a member of something only known when the rules run: a loop
    variable, a built-in name, what a call gives (`p.hand`, `you.score`, `top(pile).rank`)."""
    found: set[str] = set()
    for m in [model, *model.expansions]:
        for d in m.decls():
            for node in iter_nodes(d):
                if isinstance(node, ast.Ref) and len(node.parts) > 1 and \
                        node not in m.targets:
                    found.update(node.parts[1:])
                elif isinstance(node, ast.Attr):
                    found.update(node.names)
    return found


def _mentioned(model: GameModel, names: set[str]) -> set[str]:
    """Which of `names` (name keys) the prose of the game (and its expansions) mentions: a
    name is mentioned when its key is a run of up to 8 words of a text's key."""
    sizes = sorted({n for n in (len(name.split()) for name in names) if 0 < n <= MAX_NAME_WORDS})
    found: set[str] = set()
    for m in [model, *model.expansions]:
        for d in m.decls():
            for text in decl_texts(d):
                if text == d.title:
                    continue
                words = key(text).split()
                for i in range(len(words)):
                    for size in sizes:
                        if i + size > len(words):
                            break
                        run = " ".join(words[i:i + size])
                        if run in names:
                            found.add(run)
                if len(found) == len(names):
                    return found
    return found
