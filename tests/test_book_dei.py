"""D.E.I. Old London: the Vengeance board's lower spaces as a board of 3 spaces (Rank 3, 2, 1
from left to right), run on the engine generated from `rules/dei_old_london`.

Each test drives the generated engine the way a game would (a `Game` with the modes in
play, rules triggered with an actor and a target, facts the engine does not model given
with `set_fact`)."""

from __future__ import annotations

import pytest
from ludex.runtime import Ctx, Definitions, Game
from ludex.verify.examples import engine_of

from .conftest import ROOT
from .test_engine import compiled

VENGEANCE = "vengeance_mode"
RANK = {n: f"{VENGEANCE}.vengeance_lower.rank_{n}_space" for n in (1, 2, 3)}
TRACK = f"{VENGEANCE}.rules.track_and_cards"


@pytest.fixture(scope="module")
def dei() -> Definitions:
    return engine_of(compiled(ROOT / "rules" / "dei_old_london").models[0]).DEFINITIONS


def cards(g: Game) -> list[str]:
    return list(g.places.of(f"{VENGEANCE}.vengeance_deck"))


def test_a_card_that_slides_is_not_placed_for_objective_6(dei: Definitions) -> None:
    """Objective 6 pays the Purebred for each card placed on the board: the revealed card
    only, not the cards that slide to the right to make room for it."""
    g = Game(dei, seed=1, options=[VENGEANCE, "scenario_6"])
    deck = cards(g)
    for card in deck:
        g.set_fact("affected_opponents", [card], 1)
    g.set_place("faction", ["purebred", "red", "blue"])
    g.set_place(RANK[1], [])
    g.set_place(RANK[2], [deck[0]])
    g.set_place(RANK[3], [deck[1]])
    g.trigger(f"{TRACK}.refill_before_action_phases")
    assert [g.places.of(RANK[n]) for n in (1, 2)] == [[deck[0]], [deck[1]]]
    assert len(g.places.of(RANK[3])) == 1
    assert g.get("purebred", "supply") == 1  # the revealed card, 1 opponent affected


@pytest.mark.parametrize("rank", [1, 2, 3])
def test_a_cards_rank_is_the_rank_of_its_space(dei: Definitions, rank: int) -> None:
    """The Whistle-blower moves forward as many spaces as the card's Rank, which is the
    number of the lower space it stands on."""
    g = Game(dei, seed=1, options=[VENGEANCE])
    card = cards(g)[0]
    g.set_fact("majority", [f"{VENGEANCE}.big_ben_district"], "red")
    g.set_fact("affected_opponents", [card], 1)
    g.set_fact("meets_threshold", ["blue", card], False)
    g.set_fact("answer", ["blow_the_whistle"], True)
    g.set_place("faction", ["red", "blue"])
    g.set_place(RANK[rank], [card])
    g.trigger(f"{VENGEANCE}.rules.whistle_blow_section.whistle_blow",
              Ctx(actor="red", target=card))
    assert g.get("red", "vengeance_track") == rank
    assert g.places.of(RANK[rank]) == []  # resolved: discarded, the space stays empty
