"""Crazy Eights (`rules/crazy_eights`), the complete reference game, played whole.

The worked examples fix chance and answer the choices; here the game runs from its
`game` procedure alone, with seeded random players (`RandomChooser`), for hundreds of
seeds and every table size. A referee watches every move: each of the 52 cards is in
exactly one place at all times, and each card played follows the suit or the rank to
follow, or is an Eight. Each game must end as the rules say (a player has no card
left, or every player has passed in turn), and the scores must follow the scoring
rule: the lowest count wins and scores the difference with each other count (an Eight
50, a King, Queen or Jack 10, an Ace 1, any other card its rank).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from ludex.pipeline import compile_paths
from ludex.runtime import Definitions, Game, RandomChooser, Value
from ludex.runtime.defs import base_of
from ludex.verify.examples import engine_of

GAME = Path(__file__).resolve().parent.parent / "rules" / "crazy_eights"
SEEDS = range(200)
DECK = 52


@pytest.fixture(scope="module")
def defs() -> Definitions:
    """The game compiled from its `.ludex` files and its engine loaded."""
    comp = compile_paths([GAME], checks=False)
    assert not comp.diags.has_errors, [str(d) for d in comp.diags]
    definitions: Definitions = engine_of(comp.models[0]).DEFINITIONS
    return definitions


def card(defs: Definitions, entity: Value, field: str) -> Any:
    return defs.records[base_of(entity)].value(field)


def points(defs: Definitions, entity: Value) -> int:
    """What a card left in a hand counts: the rule, written out again in Python."""
    rank = card(defs, entity, "rank")
    return 50 if rank == 8 else min(rank, 10)


class Referee:
    """Watches every move of a game: the cards' places, and each card played."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.cards = sorted(game.defs.kinds["card"])
        self.plays = 0
        self.leaving: tuple[Value, str] | None = None
        self.forward = game.places.watch
        game.places.watch = self.watch

    def watch(self, event: str, entity: Value, place: str) -> None:
        self.check_places()
        if event == "leaves":
            self.leaving = (entity, place)
        elif event == "enters" and place == "pile" and self.leaving is not None \
                and self.leaving[1].startswith("hand@"):
            self.check_play(entity)
        assert self.forward is not None
        self.forward(event, entity, place)

    def check_places(self) -> None:
        """Each card in exactly one place, and that place's list holds it once."""
        places = self.game.places
        held = [e for items in places.contents.values() for e in items]
        assert sorted(held) == self.cards, Counter(held).most_common(3)
        for place, items in places.contents.items():
            assert all(places.location[e] == place for e in items), place

    def check_play(self, entity: Value) -> None:
        """The card follows the suit or the rank to follow (read before the rules that
        react to the play change them), or is an Eight."""
        defs, game = self.game.defs, self.game
        rank, suit = card(defs, entity, "rank"), card(defs, entity, "suit")
        follow = game.get(None, "called_suit"), game.get(None, "top_rank")
        assert rank == 8 or suit == follow[0] or rank == follow[1], (entity, follow)
        self.plays += 1


def play(defs: Definitions, seed: int, players: int) -> tuple[Game, Referee]:
    game = Game(defs, seed=seed, chooser=RandomChooser(seed), players=players)
    referee = Referee(game)
    game.trigger("game")
    referee.check_places()
    return game, referee


def hand(game: Game, player: str) -> list[Value]:
    return list(game.members(f"hand@{player}"))


def turns(game: Game) -> Iterator[list[Any]]:
    """The log, one turn at a time (each from its `procedure turn` event)."""
    current: list[Any] | None = None
    for event in game.log:
        if event.kind == "procedure" and event.what == "turn":
            if current is not None:
                yield current
            current = []
        elif current is not None:
            current.append(event)
    if current is not None:
        yield current


Played = list[tuple[int, Game, Referee]]


@pytest.fixture(scope="module")
def four_players(defs: Definitions) -> Played:
    """200 whole games at four players, played once for the tests that read them."""
    return [(seed, *play(defs, seed, 4)) for seed in SEEDS]


def check_ending_and_score(defs: Definitions, seed: int, game: Game, referee: Referee) -> None:
    """Someone is out of cards, or every player passed in turn; the lowest count wins and
    scores the difference with each other count; every card played was checked."""
    players = len(game.seats)
    counts = {p: sum(points(defs, c) for c in hand(game, p)) for p in game.seats}
    out = [p for p in game.seats if not hand(game, p)]
    blocked = game.get(None, "passes") >= players
    assert len(out) == 1 or (blocked and not out), (seed, counts)
    low = min(counts.values())
    for p in game.seats:
        expected = sum(n - low for q, n in counts.items() if q != p) if counts[p] == low else 0
        assert game.get(p, "hand_points") == counts[p], (seed, p)
        assert game.get(p, "score") == expected, (seed, p, counts)
    moves = [e for e in game.log if e.kind == "move" and e.detail.endswith("-> pile")]
    assert referee.plays == len(moves) > 0, seed


def test_four_player_games_end_as_the_rules_say_and_score_by_the_rule(
        defs: Definitions, four_players: Played) -> None:
    for seed, game, referee in four_players:
        check_ending_and_score(defs, seed, game, referee)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_games_of_other_sizes_end_and_score_by_the_rule(defs: Definitions,
                                                        players: int) -> None:
    for seed in range(60):
        check_ending_and_score(defs, seed, *play(defs, seed, players))


def test_each_turn_plays_one_card_or_passes(four_players: Played) -> None:
    for _, game, _ in four_players:
        for events in turns(game):
            played = [e for e in events if e.kind == "move" and e.detail.endswith("-> pile")]
            passed = [e for e in events if e.kind == "gain" and e.what == "passes"]
            assert len(played) + len(passed) == 1, [str(e) for e in events]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_deal_and_the_starter(defs: Definitions, players: int) -> None:
    """Seven cards each for two players, five for more; the starter is never an Eight;
    the shuffle deals differently from one seed to the next."""
    deals = set()
    for seed in range(40):
        game = Game(defs, seed=seed, players=players)
        game.trigger("game.deal_the_cards")
        game.trigger("game.turn_up")
        size = 7 if players == 2 else 5
        assert all(len(hand(game, p)) == size for p in game.seats)
        assert len(game.members("pile")) == 1
        assert card(defs, game.members("pile")[0], "rank") != 8
        assert len(game.members("stock")) == DECK - 1 - size * players
        deals.add(tuple(hand(game, game.seats[0])))
    assert len(deals) == 40


def test_every_rule_fires_in_random_games(defs: Definitions, four_players: Played) -> None:
    """The random games reach every rule and every step: the buried Eight, the named
    suit, the stock refilled from the discard pile... (A pass needs every card but the
    top one in the hands, which random games practically never reach: the worked
    example `everyone_passes` plays a blocked hand.)"""
    fired = {e.what for _, game, _ in four_players for e in game.log
             if e.kind in ("rule", "step")}
    assert set(defs.rules) <= fired, sorted(set(defs.rules) - fired)
