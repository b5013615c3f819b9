"""Playout benchmark: whole games of Crazy Eights, 4 players, random legal play.

    .venv/bin/python benchmarks/bench_playouts.py [--games N] [--profile]   (default 2000)

Plays N games (seeds 1..N) twice and prints the rate of each, and the ratio:

- through the engine: `rules/crazy_eights` compiled and its engine generated
  and loaded in this process, each game a `ludex.runtime.Game` with a
  `RandomChooser(seed)` and 4 seats, run from its `game` procedure in one pass
  (how `ludex simulate` plays a game);
- by `play_hand` below, a plain hand-written Python Crazy Eights of the same
  variant (the rulings of `rules/crazy_eights/rulings.ludex`), the floor a user
  would compare a generated engine against.

Both play the same random policy: a `random.Random(seed)` per game, and each
decision answered as `RandomChooser` answers it (one of the matching cards at
random when there are several, a suit at random for an Eight; a choice with one
answer is taken without asking, and not counted as a decision). The random
draws differ, so the games differ one by one, but their statistics must agree:
the output compares the two (turns and decisions per game, blocked hands,
the first seat's wins, the winner's score) and says whether the mean number of
turns per game is within 15% of the engine's. `--profile` also prints the top
of a cProfile of the engine's playouts.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import platform
import pstats
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from ludex.pipeline import compile_paths
from ludex.runtime import Choice, Definitions, Game, RandomChooser, Value
from ludex.runtime.match import main_procedure
from ludex.verify.examples import engine_of

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "rules" / "crazy_eights"
PLAYERS = 4
TOLERANCE = 0.15  # how far the hand-written mean turns per game may be from the engine's

SUITS = ("clubs", "diamonds", "hearts", "spades")
EIGHT = 8
Card = tuple[int, str]  # (rank 1..13, suit)


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one playout came to."""

    turns: int  # players' turns taken
    decisions: int  # choices the random policy answered (forced ones not counted)
    blocked: bool  # the play was blocked: nobody went out
    first_seat_won: bool
    winner_score: int  # the highest score of the hand


@dataclass
class Run:
    """N playouts of one implementation: their outcomes and the seconds they took."""

    label: str
    outcomes: list[Outcome]
    seconds: float

    @property
    def rate(self) -> float:
        return len(self.outcomes) / self.seconds

    def mean(self, field: Callable[[Outcome], float]) -> float:
        return statistics.fmean(field(o) for o in self.outcomes)


# ------------------------------------------------------------------ the engine


class CountingChooser:
    """`RandomChooser` that counts the decisions it answers."""

    def __init__(self, seed: int) -> None:
        self.inner = RandomChooser(seed)
        self.count = 0

    def choose(self, choice: Choice) -> list[Value]:
        self.count += 1
        return self.inner.choose(choice)


def load_definitions() -> Definitions:
    """Compile `rules/crazy_eights`, generate its engine and load it: its definitions."""
    comp = compile_paths([RULES], checks=False)
    if comp.diags.has_errors:
        raise SystemExit("rules/crazy_eights does not compile:\n"
                         + "\n".join(str(d) for d in comp.diags))
    defs: Definitions = engine_of(comp.models[0]).DEFINITIONS
    return defs


def engine_playout(defs: Definitions, seed: int) -> tuple[Outcome, float]:
    """One whole game through the engine; the outcome and the seconds the game took
    (setting up the `Game` included, reading the outcome from its log not)."""
    chooser = CountingChooser(seed)
    start = time.perf_counter()
    game = Game(defs, seed=seed, chooser=chooser, players=PLAYERS)
    game.trigger(main_procedure(defs))
    seconds = time.perf_counter() - start
    turn = next(name for name in defs.procedures if name.rsplit(".", 1)[-1] == "turn")
    turns = sum(1 for e in game.log.events if e.kind == "procedure" and e.what == turn)
    points = [int(game.get(p, "hand_points")) for p in game.seats]
    scores = [int(game.get(p, "score")) for p in game.seats]
    return Outcome(turns, chooser.count, blocked=min(points) > 0,
                   first_seat_won=points[0] == min(points), winner_score=max(scores)), seconds


def run_engine(defs: Definitions, seeds: Sequence[int]) -> Run:
    outcomes, total = [], 0.0
    for seed in seeds:
        outcome, seconds = engine_playout(defs, seed)
        outcomes.append(outcome)
        total += seconds
    return Run("engine", outcomes, total)


# ------------------------------------------------------------------ by hand


def card_points(card: Card) -> int:
    """An Eight 50, a face card 10, an Ace 1, any other card its rank."""
    return 50 if card[0] == EIGHT else min(card[0], 10)


