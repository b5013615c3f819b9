"""Random playouts of a game, for `ludex simulate`: each game played to its end (or its
dead end) by seeded random players, measured, and summed into one report.

Game `i` of a run is the game with seed `S + i`, its players a `RandomChooser` with the
same seed: one pass from the game's start (its `period: game` procedure), no replay.
The chooser records every decision as a `Match` action, so a dead end comes with the
seed and the action names that reproduce it (`Match(defs, seed=..., actions=...)`).
A dead end is a state short of the game's end with no legal action, an error (a
`RuleError` or any other exception), or a playout past its step or time limit.

The engine is generated from the compilation and imported into this process (one
worker) or into each worker process (`workers` > 1, started fresh with `spawn`, each
importing the engine from its source texts). Workers play disjoint seeds and the
summary is built in seed order, so the report is the same whatever the number of
workers. Generated code receives rule data only as literals (SECURITY.md); the step
limit, the time limit per game and the runtime's own loop bound keep a playout finite.
"""

from __future__ import annotations

import multiprocessing
import statistics
import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from ..backends.python.package import emit_game
from ..runtime import (
    Action,
    Choice,
    Definitions,
    Game,
    NoLegalChoice,
    RandomChooser,
    RuleError,
    Value,
)
from ..runtime.match import main_procedure
from ..semantics.resolve import GameModel
from .examples import load_engine

MAX_STEPS, TIME_LIMIT = 100_000, 60.0  # decisions per playout; seconds per playout
FIRING = ("rule", "step", "card")  # the log's kinds for a rule that fired
TURN = "turn"
NO_LEGAL_ACTION, ERROR, STEP_LIMIT, TIME_OUT = ("no legal action", "error", "step limit",
                                                "time limit")


def engine_files(model: GameModel) -> dict[str, str]:
    """The generated package of a game, as `ludex build` writes it (file -> text)."""
    return emit_game(model)


def definitions(files: Mapping[str, str], label: str) -> Definitions:
    """The game's definitions, its engine imported into this process."""
    defs: Definitions = load_engine(files, label).DEFINITIONS
    return defs


@dataclass(frozen=True, slots=True)
class Settings:
    """How each game is played: seats (None: the game's default), limits."""

    players: int | None = None
    max_steps: int = MAX_STEPS
    time_limit: float = TIME_LIMIT


@dataclass(frozen=True, slots=True)
class DeadEnd:
    """A playout that did not reach the game's end, and how to reproduce it."""

    seed: int
    kind: str  # NO_LEGAL_ACTION | ERROR | STEP_LIMIT | TIME_OUT
    message: str
    actions: tuple[str, ...]  # the decisions taken, as `Action.name`s


@dataclass(frozen=True, slots=True)
class Playout:
    """One game: whether it reached its end, its length, what fired."""

    seed: int
    finished: bool
    turns: int  # turn-period procedure runs, or decisions (see `Summary.counted`)
    decisions: int
    fired: tuple[tuple[str, int], ...]
    dead_end: DeadEnd | None = None


