"""`restore PROC`, on a small game of the tests' own (`tests/fixtures/engine/snapshots.ludex`)."""

from __future__ import annotations

from typing import Any

import pytest
from ludex.runtime import Game, NotExecutable
from ludex.verify.examples import PASS, engine_of, example_results

from .conftest import FIXTURES, compiled_game

SNAPSHOTS = FIXTURES / "engine" / "snapshots.ludex"


@pytest.fixture(scope="module")
def defs() -> Any:
    return engine_of(compiled_game(SNAPSHOTS).models[0]).DEFINITIONS


def test_the_games_examples_pass() -> None:
    results = example_results(compiled_game(SNAPSHOTS))
    assert {r.example: r.status for r in results} == {name: PASS for name in ("replayed", "kept")}


def test_only_a_restored_procedure_is_kept(defs: Any) -> None:
    assert defs.procedures["battle"].snapshot is True


def test_restore_twice_and_what_is_kept(defs: Any) -> None:
    game = Game(defs)
    game.set(None, "gold", 5)
    game.trigger("battle")
    assert game.get(None, "gold") == 3
    game.restore("battle")
    game.restore("battle")  # the kept state serves again
    assert game.get(None, "gold") == 5 and game.members("graveyard") == []
    assert [e.what for e in game.log if e.kind == "restore"] == ["battle", "battle"]
    assert sum(1 for e in game.log if e.kind == "procedure") == 1  # what happened stays
    game.trigger("battle")  # the places work as before
    assert game.members("graveyard") == ["champion"]


def test_no_run_no_state_to_restore(defs: Any) -> None:
    with pytest.raises(NotExecutable, match="no run of battle has begun"):
        Game(defs).restore("battle")


def test_a_copy_of_the_places_shares_the_entities_not_the_lists(defs: Any) -> None:
    import copy

    game = Game(defs)
    places = game.places
    places.contents["harbour"], places.location["boat"] = ["boat"], "harbour"
    twin = copy.deepcopy(places, {id(game): game, id(game.log): game.log, id(game.rng): game.rng})
    assert twin.contents == places.contents and twin.location == places.location
    assert twin.decks is places.decks and twin.zones is places.zones
    for place, items in places.contents.items():
        assert twin.contents[place] is not items
        assert all(a is b for a, b in zip(twin.contents[place], items, strict=True))
    place = next(iter(places.contents))
    places.contents[place].append("stranger")
    places.location["stranger"] = place
    assert "stranger" not in twin.contents[place] and "stranger" not in twin.location
