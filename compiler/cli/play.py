"""`ludex play GAME`: play a game in the terminal against seeded random players.

At each decision of the human's seat it shows what that player may see (`Match.view`:
their own hand, the public places, the size of the rest, the stats), the log of what
happened since their last decision, and the legal actions numbered; it reads a number
from standard input. The other seats pick a random legal action, from their own
`random.Random(seed)`. Hidden information stays hidden: the log is shown through the
player's eyes (a card moving between places they cannot see is "a card"; another
player's choice shows who chose, not what, until the card reaches a place they see).
The game ends with its result (`Match.returns`); end of input ends it early, exit 1.

The game is played in one pass, its chooser asking the player: a `Match` replays the
game from its start at each decision, which a long game cannot afford. At each
decision the live game is wrapped in a `Match` that stops there (`_Paused`), so the
legal actions, their names and the view are the Match's own.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..core.diagnostics import visible
from ..runtime import Action, Choice, Definitions, Game, Match, Value
from ..runtime.match import main_procedure
from .common import FINDINGS, OK, USAGE, conventions
from .simulate import one_game, seats_error

SHOWN_ITEMS = 12  # a public place's last items shown (a long discard pile)
MOVED = re.compile(r"(\S+) -> (\S+)")  # a thing's move in the log: `origin -> place`
NEW = "new"  # the origin of a thing that enters the game
PLACE_EVENTS = ("overflow", "set")  # events about a place's contents


class _Paused(Match):
    """A live game at one of its decisions, seen as a `Match` (no replay)."""

    def __init__(self, game: Game, choice: Choice) -> None:  # noqa: D107 - no replay: see class
        self.defs, self.game, self.pending = game.defs, game, choice
        self.players, self.seed, self.options, self.actions = None, 0, (), []
        self.main = main_procedure(game.defs)

    def sees(self, place: str, player: Value) -> bool:
        """Whether `player` sees what `place` holds (as the view decides)."""
        return self._visible(place, player)


class _Quit(BaseException):
    """The player's input ended: the game stops here (not a rule's error)."""


class _Table:
    """The chooser of a game at the terminal: the human's seat asks, the others play at
    random; `log_from` is where the log the human has not seen yet starts."""

    def __init__(self, human: str, seed: int, ask: Callable[[str], str],
                 tell: Callable[[str], None]) -> None:
        self.human, self.rng, self.ask, self.tell = human, random.Random(seed), ask, tell
        self.game: Game | None = None
        self.log_from = 0

    def choose(self, choice: Choice) -> list[Value]:
        assert self.game is not None
        paused = _Paused(self.game, choice)
        legal = paused.legal_actions()
        if choice.who != self.human:
            return list(self.rng.choice(legal).picked)
        self.show_log(paused)
        self.tell(render_view(paused, self.human))
        self.tell(f"{choice.prompt}:")
        for number, action in enumerate(legal, start=1):
            self.tell(f"  {number:>3}. {describe(action)}")
        return list(legal[self._number(len(legal)) - 1].picked)

    def _number(self, top: int) -> int:
        while True:
            try:
                said = self.ask(f"your action (1-{top}): ").strip()
            except EOFError:
                raise _Quit from None
            if said.isascii() and said.isdigit() and 1 <= int(said) <= top:
                return int(said)
            self.tell(f"please answer with a number from 1 to {top}")

    def show_log(self, paused: _Paused) -> None:
        """What happened since the human's last decision, through their eyes."""
        game = paused.game
        lines = [seen(paused, e, self.human) for e in game.log.events[self.log_from:]]
        self.log_from = len(game.log)
        if lines:
            self.tell("-- what happened --")
            self.tell("\n".join(lines))


def describe(action: Action) -> str:
    """An action for a reader: what is picked, and its stable name."""
    picked = ", ".join(str(p) for p in action.picked) or "nothing"
    return f"{picked}   [{action.name}]"


