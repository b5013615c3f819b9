"""A game played one decision at a time, as game-AI tools drive one.

`Match` plays a game from its start (the procedure that is its `game` period)
and stops at each decision a player must take: `legal_actions()` lists what
the player to act (`current_player`) may do, each with a stable name, and
`apply(action)` takes one, refusing anything else with `IllegalAction`.
Random events (shuffles, dice) are the engine's, from the match's seed.

A match *is* its seed, its players, its options and the actions taken: the
same ones give the same game, event for event. So a match copies, pickles and
serialises as that record (`to_json`, `from_json`), `undo` goes back to any
earlier decision, and the state at any point is the game replayed with the
actions so far. Each step replays the game from its start: a step costs the
length of the game so far, which keeps every state reproducible and a copy
free of shared parts. (A whole playout without stops, for simulations, is a
`Game` with a `RandomChooser`: one pass.)

    >>> match = Match(DEFINITIONS, players=2, seed=1)
    >>> match.current_player
    'ann'
    >>> [action.name for action in match.legal_actions()]
    ['turn.play.c=high#1', 'turn.play.c=low#3']
"""

from __future__ import annotations

import difflib
import itertools
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .choosers import Choice
from .defs import Definitions, Value
from .state import Game

MAIN_PERIOD = "game"


class IllegalAction(ValueError):
    """An action that is not one of the legal actions now."""


@dataclass(frozen=True, slots=True)
class Action:
    """One decision: what `player` picks for the choice `choice` of `rule`."""

    rule: str
    choice: str
    player: Value
    picked: tuple[Value, ...]

    @property
    def name(self) -> str:
        """`rule.choice=option` (several options joined by `+`; `-` for none)."""
        shown = "+".join(str(p) for p in self.picked) or "-"
        return f"{self.rule}.{self.choice}={shown}"

    def __str__(self) -> str:
        return self.name


class _Pause(BaseException):
    """A decision nobody has taken yet: the replay stops here. Not a `RuleError`, so no
    rule's error handling can swallow it."""

    def __init__(self, choice: Choice) -> None:
        super().__init__(choice.prompt)
        self.choice = choice


class _Replay:
    """Answers each choice with the next recorded action; pauses when there is none."""

    def __init__(self, actions: Sequence[Action]) -> None:
        self.actions = actions
        self.used = 0

    def choose(self, choice: Choice) -> list[Value]:
        if self.used == len(self.actions):
            raise _Pause(choice)
        action = self.actions[self.used]
        if (action.rule, action.choice) != (choice.rule, choice.name):
            raise IllegalAction(f"the recorded action {action.name} does not answer "
                                f"{choice.prompt}: the record is not of this game")
        self.used += 1
        return list(action.picked)


