"""Spaces on a piece (`space saddle: on: drake`): where the piece goes, with one-way
adjacency, distances from the piece, moves down beside it (runtime/perch.py), on the
tests' own game `tests/fixtures/engine/perch.ludex`."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from ludex.runtime import Game, Illegal, NotExecutable
from ludex.runtime import queries as q
from ludex.semantics.compilation import Compilation
from ludex.verify.examples import PASS, engine_of, example_results

from .conftest import FIXTURES, compiled_game

PERCH = FIXTURES / "engine" / "perch.ludex"


@pytest.fixture(scope="module")
def riding() -> Compilation:
    return compiled_game(PERCH)


@pytest.fixture
def game(riding: Compilation) -> Iterator[Game]:
    g = engine_of(riding.models[0]).new_game(seed=1)
    g.place("giant", "field.2_2")
    yield g


def test_the_games_examples_pass(riding: Compilation) -> None:
    status = {r.example: r.status for r in example_results(riding)}
    assert set(status.values()) == {PASS} and len(status) == 3


def test_the_space_goes_with_the_piece(game: Game) -> None:
    game.place("rider", "field.howdah")
    game.place("archer", "field.6_2")
    assert q.distance(game, "rider", "archer") == 3
    game.move("giant", "field.4_2")
    assert q.location(game, "rider") == "field.howdah"
    assert q.distance(game, "rider", "archer") == 1
    assert q.adjacent(game, "rider", "archer") and not q.adjacent(game, "archer", "rider")


def test_adjacency_is_one_way_but_the_piece_is_adjacent_both_ways(game: Game) -> None:
    game.place("rider", "field.howdah")
    game.place("squire", "field.1_2")
    assert q.adjacent(game, "rider", "giant") and q.adjacent(game, "giant", "rider")
    assert q.adjacent(game, "rider", "squire") and not q.adjacent(game, "squire", "rider")
    assert q.adjacent(game, "rider", "field.2_3")  # a space the Giant covers
    assert q.distance(game, "rider", "giant") == 1 == q.distance(game, "giant", "rider")
    assert q.distance(game, "rider", "field.howdah") == 0
    assert q.neighbours(game, "field.howdah") == q.neighbours(game, "giant")
    assert "field.howdah" not in q.neighbours(game, "squire")


def test_the_board_lists_it_nowhere_but_knows_it(game: Game) -> None:
    game.place("rider", "field.howdah")
    assert "field.howdah" not in q.spaces(game, "field")
    assert q.occupied(game, "field") == ["field.2_2", "field.3_2", "field.2_3", "field.3_3"]
    assert q.column(game, "rider") is None and q.row(game, "rider") is None
    assert q.within(game, "field.5_2", 2)[-1] == "field.howdah"
    assert "field.howdah" not in q.within(game, "field.6_2", 2)


def test_moves_step_down_beside_the_piece_and_never_up(game: Game) -> None:
    game.place("rider", "field.howdah")
    with pytest.raises(Illegal):
        game.move_along("rider", ["field.5_2"])
    game.move("rider", "field.5_2", within=3)
    game.move("rider", "field.howdah")  # put back on: a placement, not a step
    with pytest.raises(Illegal):
        game.move("rider", "field.6_2", within=2)
    game.move_along("rider", ["field.4_2"])
    assert q.location(game, "rider") == "field.4_2"
    assert q.passed(game, "rider") == ["field.4_2"] and q.moved(game, "rider") == 1
    with pytest.raises(Illegal):
        game.move_along("rider", ["field.howdah"])
    assert q.path(game, "rider", "field.howdah") is None
    assert q.distance(game, "rider", "field.howdah", q.spaces(game, "field")) is None


def test_a_push_a_pull_and_a_line_of_sight_start_from_no_space_on_a_piece(game: Game) -> None:
    game.place("rider", "field.howdah")
    game.place("archer", "field.6_6")
    with pytest.raises(NotExecutable, match="on giant"):
        game.push("rider", "archer", 1)
    with pytest.raises(NotExecutable, match="on giant"):
        game.pull("rider", "archer", 1)
    with pytest.raises(NotExecutable, match="what is seen from it"):
        q.line_of_sight(game, "rider", "archer", [])
    assert q.line_of_sight(game, "archer", "field.6_1", ["rider"])


def test_on_a_map_the_space_takes_the_pieces_neighbours(game: Game) -> None:
    game.place("drake", "ridge.peak")
    game.place("knight", "ridge.saddle")
    assert q.neighbours(game, "ridge.saddle") == ["ridge.col", "ridge.crag"]
    assert q.adjacent(game, "knight", "ridge.col") and not q.adjacent(game, "ridge.col", "knight")
    assert q.distance(game, "knight", "ridge.col") == 1
    assert q.path(game, "knight", "ridge.crag") == ["ridge.crag"]
    game.move("drake", "ridge.col")
    assert q.neighbours(game, "ridge.saddle") == ["ridge.peak"]


def test_a_space_on_a_piece_off_the_board_is_not_executable(riding: Compilation) -> None:
    g = engine_of(riding.models[0]).new_game(seed=1)
    g.place("rider", "field.howdah")
    with pytest.raises(NotExecutable, match="on no space of field"):
        q.adjacent(g, "rider", "giant")
    assert "field.howdah" not in q.within(g, "field.2_2", 9)  # a space that is nowhere
