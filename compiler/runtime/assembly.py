"""A generated package's `__init__.py` in two calls: `define_game` reads the package's
modules into one `Definitions`, `game_starter` makes its `new_game`.

    DEFINITIONS = define_game('game_id', 'Game Title', catalog, components, rules, examples)
    new_game = game_starter(DEFINITIONS)

What each module holds is the contract between the emitter and this runtime: `catalog`
its `CATALOG` and `KINDS`, `components` its `STATS`, `DECKS`, `ZONES`, `DICE`,
`OPTIONS`, `PLAYERS`, `SEATS` and `RESULT`, `rules` and `examples` their `book`
(`ludex.runtime.book`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from types import MappingProxyType, ModuleType
from typing import Any, Protocol

from .choosers import Chooser
from .defs import Definitions
from .match import Match
from .state import Game


class NewGame(Protocol):
    """The type of a generated package's `new_game` (what `game_starter` makes)."""

    def __call__(self, *, seed: int = 0, chooser: Chooser | None = None,
                 options: Iterable[str] = (), players: int | Sequence[str] | None = None,
                 without: Iterable[str] = ()) -> Game:
        """A game in its starting state (see `game_starter`)."""
        ...


def define_game(game: str, title: str | None, catalog: ModuleType, components: ModuleType,
                rules: ModuleType, examples: ModuleType) -> Definitions:
    """Everything a generated package declares about its game. A package's
    `__init__.py` makes its `DEFINITIONS` so, from its modules:

    >>> from duel import catalog, components, examples, rules
    >>> definitions = define_game("duel", "Duel", catalog, components, rules, examples)
    >>> definitions.title, sorted(definitions.procedures), definitions.result
    ('Duel', ['game', 'rounds', 'turn'], 'score')
    """
    book, shown = rules.book, examples.book
    return Definitions(
        game=game, title=title, stats=components.STATS, tracks=_frozen(book.tracks),
        decks=components.DECKS, zones=components.ZONES, dice=components.DICE,
        boards=getattr(components, "BOARDS", {}),
        footprints=getattr(components, "FOOTPRINTS", {}),
        tables=_frozen(book.tables), rules=_frozen(book.rules),
        procedures=_frozen(book.procedures), records=catalog.CATALOG, kinds=catalog.KINDS,
        options=components.OPTIONS, examples=_frozen(shown.examples),
        players=components.PLAYERS, seats=components.SEATS, result=components.RESULT,
        package=catalog.__name__.rpartition(".")[0] or None)


def game_starter(defs: Definitions) -> NewGame:
    """The package's `new_game`: a game of `defs` in its starting state.

    >>> new_game = game_starter(DEFINITIONS)
    >>> game = new_game(seed=1, players=3)
    >>> game.seats
    ('ann', 'bob', 'cid')
    >>> game.members("stock")
    ['low#1', 'low#2', 'low#3', 'high#1', 'high#2', 'high#3']
    """

    def new_game(*, seed: int = 0, chooser: Chooser | None = None,
                 options: Iterable[str] = (), players: int | Sequence[str] | None = None,
                 without: Iterable[str] = ()) -> Game:
        """A game in its starting state: `options` names the modes, variants, scenarios or
        campaigns chosen (every module is in play); the seed makes shuffles and rolls
        repeat; `players` how many seats, or which players, in seat order; `without` the
        modules left out."""
        return Game(defs, seed=seed, chooser=chooser, options=options, players=players,
                    without=without)

    return new_game


def match_starter(defs: Definitions) -> Callable[..., Match]:
    """The package's `new_match`: a match of `defs` that has dealt and prepared, stopped at
    the first decision (a game without a `period: game` procedure has none).

    >>> new_match = match_starter(DEFINITIONS)
    >>> match = new_match(seed=1, players=2)
    >>> match.current_player, len(match.game.members("hand@ann"))
    ('ann', 2)
    """

    def new_match(*, seed: int = 0, options: Iterable[str] = (),
                  players: int | Sequence[str] | None = None,
                  without: Iterable[str] = ()) -> Match:
        """A match from the game's start to its first decision: `legal_actions()`,
        `apply(action)`, `view(player)`, `returns()` (see `ludex.runtime.Match`)."""
        return Match(defs, seed=seed, options=options, players=players, without=without)

    return new_match


def _frozen(items: Mapping[str, Any]) -> Mapping[str, Any]:
    return MappingProxyType(dict(items))


__all__ = ["NewGame", "define_game", "game_starter"]
