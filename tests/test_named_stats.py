"""A stat named by a value (`stat(courage)`, `gain 1 s`), on a small game of the tests' own
(`tests/fixtures/engine/named_stats.ludex`)."""

from __future__ import annotations

from typing import Any

import pytest
from ludex.runtime import Ctx, Game, Illegal, NotExecutable
from ludex.verify.examples import PASS, engine_of, example_results

from .conftest import FIXTURES, compiled_game

NAMED = FIXTURES / "engine" / "named_stats.ludex"


@pytest.fixture(scope="module")
def defs() -> Any:
    return engine_of(compiled_game(NAMED).models[0]).DEFINITIONS


def test_the_games_examples_pass() -> None:
    results = example_results(compiled_game(NAMED))
    assert {r.example: r.status for r in results} == {
        name: PASS for name in ("ann_takes_cunning", "shared_courage", "supplies_paid")}


def test_a_value_that_names_no_stat_cannot_run(defs: Any) -> None:
    game = Game(defs)
    with pytest.raises(NotExecutable, match="names no stat"):
        game.trigger("pay_given", Ctx(args=(("statistic", 5),)))
    with pytest.raises(NotExecutable, match="names no stat"):
        game.trigger("pay_given", Ctx(args=(("statistic", "hero"),)))


def test_the_stat_named_follows_its_own_rules(defs: Any) -> None:
    game = Game(defs)
    game.set(None, "supplies", 1)
    with pytest.raises(Illegal):  # a payment of a stat named by a value is still a payment
        game.trigger("pay_given", Ctx(args=(("statistic", "supplies"),)))
    assert game.get(None, "supplies") == 1
