"""Pieces on a board's spaces: `covering(space)` and the rules hooked `passes X(p)` /
`bumps X(p)` to a space holding a piece of `X`, on the tests' own game
`tests/fixtures/engine/pieces.ludex`."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from ludex.runtime import Game, NotExecutable
from ludex.runtime import queries as q
from ludex.semantics.compilation import Compilation
from ludex.verify.examples import PASS, engine_of, example_results

from .conftest import FIXTURES, compiled_game

PIECES = FIXTURES / "engine" / "pieces.ludex"


@pytest.fixture(scope="module")
def pieces() -> Compilation:
    return compiled_game(PIECES)


@pytest.fixture
def game(pieces: Compilation) -> Iterator[Game]:
    yield engine_of(pieces.models[0]).new_game(seed=1)


def test_the_games_examples_pass(pieces: Compilation) -> None:
    status = {r.example: r.status for r in example_results(pieces)}
    assert set(status.values()) == {PASS} and len(status) == 2


def test_covering_lists_what_is_put_on_a_space_then_wide_pieces_over_it(game: Game) -> None:
    game.place("pond", "field.2_2")
    game.place("knight", "field.3_3")
    assert q.QUERIES["covering"](game, "field.3_3") == ["knight", "pond"]
    assert q.QUERIES["covering"](game, "field.2_2") == ["pond"]
    assert q.QUERIES["covering"](game, "field.4_4") == []
    with pytest.raises(NotExecutable, match="no board's space"):
        q.QUERIES["covering"](game, "box")


def test_a_piece_hook_gets_the_piece_and_the_mover(game: Game) -> None:
    game.place("knight", "field.2_1")
    game.place("trap", "field.3_1")
    game.move_along("knight", ["field.3_1", "field.4_1"])
    assert q.location(game, "trap") == "box"
    assert any("passes field.3_1: trap" in str(e) for e in game.log.events)


def test_a_wide_mover_reaches_a_piece_under_any_space_it_newly_covers(game: Game) -> None:
    game.place("ogre", "field.1_3")
    game.place("pears", "field.3_4")  # under the Ogre's lower-right space after one step
    game.pull("ogre", "east", 1)
    assert q.location(game, "pears") == "box"


def test_the_mover_is_not_a_piece_of_its_own_space(game: Game) -> None:
    game.place("apples", "field.1_1")  # a crate moved onto a trap springs it
    game.place("trap", "field.2_1")
    game.move_along("apples", ["field.2_1"])
    assert q.location(game, "trap") == "box"
    game.place("pears", "field.5_1")
    game.move_along("pears", ["field.6_1"])  # the Ogre is not here: nothing trampled
    assert q.location(game, "pears") == "field.6_1"


def test_a_push_stopped_by_a_space_holding_a_crate_bumps_it(game: Game) -> None:
    game.place("knight", "field.1_1")
    game.place("apples", "field.1_3")
    game.push("knight", "north", 3, stopped=["apples"])
    assert q.location(game, "knight") == "field.1_2"
    assert any("bumps field.1_3: apples" in str(e) for e in game.log.events)


def test_a_piece_taken_away_by_one_rule_sets_off_no_more(game: Game) -> None:
    game.place("knight", "field.2_1")
    game.place("trap", "field.3_1")
    game.move_along("knight", ["field.3_1"])
    fired = [str(e) for e in game.log.events if "occurs" in str(e)]
    assert len(fired) == 1 and "sprung" in fired[0]  # `noticed`, declared after: no trap
    assert q.location(game, "trap") == "box"