def play_hand(seed: int, players: int = PLAYERS) -> Outcome:
    """One hand of Crazy Eights, written by hand, with random legal play.

    Five cards each (seven with two players); an Eight turned up as the starter is
    buried in the stock and the next card turned up. On a turn, a player who can play
    a card of the suit to follow, of the top card's rank, or an Eight, must play one;
    one who cannot draws (an empty stock is refilled from the discard pile but its top
    card, shuffled) and tries again, and passes when nothing is left to draw. An
    Eight names the suit to follow. The hand ends when a player has no card left,
    or when every player in turn has passed; the lowest count wins and scores the
    difference with each other count.
    """
    rng = random.Random(seed)
    stock: list[Card] = [(rank, suit) for suit in SUITS for rank in range(1, 14)]
    rng.shuffle(stock)
    size = 7 if players == 2 else 5
    hands = [[stock.pop() for _ in range(size)] for _ in range(players)]
    pile = [stock.pop()]
    while pile[-1][0] == EIGHT:
        stock.append(pile.pop())
        rng.shuffle(stock)
        pile.append(stock.pop())
    rank, suit = pile[-1]
    turns = decisions = passes = 0
    while True:
        for hand in hands:
            turns += 1
            played = stuck = False
            while not (played or stuck):
                legal = [c for c in hand if c[0] == EIGHT or c[1] == suit or c[0] == rank]
                card: Card | None = None
                if legal:  # a player who can play must play: one of the matching cards
                    if len(legal) > 1:
                        decisions += 1
                    card = rng.choice(legal)
                elif len(stock) + len(pile) > 1:  # draw, and try again
                    if not stock:
                        stock, pile = pile[:-1], pile[-1:]
                        rng.shuffle(stock)
                    hand.append(stock.pop())
                else:  # nothing to play, nothing to draw: a pass
                    stuck = True
                if card is not None:
                    hand.remove(card)
                    pile.append(card)
                    rank, suit = card
                    played = True
                    if rank == EIGHT:
                        decisions += 1
                        suit = rng.choice(SUITS)
            passes = passes + 1 if stuck else 0
            if passes >= players or min(len(h) for h in hands) == 0:
                points = [sum(card_points(c) for c in h) for h in hands]
                low = min(points)
                scores = [sum(p - own for p in points) if own == low else 0 for own in points]
                return Outcome(turns, decisions, blocked=low > 0,
                               first_seat_won=points[0] == low, winner_score=max(scores))


def run_by_hand(seeds: Sequence[int]) -> Run:
    start = time.perf_counter()
    outcomes = [play_hand(seed) for seed in seeds]
    return Run("hand-written", outcomes, time.perf_counter() - start)


# ------------------------------------------------------------------ the report


def compare(engine: Run, hand: Run) -> list[str]:
    """The two runs side by side, and whether the hand-written games are plausible."""
    rows: list[tuple[str, Callable[[Run], str]]] = [
        ("playouts per second", lambda r: f"{r.rate:,.1f}"),
        ("wall time (s)", lambda r: f"{r.seconds:,.2f}"),
        ("turns per game: mean", lambda r: f"{r.mean(lambda o: o.turns):,.0f}"),
        ("turns per game: median",
         lambda r: f"{statistics.median(o.turns for o in r.outcomes):,.0f}"),
        ("turns per game: max", lambda r: f"{max(o.turns for o in r.outcomes):,}"),
        ("decisions per game: median",
         lambda r: f"{statistics.median(o.decisions for o in r.outcomes):,.0f}"),
        ("decisions per game: max", lambda r: f"{max(o.decisions for o in r.outcomes):,}"),
        ("blocked hands", lambda r: f"{r.mean(lambda o: o.blocked):.1%}"),
        ("first seat wins", lambda r: f"{r.mean(lambda o: o.first_seat_won):.1%}"),
        ("winner's score: mean", lambda r: f"{r.mean(lambda o: o.winner_score):,.0f}"),
    ]
    lines = [f"  {'':<28}{engine.label:>14}{hand.label:>14}"]
    lines += [f"  {label:<28}{show(engine):>14}{show(hand):>14}" for label, show in rows]
    mean_engine = engine.mean(lambda o: o.turns)
    gap = hand.mean(lambda o: o.turns) / mean_engine - 1
    verdict = "plausible" if abs(gap) <= TOLERANCE else "NOT plausible"
    lines.append(f"same rules? {verdict}: the hand-written mean turns per game is {gap:+.1%} "
                 f"from the engine's (tolerance {TOLERANCE:.0%})")
    return lines


def profile(defs: Definitions, seeds: Sequence[int], top: int = 15) -> str:
    """The top of a cProfile of the engine playing `seeds`, by time spent in each function."""
    profiler = cProfile.Profile()
    profiler.runcall(run_engine, defs, seeds)
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(top)
    return out.getvalue()


def main(argv: Sequence[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="playouts (seeds 1..N)")
    parser.add_argument("--profile", action="store_true",
                        help="also profile the engine's playouts (cProfile, top 15)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    seeds = range(1, args.games + 1)
    start = time.perf_counter()
    defs = load_definitions()
    compiled = time.perf_counter() - start
    print(f"Crazy Eights, {PLAYERS} players, {args.games} playouts (seeds 1..{args.games}); "
          f"Python {platform.python_version()}, {os.cpu_count()} CPUs")
    print(f"  rules/crazy_eights compiled and its engine loaded in {compiled:.2f} s "
          "(not counted)")
    engine = run_engine(defs, seeds)
    hand = run_by_hand(seeds)
    for line in compare(engine, hand):
        print(line)
    ratio = hand.rate / engine.rate
    print(f"engine: {engine.rate:,.2f} playouts/s; hand-written: {hand.rate:,.1f} playouts/s; "
          f"ratio: the engine is {ratio:,.0f}x slower")
    print(f"wall time: {time.perf_counter() - start:.1f} s")
    if args.profile:
        print(profile(defs, seeds))
    return {"engine": engine.rate, "hand-written": hand.rate, "ratio": ratio}


if __name__ == "__main__":
    main()
