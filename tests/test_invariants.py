"""Rules that hold always (`holds: always`), on a small game of the tests' own
(`tests/fixtures/engine/invariants.ludex`)."""

from __future__ import annotations

from typing import Any

import pytest
from ludex.runtime import Ctx, Game, Illegal
from ludex.runtime import queries as q
from ludex.verify.examples import PASS, engine_of, example_results

from .conftest import FIXTURES, compiled_game

INVARIANTS = FIXTURES / "engine" / "invariants.ludex"


@pytest.fixture(scope="module")
def defs() -> Any:
    return engine_of(compiled_game(INVARIANTS).models[0]).DEFINITIONS


def test_the_games_examples_pass() -> None:
    results = example_results(compiled_game(INVARIANTS))
    assert {r.example: r.status for r in results} == {
        name: PASS for name in ("sail_between_islands", "crew_kept")}


def test_a_change_that_breaks_an_invariant_is_illegal(defs: Any) -> None:
    game = Game(defs)
    with game.effect():
        game.place("island", q.square(game, "sea", 1, 1))
        game.place("ship", q.square(game, "sea", 1, 1))
    with pytest.raises(Illegal, match="The ship is always on an island"):
        game.trigger("sail", Ctx(args=(("to", q.square(game, "sea", 2, 1)),)))
    assert [e.what for e in game.log if e.kind == "broken"] == ["ship_on_an_island"]


def test_an_invariant_that_did_not_hold_is_left_as_it_is(defs: Any) -> None:
    game = Game(defs)  # the ship is nowhere yet: no change of the sail's making
    game.set(None, "crew", 4)
    game.trigger("sail", Ctx(args=(("to", q.square(game, "sea", 2, 1)),)))
    assert game.holding() == ("four_crew",)
    with pytest.raises(Illegal, match="exactly 4 crew"), game.effect():
        game.lose("crew", 1, None)


HOLDS_THEN = FIXTURES / "engine" / "holds_then.ludex"


def test_a_rule_that_holds_then_refuses_what_its_moment_belongs_to() -> None:
    results = example_results(compiled_game(HOLDS_THEN))
    assert {r.example: r.status for r in results} == {"crossings": PASS}
    game = Game(engine_of(compiled_game(HOLDS_THEN).models[0]).DEFINITIONS)
    with game.effect():
        game.place("island", q.square(game, "sea", 2, 1))
        game.place("ship", q.square(game, "sea", 1, 1))
    game.trigger("crossing")  # it ends on the island: it holds then
    with pytest.raises(Illegal, match="must hold then, and it does not"):
        game.trigger("crossing")  # it ends at sea
    assert [(e.kind, e.what) for e in game.log if e.what == "crossing_ends_on_an_island"] == [
        ("held", "crossing_ends_on_an_island"), ("broken", "crossing_ends_on_an_island")]