class _Stop(BaseException):
    """A playout stopped by its limits: not an `Exception`, so no rule's error handling
    can take it for a failure of its own."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


class _Recorder:
    """A `RandomChooser` that records each decision as an `Action` and enforces the
    step and time limits."""

    def __init__(self, seed: int, settings: Settings) -> None:
        self.random = RandomChooser(seed)
        self.settings = settings
        self.deadline = time.monotonic() + settings.time_limit
        self.actions: list[Action] = []

    def choose(self, choice: Choice) -> list[Value]:
        if len(self.actions) >= self.settings.max_steps:
            raise _Stop(STEP_LIMIT, f"still playing after {self.settings.max_steps} decisions")
        if time.monotonic() > self.deadline:
            raise _Stop(TIME_OUT, f"still playing after {self.settings.time_limit:g} s")
        picked = self.random.choose(choice)
        self.actions.append(Action(choice.rule, choice.name, choice.who, tuple(picked)))
        return picked


def turn_procedures(defs: Definitions) -> frozenset[str]:
    """The procedures that are a turn (`period: turn`, or named `turn`)."""
    return frozenset(p.name for p in defs.procedures.values() if p.period == TURN
                     or (p.period is None and p.name.rsplit(".", 1)[-1] == TURN))


def playout(defs: Definitions, seed: int, settings: Settings) -> Playout:
    """One game with seed `seed`, played to its end by random players."""
    chooser = _Recorder(seed, settings)
    game = Game(defs, seed=seed, chooser=chooser, players=settings.players)
    dead: tuple[str, str] | None = None
    try:
        game.trigger(main_procedure(defs))
    except _Stop as stop:
        dead = (stop.kind, str(stop))
    except RuleError as err:
        kind = NO_LEGAL_ACTION if isinstance(err, NoLegalChoice) else ERROR
        dead = (kind, f"{type(err).__name__}: {err}")
    except Exception as err:  # noqa: BLE001 - any failure of the engine is a dead end
        dead = (ERROR, f"{type(err).__name__}: {err}")
    turns = turn_procedures(defs)
    fired = Counter(str(e.what) for e in game.log if e.kind in FIRING)
    counted = sum(1 for e in game.log if e.kind == "procedure" and e.what in turns) \
        if turns else len(chooser.actions)
    dead_end = None if dead is None else DeadEnd(seed, dead[0], dead[1],
                                                 tuple(a.name for a in chooser.actions))
    return Playout(seed, dead is None, counted, len(chooser.actions),
                   tuple(sorted(fired.items())), dead_end)


# ---------------------------------------------------------------- many games, many workers

_worker: dict[str, Any] = {}  # a worker process's definitions and settings


def _start_worker(files: Mapping[str, str], label: str, settings: Settings) -> None:
    _worker["defs"] = definitions(files, label)
    _worker["settings"] = settings


def _play_in_worker(seed: int) -> Playout:
    return playout(_worker["defs"], seed, _worker["settings"])


def playouts(files: Mapping[str, str], label: str, seeds: Sequence[int], settings: Settings,
             workers: int = 1) -> Iterator[Playout]:
    """Every seed's playout, in seed order, played here (`workers` 1) or spread over
    `workers` processes."""
    if workers <= 1 or len(seeds) <= 1:
        defs = definitions(files, label)
        yield from (playout(defs, seed, settings) for seed in seeds)
        return
    chunk = max(1, min(64, len(seeds) // (workers * 8)))
    with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"),
                             initializer=_start_worker,
                             initargs=(dict(files), label, settings)) as pool:
        yield from pool.map(_play_in_worker, seeds, chunksize=chunk)


# ---------------------------------------------------------------- the report


@dataclass
class Summary:
    """What a run of playouts found, the same for the same seeds whatever the workers."""

    game: str
    seed: int
    games: int = 0
    finished: int = 0
    counted: str = "turns"  # or "decisions", for a game without a turn period
    lengths: list[int] = field(default_factory=list)
    fired: Counter[str] = field(default_factory=Counter)
    rules: tuple[str, ...] = ()  # every rule, step and card with rule clauses
    dead_ends: list[DeadEnd] = field(default_factory=list)

    def add(self, one: Playout) -> None:
        self.games += 1
        self.finished += one.finished
        self.lengths.append(one.turns)
        self.fired.update(dict(one.fired))
        if one.dead_end is not None:
            self.dead_ends.append(one.dead_end)

    @property
    def never_fired(self) -> list[str]:
        return [r for r in self.rules if not self.fired.get(r)]

    def as_data(self) -> dict[str, Any]:
        """The report as plain data (for `--format json`)."""
        return {"game": self.game, "seed": self.seed, "games": self.games,
                "finished": self.finished, "counted": self.counted,
                "median": statistics.median(self.lengths) if self.lengths else 0,
                "maximum": max(self.lengths, default=0),
                "fired": dict(sorted(self.fired.items())), "never_fired": self.never_fired,
                "dead_ends": [{"seed": d.seed, "kind": d.kind, "message": d.message,
                               "actions": list(d.actions)} for d in self.dead_ends]}


def simulate(files: Mapping[str, str], label: str, games: int, seed: int, settings: Settings,
             workers: int = 1, progress: Callable[[int], None] | None = None) -> Summary:
    """`games` playouts of a game (its engine's `files`) from seed `seed` on, summed;
    `progress` is told how many games are done after each one."""
    defs = definitions(files, label)
    summary = Summary(defs.game, seed, counted="turns" if turn_procedures(defs) else "decisions",
                      rules=tuple(sorted(defs.rules)))
    seeds = list(range(seed, seed + games))
    for done, one in enumerate(playouts(files, label, seeds, settings, workers), 1):
        summary.add(one)
        if progress is not None:
            progress(done)
    return summary
