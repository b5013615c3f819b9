"""`ludex.runtime`: what a generated engine runs on.

A generated package (`generated/<game>/`) declares its game as `Definitions`
(stats, tracks, decks, zones, dice, tables, rules, procedures, the catalog)
and compiles each rule to functions of a `Game` and a `Ctx`, registered in a
`Book` by a decorator that holds the rule's metadata (`book`); `assembly`
turns the package's modules into its `DEFINITIONS` and `new_game`. This package is
everything those functions call; it imports nothing else of ludex. `state`
holds a game's values and places, `resolution` how rules, procedures, hooks
(`after STAT`: after each change of a stat), overrides and effects resolve.

A game is played a decision at a time, by a `Match` (a bot, a user
interface, a replay), or in one pass by a `Game` whose `Chooser` answers every
choice (a simulation), or rule by rule, `Game.act` (a check, a tool):

    >>> from duel import DEFINITIONS, new_game   # a generated package
    >>> match = Match(DEFINITIONS, players=2, seed=1)
    >>> match.apply(match.legal_actions()[0])
    >>> match.current_player, [action.name for action in match.legal_actions()]
    ('bob', ['turn.play.c=low#1', 'turn.play.c=high#3'])
    >>> game = new_game(seed=1, players=2)
    >>> game.set_place("hand@ann", ["high"])
    >>> game.act("play", actor="ann")
    >>> print(game.log.text())
       1 set hand@ann: ['high#1']
       2 step turn.play [ann]: Play a card
       3 choose turn.play.c [ann]: forced: high#1 (by turn.play)
       4 move high#1: hand@ann -> table (by turn.play)
       5 gain score [ann]: 0 + 12 -> 12 (by turn.play)
"""

from __future__ import annotations

from . import queries
from .assembly import NewGame, define_game, game_starter, match_starter
from .board import BoardDef
from .book import Book
from .choosers import (
    Choice,
    Chooser,
    Enumerator,
    FirstChooser,
    InteractiveChooser,
    RandomChooser,
    ScriptedChooser,
    Unanswered,
    explore,
)
from .defs import (
    GAME,
    DeckDef,
    Definitions,
    DieDef,
    Duration,
    ExampleDef,
    Expectation,
    Limit,
    ProcedureDef,
    Record,
    Reward,
    Row,
    RuleDef,
    StatDef,
    TableDef,
    Timing,
    TrackDef,
    Value,
    ZoneDef,
    by_name,
)
from .errors import Illegal, NoLegalChoice, NotExecutable, RuleError
from .log import Event, EventLog
from .match import Action, IllegalAction, Match
from .state import Ctx, Game, Run

__all__ = [
    "GAME", "Action", "BoardDef", "Book", "Choice", "Chooser", "Ctx", "DeckDef", "Definitions",
    "DieDef",
    "Duration", "Enumerator", "Event", "EventLog", "ExampleDef", "Expectation", "FirstChooser",
    "Game", "Illegal", "IllegalAction", "InteractiveChooser", "Limit", "Match", "NewGame",
    "NoLegalChoice", "NotExecutable", "ProcedureDef", "RandomChooser", "Record", "Reward",
    "Row", "RuleDef", "RuleError", "Run", "ScriptedChooser", "StatDef", "TableDef", "Timing",
    "TrackDef", "Unanswered", "Value", "ZoneDef", "by_name", "define_game", "explore",
    "game_starter", "match_starter", "queries",
]
