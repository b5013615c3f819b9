"""Forced movement (`push`, `pull`), moves along a path, `path(...)`, and the events of
each space (`passes`, `bumps`, and `enters`/`leaves` on a whole board), on the tests' own
game `tests/fixtures/engine/forced.ludex`."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from ludex.runtime import Game, Illegal, NotExecutable
from ludex.runtime import queries as q
from ludex.semantics.compilation import Compilation
from ludex.syntax import unparse
from ludex.verify.examples import PASS, engine_of, example_results

from .conftest import FIXTURES, compiled_game

FORCED = FIXTURES / "engine" / "forced.ludex"


@pytest.fixture(scope="module")
def shove() -> Compilation:
    return compiled_game(FORCED)


@pytest.fixture
def game(shove: Compilation) -> Iterator[Game]:
    yield engine_of(shove.models[0]).new_game(seed=1)


def test_the_games_examples_pass(shove: Compilation) -> None:
    status = {r.example: r.status for r in example_results(shove)}
    assert set(status.values()) == {PASS} and len(status) == 6


def test_a_push_goes_straight_away_and_stops_at_a_blocking_space(game: Game) -> None:
    game.place("ogre", "field.1_1")
    game.place("knight", "field.3_1")
    game.push("knight", "ogre", 5, stopped=["field.6_1"])
    assert q.location(game, "knight") == "field.5_1"
    assert q.moved(game, "knight") == 2
    assert q.stopped_by(game, "knight") == "field.6_1"
    assert q.passed(game, "knight") == ["field.4_1", "field.5_1"]
    assert not q.involuntary(game, "knight")


def test_a_push_at_the_edge_is_stopped_by_the_board(game: Game) -> None:
    game.place("knight", "field.1_2")
    game.push("knight", "south", 4)
    assert q.location(game, "knight") == "field.1_1"
    assert (q.moved(game, "knight"), q.stopped_by(game, "knight")) == (1, "field")


def test_on_a_diagonal_or_underneath_the_player_chooses_the_line_away(game: Game) -> None:
    game.place("ogre", "field.1_1")
    game.place("knight", "field.3_3")
    game.answer_queue[("direction", None)] = ["east"]
    game.push("knight", "ogre", 1)
    assert q.location(game, "knight") == "field.4_3"
    game.move("knight", "field.2_1")  # under the Ogre's top-right space: north or east
    game.answer_queue[("direction", None)] = ["west"]
    with pytest.raises(Illegal):
        game.push("knight", "ogre", 1)  # west is no line that leaves it soonest
    game.answer_queue[("direction", None)] = ["east"]
    game.push("knight", "ogre", 2)
    assert q.location(game, "knight") == "field.4_1"


def test_a_push_on_a_map_is_refused(game: Game) -> None:
    game.place("knight", "city.market")
    game.place("rock", "city.docks")
    with pytest.raises(NotExecutable, match="square grid"):
        game.push("knight", "rock", 1)


def test_a_move_along_a_path_goes_one_adjacent_space_at_a_time(game: Game) -> None:
    game.place("knight", "field.1_1")
    with pytest.raises(Illegal, match="not adjacent"):
        game.move_along("knight", ["field.3_1"])
    game.move_along("knight", ["field.2_1", "field.2_2"])
    assert q.location(game, "knight") == "field.2_2"


def test_a_path_is_the_only_shortest_one_or_a_choice(game: Game) -> None:
    assert q.path(game, "field.1_1", "field.4_1") == ["field.2_1", "field.3_1", "field.4_1"]
    through = ["field.1_2", "field.1_3", "field.2_3"]
    assert q.path(game, "field.1_1", "field.3_3", through) == [
        "field.1_2", "field.1_3", "field.2_3", "field.3_3"]
    assert q.path(game, "field.1_1", "city.tower") is None
    game.answer_queue[("route", None)] = ["field.1_2"]
    assert q.path(game, "field.1_1", "field.2_2") == ["field.1_2", "field.2_2"]


def test_a_pull_ends_beside_its_source(game: Game) -> None:
    game.place("ogre", "field.1_1")
    game.place("knight", "field.6_1")
    game.pull("knight", "ogre", 9)
    assert q.location(game, "knight") == "field.3_1"
    assert q.moved(game, "knight") == 3 and q.stopped_by(game, "knight") is None


def test_enters_and_leaves_a_board_fire_for_any_of_its_spaces(game: Game) -> None:
    game.set(None, "arrivals", 0)
    game.set(None, "departures", 0)
    game.place("knight", "field.2_2")
    game.move("knight", "field.3_3")
    game.move("knight", "city.market")
    assert (game.get(None, "arrivals"), game.get(None, "departures")) == (2, 2)


def test_forced_statements_print_back_as_written(shove: Compilation) -> None:
    rule = next(s.decl for s in shove.models[0].symbols.values() if s.decl.id == "shove")
    lines = [unparse.stmt(s) for s in rule.clauses.effect]
    assert lines[0] == "push knight away from ogre by 3 stopped by [rock]"
    walk = next(s.decl for s in shove.models[0].symbols.values() if s.decl.id == "walk")
    assert unparse.stmt(walk.clauses.effect[0]) == \
        "move knight along path(knight, square(field, 6, 1))"
