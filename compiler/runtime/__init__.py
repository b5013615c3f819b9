"""`ludex.runtime`: what a generated engine runs on.

A generated package (`generated/<game>/`) declares its game as `Definitions`
(stats, tracks, decks, zones, dice, tables, rules, procedures, the catalog)
and compiles each rule to functions of a `Game` and a `Ctx`, registered in a
`Book` by a decorator that holds the rule's metadata (`book`); `assembly`
turns the package's modules into its `DEFINITIONS` and `new_game`. This package is
everything those functions call; it imports nothing else of ludex. `state`
holds a game's values and places, `resolution` how rules, procedures, hooks
(`after STAT`: after each change of a stat), overrides and effects resolve.

    from generated.game_id import new_game
    game = new_game(seed=1)
    game.act("module.rule", actor="player_id")
    print(game.log.text())
"""

from __future__ import annotations

from . import queries
from .assembly import NewGame, define_game, game_starter
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
from .errors import Illegal, NotExecutable, RuleError
from .log import Event, EventLog
from .match import Action, IllegalAction, Match
from .state import Ctx, Game, Run

__all__ = [
    "GAME", "Action", "Book", "Choice", "Chooser", "Ctx", "DeckDef", "Definitions", "DieDef",
    "Duration", "Enumerator", "Event", "EventLog", "ExampleDef", "Expectation", "FirstChooser",
    "Game", "Illegal", "IllegalAction", "InteractiveChooser", "Limit", "Match", "NewGame",
    "NotExecutable", "ProcedureDef", "RandomChooser", "Record", "Reward", "Row", "RuleDef",
    "RuleError", "Run", "ScriptedChooser", "StatDef", "TableDef", "Timing", "TrackDef",
    "Unanswered", "Value", "ZoneDef", "by_name", "define_game", "explore", "game_starter",
    "queries",
]
