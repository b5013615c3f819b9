"""A rule declared inside a worked example is in play in that example only, on a small
game of the tests' own (`tests/fixtures/engine/example_rules.ludex`). Before, it was a
rule of the whole game: the windfall one example declares doubled the earnings of the
other example too, and of any game played."""

from __future__ import annotations

from ludex.pipeline import compile_paths
from ludex.runtime import Game
from ludex.verify.examples import PASS, engine_of, example_results

from .conftest import FIXTURES

EXAMPLE_RULES = FIXTURES / "engine" / "example_rules.ludex"


def test_a_rule_an_example_declares_is_in_play_in_that_example_only() -> None:
    comp = compile_paths([EXAMPLE_RULES], checks=False)
    assert [str(d) for d in comp.diags] == []
    results = {r.example: (r.status, r.message) for r in example_results(comp)}
    assert results == {"windfall": (PASS, "1 expectation met"),
                       "plain_earning": (PASS, "1 expectation met")}
    defs = engine_of(comp.models[0]).DEFINITIONS
    bonus = defs.rules["windfall.windfall_bonus"]
    assert (bonus.scope, bonus.example) == ((), "windfall")  # its modules; its example
    game = Game(defs)  # a game played outside the examples
    game.set(None, "coins", 5)
    game.trigger("earn")
    game.trigger("tax")
    game.trigger("windfall.windfall_bonus")  # named on its own: not in play, skipped
    assert game.get(None, "coins") == 5
    assert [e.detail for e in game.log if e.kind == "skip"] == ["not in play: the example windfall"]
