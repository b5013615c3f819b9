"""`create KIND`, `retire X` and `newest(KIND)`, on a small game of the tests' own
(`tests/fixtures/engine/made.ludex`)."""

from __future__ import annotations

from typing import Any

import pytest
from ludex.runtime import Game, Illegal
from ludex.runtime import queries as q
from ludex.syntax import ast, unparse
from ludex.verify.examples import PASS, engine_of, example_results

from .conftest import FIXTURES, compiled_game

MADE = FIXTURES / "engine" / "made.ludex"


@pytest.fixture(scope="module")
def defs() -> Any:
    return engine_of(compiled_game(MADE).models[0]).DEFINITIONS


def test_the_games_examples_pass() -> None:
    results = example_results(compiled_game(MADE))
    assert {r.example: r.status for r in results} == {"replaced": PASS}


def test_made_ones_are_in_play_after_the_declared(defs: Any) -> None:
    game = Game(defs)
    assert q.newest(game, "sailor") is None
    first, second = q.create(game, "sailor"), q.create(game, "sailor")
    assert (first, second) == ("sailor#1", "sailor#2")
    assert q.all_(game, "sailor") == ["ann", "bob", first, second]
    assert q.newest(game, "sailor") == second and q.is_(game, second, "sailor")
    assert game.get(second, "skill") == 0  # its stats start as a declared one's
    game.place("blanket", game.get(second, "bunk"))  # its own place, from its making
    assert game.members(game.get(second, "bunk")) == ["blanket"]
    assert [e.what for e in game.log if e.kind == "create"] == [first, second]


def test_retired_ones_keep_what_they_held(defs: Any) -> None:
    game = Game(defs)
    game.set("bob", "skill", 3)
    q.retire(game, "bob")
    assert q.all_(game, "sailor") == ["ann"] and game.get("bob", "skill") == 3
    with pytest.raises(Illegal, match="no instance of a kind in play"):
        q.retire(game, "bob")  # once out, it cannot leave again
    with pytest.raises(Illegal, match="no instance of a kind in play"):
        q.retire(game, "blanket")
    with pytest.raises(Illegal, match="is no kind"):
        q.create(game, "blanket")


def test_a_refused_action_puts_them_back(defs: Any) -> None:
    game = Game(defs)
    with game.refused("a crew change the rules refuse"):
        q.create(game, "sailor")
        q.retire(game, "ann")
        assert q.all_(game, "sailor") == ["bob", "sailor#1"]
        raise Illegal("refused")
    assert q.all_(game, "sailor") == ["ann", "bob"] and q.newest(game, "sailor") is None


def test_the_statements_print_back() -> None:
    span = ast.Span("x", 1, 1, 1, 1)
    assert unparse.stmt(ast.Create(span, ast.Ref(span, ("sailor",)))) == "create sailor"
    assert unparse.stmt(ast.Retire(span, ast.Ref(span, ("bob",)))) == "retire bob"
