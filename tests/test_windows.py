"""Ability windows and shared limits on a small game of the tests' own
(`tests/fixtures/engine/windows.ludex`): a procedure driving the period `window`, and
`limit: once per window as NAME` (the rules saying one name count their uses together)."""

from __future__ import annotations

from typing import Any

import pytest
from ludex.runtime import Ctx, Game, Illegal, queries
from ludex.verify.examples import PASS, engine_of, example_results
from ludex.verify.mutate import mutants

from .conftest import FIXTURES, compiled_game, run_cli

WINDOWS = FIXTURES / "engine" / "windows.ludex"


@pytest.fixture(scope="module")
def defs() -> Any:
    return engine_of(compiled_game(WINDOWS, warnings=False).models[0]).DEFINITIONS


def test_the_games_examples_pass() -> None:
    results = example_results(compiled_game(WINDOWS, warnings=False))
    assert {r.example: r.status for r in results} == {r.example: PASS for r in results}
    assert len(results) == 4


def test_window_is_a_period(defs: Any) -> None:
    assert defs.procedures["first_window"].period == "window"


def test_rules_sharing_a_name_count_together(defs: Any) -> None:
    game = Game(defs)
    game.set(None, "wants_reflex", 5)
    game.trigger("reflex", Ctx(actor="ida"))
    with pytest.raises(Illegal, match="counted as reflex"):
        game.trigger("advanced_reflex", Ctx(actor="ida"))
    game.trigger("advanced_reflex", Ctx(actor="jon"))  # each one's own uses
    assert queries.used(game, "advanced_reflex", "ida")  # read through the shared name
    assert game.usage.used("as reflex", "ida") == 1  # the uses counted under the name


def test_the_shared_count_starts_again_with_its_period(defs: Any) -> None:
    game = Game(defs)
    game.set(None, "wants_reflex", 5)
    game.trigger("advanced_reflex", Ctx(actor="ida"))
    game.trigger("first_window")  # a window begins and ends: the count starts again
    assert not queries.used(game, "reflex", "ida")
    game.trigger("advanced_reflex", Ctx(actor="ida"))


def test_mutate_drops_the_sharing_and_an_example_kills_it() -> None:
    model = compiled_game(WINDOWS, warnings=False).models[0]
    found = [m.id for m in mutants(model.symbols["advanced_reflex"].decl, "advanced_reflex",
                                   lambda _: None)]
    assert "advanced_reflex: limit: drop `as reflex`" in found
    run = run_cli("test", "--mutate", "-q", "-k", "one_reflex_a_window", str(WINDOWS))
    assert "drop `as reflex`" not in run.out  # killed: never printed as a survivor


def test_the_limit_is_written_back_as_it_was_said() -> None:
    from ludex.syntax import unparse

    model = compiled_game(WINDOWS, warnings=False).models[0]
    limit = model.symbols["reflex"].decl.clauses.limit
    assert unparse.limit(limit) == "once per window as reflex"


def test_what_lasts_until_the_end_of_a_window_ends_with_it(defs: Any) -> None:
    game = Game(defs)
    game.trigger("brace")
    assert game.lasting.is_active("brace")
    game.trigger("second_window")
    assert not game.lasting.is_active("brace")