class Match:
    """A game from its start, one decision at a time. `players`: how many seats, or
    which players; `options`: the modes, variants or scenarios chosen.

    A playout, always taking the first legal action, then its result and its record:

    >>> match = Match(DEFINITIONS, players=2, seed=1)
    >>> while not match.is_over():
    ...     match.apply(match.legal_actions()[0])
    >>> match.returns()
    {'ann': 14, 'bob': 14}
    >>> [action.name for action in match.actions]
    ['turn.play.c=high#1', 'turn.play.c=low#1']
    >>> Match.from_json(DEFINITIONS, match.to_json()).game.log.text() == match.game.log.text()
    True
    >>> match.undo(2)
    >>> match.current_player, match.actions
    ('ann', [])
    """

    def __init__(self, defs: Definitions, *, players: int | Sequence[str] | None = None,
                 seed: int = 0, options: Iterable[str] = (), without: Iterable[str] = (),
                 actions: Iterable[Action] = ()) -> None:
        self.defs = defs
        self.without = tuple(without)
        self.players = players if isinstance(players, int) or players is None \
            else tuple(players)
        self.seed = seed
        self.options = tuple(options)
        self.actions: list[Action] = list(actions)
        self.main = main_procedure(defs)
        self._replay()

    def _replay(self) -> None:
        replay = _Replay(self.actions)
        game = Game(self.defs, seed=self.seed, chooser=replay, options=self.options,
                    players=self.players, without=self.without)
        try:
            game.trigger(self.main)
            self.pending: Choice | None = None
        except _Pause as pause:
            self.pending = pause.choice
        if replay.used != len(self.actions):
            raise IllegalAction(f"the game ended after {replay.used} of the "
                                f"{len(self.actions)} recorded actions")
        self.game = game

    # ---------------------------------------------------------------- playing

    @property
    def current_player(self) -> Value:
        """Who decides now (nothing when the game is over, or for a choice of nobody's)."""
        return self.pending.who if self.pending is not None else None

    def is_over(self) -> bool:
        """Has the game ended (no decision is pending)?"""
        return self.pending is None

    def legal_actions(self) -> list[Action]:
        """What may be done now, in a stable order (none when the game is over)."""
        choice = self.pending
        if choice is None:
            return []
        top = min(choice.most, len(choice.options))
        return [Action(choice.rule, choice.name, choice.who, picked)
                for size in range(choice.least, top + 1)
                for picked in itertools.combinations(choice.options, size)]

    def apply(self, action: Action | str) -> None:
        """Take a legal action (or the action of that name); anything else is refused.

        >>> match = Match(DEFINITIONS, players=2, seed=1)
        >>> match.apply("turn.play.c=high#1")
        >>> match.current_player
        'bob'
        >>> try:
        ...     match.apply("turn.play.c=high#2")
        ... except IllegalAction as refused:
        ...     print(refused)
        turn.play.c=high#2 is not a legal action now; did you mean turn.play.c=high#3?
        """
        legal = self.legal_actions()
        found = next((a for a in legal if a == action or a.name == str(action)), None)
        if found is None:
            names = [a.name for a in legal]
            close = difflib.get_close_matches(str(action), names, n=1)
            hint = f"; did you mean {close[0]}?" if close else (
                "; the game is over" if not legal else f"; legal: {', '.join(names[:8])}"
                + (" ..." if len(names) > 8 else ""))
            raise IllegalAction(f"{action} is not a legal action now{hint}")
        self.actions.append(found)
        self._replay()

    def undo(self, steps: int = 1) -> None:
        """Go back `steps` decisions (to the start at most)."""
        del self.actions[max(0, len(self.actions) - steps):]
        self._replay()

    def ended_with(self) -> str | None:
        """How the game ended, when a rule said so (`end game with "won"`)."""
        return self.game.ended_with

    def returns(self) -> dict[str, Value]:
        """Each player's result: the value of the game's `result:` stat (every stat of
        theirs, when the game names none)."""
        stat = self.defs.result
        if stat is not None:
            return {p: self.game.get(p, stat) for p in self.game.seats}
        return {p: self.game.stats.of(p) for p in self.game.seats}

    # ---------------------------------------------------------------- views

    def view(self, player: Value) -> dict[str, Any]:
        """What `player` may see: every public place's contents, their own private places,
        the size of the rest (decks, hidden zones, other players' hands), every player's
        stats and the game's own (`game`: a shared track, a value every player reads).

        >>> Match(DEFINITIONS, players=2, seed=1).view("ann")["places"]
        {'hand@ann': ['high#1', 'low#3'], 'hand@bob': 2, 'stock': 2}
        """
        if player not in self.game.seats:
            raise IllegalAction(f"{player!r} is not a player of this game")
        places: dict[str, Any] = {}
        for place, items in sorted(self.game.places.contents.items()):
            places[place] = list(items) if self._visible(place, player) else len(items)
        return {"player": player, "to_act": self.current_player, "over": self.is_over(),
                "places": places, "stats": {p: self.game.stats.of(p) for p in self.game.seats},
                "game": self.game.stats.of(None)}

    def _visible(self, place: str, player: Value) -> bool:
        """A deck is seen face down (its size only); a zone as its `visibility:` says, a
        per-player zone private to its player unless declared public."""
        base, _, seat = place.partition("@")
        if base in self.defs.decks:
            return False
        zone = self.defs.zones.get(base)
        if zone is None:
            return True  # a place no declaration hides: a board, a face-up heap
        visibility = zone.visibility or ("private" if zone.per_player else "public")
        if visibility == "private":
            return bool(seat == player) if zone.per_player else bool(zone.owner == player)
        return visibility == "public"

    # ---------------------------------------------------------------- records

    def record(self) -> dict[str, Any]:
        """The match as plain data: what replays it."""
        return {"game": self.defs.game, "seed": self.seed, "players": self.players,
                "options": list(self.options), "without": list(self.without),
                "actions": [[a.rule, a.choice, a.player, list(a.picked)] for a in self.actions]}

    def to_json(self) -> str:
        """The record as JSON: the match replays from it (`from_json`)."""
        return json.dumps(self.record(), sort_keys=True, ensure_ascii=True)

    @classmethod
    def from_json(cls, defs: Definitions, text: str) -> Match:
        """The match a `to_json` record describes, replayed."""
        data = json.loads(text)
        if data.get("game") != defs.game:
            raise IllegalAction(f"a record of {data.get('game')!r}, not of {defs.game!r}")
        players = data["players"] if isinstance(data["players"], int) or \
            data["players"] is None else tuple(data["players"])
        actions = [Action(r, c, p, tuple(picked)) for r, c, p, picked in data["actions"]]
        return cls(defs, players=players, seed=int(data["seed"]), options=data["options"],
                   without=data.get("without", ()), actions=actions)

    def clone(self) -> Match:
        """An independent copy (so are `copy`, `deepcopy` and `pickle`)."""
        return Match(self.defs, players=self.players, seed=self.seed, options=self.options,
                     without=self.without, actions=self.actions)

    def __copy__(self) -> Match:
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> Match:
        return self.clone()

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.defs, self.players, self.seed, self.options, self.without,
                           tuple(self.actions)))


def _rebuild(defs: Definitions, players: Any, seed: int, options: tuple[str, ...],
             without: tuple[str, ...], actions: tuple[Action, ...]) -> Match:
    return Match(defs, players=players, seed=seed, options=options, without=without,
                 actions=actions)


def main_procedure(defs: Definitions) -> str:
    """The procedure that plays the whole game: `period: game`, or named `game`."""
    found = [p.name for p in defs.procedures.values()
             if p.period == MAIN_PERIOD or p.name.rsplit(".", 1)[-1] == MAIN_PERIOD]
    if len(found) != 1:
        what = "none" if not found else ", ".join(found)
        raise IllegalAction(f"{defs.game} must have one procedure that plays the game "
                            f"(`period: game`), and has {what}")
    return found[0]
