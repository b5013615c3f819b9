"""`given(NAME)`: whether a rule's run was given a name, asked without reading it
(semantics/given.py, backends/python/given.py, Ctx.given), on the tests' own game
`tests/fixtures/engine/given.ludex`."""

from __future__ import annotations

from ludex.runtime.context import Ctx
from ludex.semantics.compilation import Compilation
from ludex.verify.examples import PASS, example_results

from .conftest import FIXTURES, compiled_game

GIVEN = FIXTURES / "engine" / "given.ludex"


def test_the_games_examples_pass() -> None:
    duel: Compilation = compiled_game(GIVEN)
    status = {r.example: r.status for r in example_results(duel)}
    assert set(status.values()) == {PASS} and len(status) == 2


def test_a_builtin_is_given_when_the_run_has_it() -> None:
    assert not Ctx().given("target")
    assert Ctx(target="bo").given("target")
    assert Ctx(actor="bo").given("owner")  # the owner is the actor when none is given
    assert not Ctx(actor="bo").given("target")


def test_a_value_is_given_under_any_of_its_names() -> None:
    ctx = Ctx(args=(("foe", "ana"),))
    assert ctx.given_arg("district", "foe") and not ctx.given_arg("district")