def seen(paused: _Paused, event: Any, player: str) -> str:
    """An event as `player` may see it: a thing moved between places out of their sight
    is "a card", a hidden place's overflow or contents are not told, another player's
    choice shows only who chose."""
    moved = MOVED.match(event.detail)
    if moved is not None and not any(paused.sees(p, player) for p in moved.groups()
                                     if p != NEW):
        return f"{event.seq:>4} {event.kind} a card: {event.detail}"
    if event.kind in PLACE_EVENTS and not paused.sees(str(event.what), player):
        return f"{event.seq:>4} {event.kind} {event.what}"
    if event.kind == "choose" and event.who not in (None, player):
        return f"{event.seq:>4} choose {event.what} [{event.who}]: made a choice"
    return str(event)


def render_view(paused: Match, player: str) -> str:
    """The state `player` may see: places (their contents, or how many things), the
    game's own stats and every player's."""
    view = paused.view(player)
    lines = [f"== {player}, your decision ==", "places:"]
    for place, items in view["places"].items():
        if isinstance(items, list):
            shown = items[-SHOWN_ITEMS:]
            more = f"... ({len(items)}) " if len(items) > len(shown) else ""
            lines.append(f"  {place}: {more}{', '.join(map(str, shown)) or '(empty)'}")
        else:
            lines.append(f"  {place}: {items} hidden")
    common = paused.game.stats.of(None)  # the game's own stats: public, like every stat
    if common:
        lines.append("game: " + ", ".join(f"{k}={v}" for k, v in common.items()))
    for who, stats in view["stats"].items():
        lines.append(f"{who}: " + (", ".join(f"{k}={v}" for k, v in stats.items()) or "-"))
    return "\n".join(lines)


def add(subparsers: Any) -> None:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "play", help="play a game in the terminal against random players",
        description="Play one seat; the other seats play random legal actions.")
    parser.add_argument("game", type=Path, metavar="GAME", help="the game's folder")
    parser.add_argument("--seat", default=None, help="the seat you play (default: the first)")
    parser.add_argument("--players", type=int, default=None,
                        help="how many players (default: the game's)")
    parser.add_argument("--seed", type=int, default=0,
                        help="the game's seed, and the other players' (default 0)")
    conventions(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    found = one_game(args.game, "play", args)
    if found is None:
        return FINDINGS
    _, _, defs = found
    if (why := seats_error(defs, args.players)) is not None:
        print(f"ludex play: {why}", file=sys.stderr)
        return USAGE
    return play(defs, args.players, args.seed, args.seat, _ask, print)


def _ask(prompt: str) -> str:
    print(prompt, end="", flush=True)
    line = sys.stdin.readline()
    if not line:
        raise EOFError
    if not sys.stdin.isatty():  # a script's answer, shown where a person's would be
        print(line.rstrip("\n"))
    return line


def play(defs: Definitions, players: int | None, seed: int, seat: str | None,
         ask: Callable[[str], str], tell: Callable[[str], None]) -> int:
    """One game, the seat `seat` played through `ask` and `tell`; the exit code."""
    seats = Game(defs, players=players).seats
    human = seat if seat is not None else (seats[0] if seats else "")
    if human not in seats:
        print(f"ludex play: {human!r} is not a seat of {defs.game} "
              f"(seats: {', '.join(seats) or 'none'})", file=sys.stderr)
        return USAGE

    def say(text: str) -> None:  # everything the game shows, escaped like a diagnostic
        tell("\n".join(visible(line) for line in text.split("\n")))

    table = _Table(human, seed, ask, say)
    game = Game(defs, seed=seed, chooser=table, players=players)
    table.game = game
    say(f"{defs.title or defs.game}: you play {human}; seats {', '.join(seats)}; seed {seed}")
    try:
        game.trigger(main_procedure(defs))
    except _Quit:
        say("\nno more input: the game is left unfinished")
        return FINDINGS
    except Exception as err:  # noqa: BLE001 - a failure of the engine ends the game
        say(f"the game stopped: {type(err).__name__}: {err}")
        return FINDINGS
    over = _Over(game)
    table.show_log(over)
    say("== the game is over ==")
    say("result: " + ", ".join(f"{p}: {v}" for p, v in over.returns().items()))
    return OK


class _Over(_Paused):
    """The game at its end, as a `Match` with nothing pending."""

    def __init__(self, game: Game) -> None:  # noqa: D107 - no replay: see `_Paused`
        super().__init__(game, Choice("", "", None, ()))
        self.pending = None
