"""Boards and spaces: a map of named spaces and their adjacency, a square grid, distances,
ranges, a move within a range, lines of sight, on the tests' own game
`tests/fixtures/engine/boards.ludex`; and the runtime's board on its own."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from ludex.runtime import BoardDef, Game, Illegal, NotExecutable
from ludex.runtime import queries as q
from ludex.semantics.compilation import Compilation
from ludex.syntax import ast, unparse
from ludex.verify.examples import PASS, engine_of, example_results

from .conftest import FIXTURES, compiled_game, run_cli

BOARDS = FIXTURES / "engine" / "boards.ludex"


@pytest.fixture(scope="module")
def skirmish() -> Compilation:
    return compiled_game(BOARDS)


@pytest.fixture
def game(skirmish: Compilation) -> Iterator[Game]:
    yield engine_of(skirmish.models[0]).new_game(seed=1)


def test_the_games_examples_pass(skirmish: Compilation) -> None:
    status = {r.example: r.status for r in example_results(skirmish)}
    assert set(status.values()) == {PASS} and len(status) == 6


def test_a_board_is_declared_with_its_spaces_and_links(skirmish: Compilation) -> None:
    defs = engine_of(skirmish.models[0]).DEFINITIONS
    city = defs.boards["city"]
    assert city.spaces == ("city.market", "city.docks", "city.slums", "city.tower",
                           "city.island")
    assert city.links == (("city.market", "city.docks"), ("city.market", "city.slums"),
                          ("city.docks", "city.market"), ("city.docks", "city.tower"))
    assert defs.boards["sea"].directed
    field = defs.boards["field"]
    assert (field.columns, field.rows, field.diagonals) == (5, 4, True)


def test_spaces_are_places_from_the_start(game: Game) -> None:
    assert q.count(game, "city.tower") == 0
    assert q.empty(game, "field.3_2")
    game.place("knight", "city.tower")
    assert q.location(game, "knight") == "city.tower"


def test_adjacency_goes_both_ways_unless_the_board_is_directed(game: Game) -> None:
    assert q.adjacent(game, "city.docks", "city.market")
    assert q.adjacent(game, "city.tower", "city.docks")  # stated once, by the Docks
    assert not q.adjacent(game, "city.slums", "city.docks")
    assert q.adjacent(game, "sea.cove", "sea.reef")
    assert not q.adjacent(game, "sea.reef", "sea.cove")
    assert q.neighbours(game, "city.market") == ["city.docks", "city.slums"]
    assert q.neighbours(game, "sea.reef") == []


def test_distance_is_the_fewest_steps_and_nothing_without_a_path(game: Game) -> None:
    assert q.distance(game, "city.slums", "city.tower") == 3
    assert q.distance(game, "city.market", "city.market") == 0
    assert q.distance(game, "city.island", "city.market") is None
    assert q.distance(game, "sea.reef", "sea.cove") is None
    assert q.distance(game, "city.market", "sea.cove") is None
    game.place("knight", "city.slums")
    assert q.distance(game, "knight", "city.docks") == 2  # a thing stands for its space


def test_within_lists_the_spaces_at_most_n_steps_away_nearest_first(game: Game) -> None:
    assert q.within(game, "city.docks", 1) == ["city.docks", "city.market", "city.tower"]
    assert q.within(game, "city.docks", 0) == ["city.docks"]
    assert sorted(q.within(game, "city.slums", 9)) == sorted(
        ["city.slums", "city.market", "city.docks", "city.tower"])
    assert q.spaces(game, "city")[0] == "city.market"
    with pytest.raises(NotExecutable, match="no board's space"):
        q.within(game, "nowhere", 1)


def test_a_move_within_a_range_is_refused_when_farther(game: Game) -> None:
    game.place("knight", "city.slums")
    with pytest.raises(Illegal, match="city.tower is 3 steps from city.slums, farther than 2"):
        game.move("knight", "city.tower", within=2)
    assert q.location(game, "knight") == "city.slums"
    game.move("knight", "city.tower", within=3)
    assert q.location(game, "knight") == "city.tower"
    with pytest.raises(Illegal, match="no path leads to city.island"):
        game.move("knight", "city.island", within=9)


def test_a_grid_counts_steps_four_ways_or_eight() -> None:
    four = BoardDef("b", columns=4, rows=3)
    eight = BoardDef("b", columns=4, rows=3, diagonals=True)
    assert four.square(1, 1) == "b.1_1" and four.square(5, 1) is None
    assert four.neighbours("b.1_1") == ["b.2_1", "b.1_2"]
    assert len(eight.neighbours("b.2_2")) == 8
    assert four.distance("b.1_1", "b.4_3") == 5
    assert eight.distance("b.1_1", "b.4_3") == 3
    assert four.within("b.1_1", 1) == ["b.1_1", "b.2_1", "b.1_2"]
    assert len(four.every_space()) == 12 and four.every_space()[4] == "b.1_2"
    assert four.coordinates("b.4_3") == (4, 3) and four.coordinates("b.9_9") is None
    assert four.coordinates("b.01_1") is None  # only the board's own names


def test_a_line_of_sight_is_blocked_by_the_inside_of_a_space_only() -> None:
    grid = BoardDef("b", columns=5, rows=5)
    a, e = grid.square(1, 1), grid.square(5, 1)
    assert grid.line_of_sight(a, e, [])
    assert not grid.line_of_sight(a, e, [grid.square(3, 1)])
    assert grid.line_of_sight(a, e, [grid.square(3, 2), a, e])  # beside, or its own ends
    corner = grid.square(3, 3)
    # the diagonal from (1,1) to (3,3) runs through the corners of (1,2) and (2,1) only
    assert grid.line_of_sight(a, corner, [grid.square(1, 2), grid.square(2, 1)])
    assert not grid.line_of_sight(a, corner, [grid.square(2, 2)])
    # a knight's-move line grazes no corner: it crosses (2,1) and (2,2)
    assert not grid.line_of_sight(a, grid.square(3, 2), [grid.square(2, 2)])
    assert not grid.line_of_sight(a, grid.square(3, 2), [grid.square(2, 1)])
    with pytest.raises(NotExecutable, match="square grid"):
        BoardDef("m", spaces=("m.x", "m.y")).line_of_sight("m.x", "m.y", [])


def test_the_line_of_sight_query_takes_things_for_their_spaces(game: Game) -> None:
    game.place("archer", "field.1_1")
    game.place("rock", "field.2_1")
    assert not q.line_of_sight(game, "archer", "field.4_1", ["rock"])
    assert q.line_of_sight(game, "archer", "field.1_4", ["rock"])
    assert (q.column(game, "rock"), q.row(game, "rock")) == (2, 1)
    assert q.square(game, "field", 9, 9) is None
    assert q.column(game, "city.market") is None


def test_move_within_parses_formats_and_unparses() -> None:
    comp = compiled_game(BOARDS)
    model = comp.models[0]
    sortie = next(d for d in model.decls() if d.id == "sortie")
    assert isinstance(sortie, ast.Rule)
    choose = sortie.clauses.effect[0]
    assert isinstance(choose, ast.ChooseFrom)
    move = choose.body[0]
    assert isinstance(move, ast.Move) and isinstance(move.within, ast.IntLit)
    assert unparse.stmt(move) == "move p to tower within 2"


def test_the_site_shows_each_space_with_its_neighbours_escaped(tmp_path: Path) -> None:
    game = tmp_path / "rules" / "g"
    game.mkdir(parents=True)
    (game / "game.ludex").write_text('''game g "G":
  page: 1

board city "The City":
  space market "Market | <b>Square</b>":
    adjacent: [docks]
  space docks "Docks"

board field "Field":
  columns: 3
  rows: 2
''', encoding="utf-8")
    run = run_cli("build", "--engine-dir", str(tmp_path / "eng"), "--site-dir",
                  str(tmp_path / "site"), str(game), cwd=tmp_path)
    assert run.code == 0, run.out + run.err
    page = (tmp_path / "site" / "docs" / "g" / "index.md").read_text("utf-8")
    assert "| Space | Adjacent to |" in page
    rows = [line for line in page.splitlines() if line.startswith("| [")]
    assert rows and all("<b>" not in line for line in rows)  # the titles escaped
    assert "| [Docks](#city-docks) | [Market \\| &lt;b&gt;Square&lt;/b&gt;](#city-market) |" \
        in page
    assert "| 3 | 2 | 4 (no diagonals) |" in page
    chart = page.split("```mermaid\n", 1)[1].split("```", 1)[0]
    assert chart.splitlines() == ["flowchart LR", '  p1["Market | #lt;b#gt;Square#lt;/b#gt;"]',
                                  '  p2["Docks"]', "  p1 --- p2"]


def test_a_path_may_be_kept_to_some_spaces_and_occupied_lists_what_holds_things(
        game: Game) -> None:
    grid = BoardDef("b", columns=3, rows=3)
    open_ = ["b.1_2", "b.2_2", "b.3_2"]
    assert grid.distance("b.1_1", "b.3_1") == 2
    assert grid.distance("b.1_1", "b.3_1", open_) == 4  # round by the middle row
    assert grid.distance("b.1_1", "b.3_1", []) is None
    game.place("archer", "field.2_1")
    game.place("rock", "field.1_3")
    assert q.occupied(game, "field") == ["field.2_1", "field.1_3"]
    assert q.occupied(game, "field", "rock") == ["field.1_3"]
    assert q.distance(game, "archer", "rock", ["field.1_2"]) == 2  # a diagonal, then south
    assert q.distance(game, "archer", "rock", []) is None
    game.place("knight", "city.docks")
    assert q.occupied(game, "city") == ["city.docks"]


def test_a_large_figure_covers_a_square_of_spaces(game: Game) -> None:
    assert game.defs.footprints == {"giant": 2}
    game.place("giant", "field.4_3")  # 2 by 2: (4,3) to (5,4), the corner of the field
    assert q.occupied(game, "field") == ["field.4_3", "field.5_3", "field.4_4", "field.5_4"]
    with pytest.raises(Illegal, match="giant is 2 spaces wide: from field.5_4 it would "
                                      "stand off field"):
        game.move("giant", "field.5_4")
    assert q.location(game, "giant") == "field.4_3"
    game.place("archer", "field.1_1")
    assert q.distance(game, "archer", "giant") == 3  # to (4,3), diagonals on this field
    assert q.within(game, "giant", 0) == ["field.4_3", "field.5_3", "field.4_4", "field.5_4"]
    assert "field.3_2" in q.neighbours(game, "giant") and len(q.neighbours(game, "giant")) == 5
    game.place("rock", "field.3_3")
    # from the archer to one space of the Giant or another: (4,4)'s line crosses the rock,
    # (5,3)'s does not
    assert q.line_of_sight(game, "archer", "giant", ["rock"])
    assert not q.line_of_sight(game, "archer", "field.4_4", ["rock"])
    assert not q.adjacent(game, "giant", "giant")


def test_beside_and_behind_are_the_sides_of_a_figure(game: Game) -> None:
    game.place("giant", "field.2_2")  # covers (2,2), (3,2), (2,3), (3,3)
    assert q.beside(game, "giant", "north") == ["field.2_1", "field.3_1"]
    assert q.behind(game, "giant", "north") == ["field.2_4", "field.3_4"]
    assert q.beside(game, "giant", "east") == ["field.4_2", "field.4_3"]
    game.place("archer", "field.1_1")
    assert q.beside(game, "archer", "north") == []  # the board's edge
    assert q.behind(game, "field.1_1", "west") == ["field.2_1"]
    with pytest.raises(NotExecutable, match="no side"):
        q.beside(game, "archer", "up")
