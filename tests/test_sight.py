"""Walls on a grid's edges, corner-to-corner lines of sight and facing, on the tests'
own game `tests/fixtures/engine/sight.ludex`; and the runtime's geometry on its own."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from ludex.runtime import BoardDef, Game, Illegal, NotExecutable
from ludex.runtime import queries as q
from ludex.runtime.sight import clear_corners
from ludex.semantics.compilation import Compilation
from ludex.verify.examples import PASS, engine_of, example_results

from .conftest import FIXTURES, compiled_game

SIGHT = FIXTURES / "engine" / "sight.ludex"
GRID = BoardDef("b", columns=6, rows=6)


@pytest.fixture(scope="module")
def watch() -> Compilation:
    return compiled_game(SIGHT)


@pytest.fixture
def game(watch: Compilation) -> Iterator[Game]:
    yield engine_of(watch.models[0]).new_game(seed=1)


def sq(c: int, r: int) -> str:
    return f"b.{c}_{r}"


def test_the_games_examples_pass(watch: Compilation) -> None:
    status = {r.example: r.status for r in example_results(watch)}
    assert set(status.values()) == {PASS} and len(status) == 5


def test_walls_are_declared_fixed_or_as_a_stat(watch: Compilation) -> None:
    defs = engine_of(watch.models[0]).DEFINITIONS
    assert defs.boards["yard"].walls == "fences"
    assert defs.boards["keep"].walls == (("keep.2_2", "keep.3_2"),)
    assert (defs.boards["keep"].sight, defs.boards["yard"].sight) == ("corners", "centres")


def test_a_wall_parts_neighbours_and_paths_go_around_it(game: Game) -> None:
    assert not q.adjacent(game, "keep.2_2", "keep.3_2")
    assert q.adjacent(game, "keep.2_1", "keep.3_1")
    assert q.distance(game, "keep.2_2", "keep.3_2") == 1  # as the crow walks
    assert q.distance(game, "keep.2_2", "keep.3_2", q.spaces(game, "keep")) == 3
    game.stats.set(None, "fences", [["yard.1_1", "yard.2_1"], ["yard.1_1", "yard.1_2"]])
    assert q.neighbours(game, "yard.1_1") == []
    assert q.within(game, "yard.1_1", 3) == ["yard.1_1"]
    game.place("scout", "yard.1_1")
    with pytest.raises(Illegal):
        game.move("scout", "yard.2_1", within=2)


def test_a_wall_is_a_pair_of_spaces_side_by_side(game: Game) -> None:
    game.stats.set(None, "fences", [["yard.1_1", "yard.2_2"]])
    with pytest.raises(NotExecutable, match="orthogonally adjacent"):
        q.neighbours(game, "yard.1_1")


def test_a_wall_blocks_a_line_crossing_or_along_it_not_one_past_its_end(
        game: Game) -> None:
    assert q.line_of_sight(game, "yard.1_1", "yard.3_1", [])
    game.stats.set(None, "fences", [["yard.2_1", "yard.3_1"]])
    assert not q.line_of_sight(game, "yard.1_1", "yard.3_1", [])  # centres: across it
    # corners: the keep's wall between 2_2 and 3_2 lies on x = 2, y from 1 to 2
    assert not clear_corners(GRID, [sq(2, 2)], [sq(3, 2)], [], frozenset(
        {frozenset((sq(2, 2), sq(3, 2))), frozenset((sq(2, 1), sq(3, 1))),
         frozenset((sq(2, 3), sq(3, 3)))}))


def test_corner_lines() -> None:
    # touching a blocking space's corner only: clear
    assert clear_corners(GRID, [sq(1, 1)], [sq(3, 3)], [sq(2, 1), sq(1, 2)])
    # a line along a blocking space's edge is blocked; with the row free it is clear
    assert not clear_corners(GRID, [sq(1, 2)], [sq(4, 2)],
                             [sq(2, 1), sq(2, 2), sq(2, 3), sq(3, 2)])
    # the corner where two blocking spaces meet diagonally pinches every line
    assert not clear_corners(GRID, [sq(1, 1)], [sq(3, 3)], [sq(2, 1), sq(1, 2), sq(2, 3),
                                                            sq(3, 2), sq(2, 2)])
    assert clear_corners(GRID, [sq(1, 1)], [sq(3, 3)], [sq(3, 1), sq(1, 3)])
    # a straight wall three edges long: its middle points block a centre line too
    long_wall = frozenset({frozenset((sq(1, 1), sq(2, 1))), frozenset((sq(1, 2), sq(2, 2)))})
    assert not GRID.line_of_sight(sq(1, 1), sq(3, 3), [], long_wall)
    assert GRID.line_of_sight(sq(1, 1), sq(3, 3), [])


def test_pinched_corner_blocks_an_otherwise_clear_line() -> None:
    from fractions import Fraction

    from ludex.runtime.sight import _clear
    p, q2 = (Fraction(0), Fraction(0)), (Fraction(2), Fraction(2))
    assert _clear(p, q2, set(), [])
    assert _clear(p, q2, {(2, 1)}, [])  # one space at the corner (1, 1): clear
    assert not _clear(p, q2, {(2, 1), (1, 2)}, [])  # two meeting there diagonally
    assert not _clear(p, (Fraction(2), Fraction(0)), {(1, 1)}, [])  # along its edge
    assert _clear(p, (Fraction(1), Fraction(1)), {(2, 2)}, [])  # ends at its corner


def test_facing_queries(game: Game) -> None:
    game.place("troll", "yard.3_3")  # covers columns 3-4, rows 3-4
    game.place("scout", "yard.4_6")
    assert q.side_toward(game, "troll", "scout") == "south"
    game.move("scout", "yard.1_3")
    assert q.side_toward(game, "troll", "scout") == "west"
    game.move("scout", "yard.1_1")
    assert q.side_toward(game, "troll", "scout") is None
    assert q.in_front(game, "troll", "north") == [f"yard.{c}_{r}" for r in (1, 2)
                                                   for c in range(1, 9)]
    assert q.relative(game, "troll", "north", [[0, -1], [1, 2]]) == ["yard.3_2", "yard.4_5"]
    assert q.relative(game, "troll", "south", [[0, -1]]) == ["yard.4_5"]
    assert q.relative(game, "troll", "west", [[0, -1]]) == ["yard.2_4"]
    assert q.relative(game, "troll", "east", [[0, -1]]) == ["yard.5_3"]
    with pytest.raises(NotExecutable, match="no side"):
        q.in_front(game, "troll", "up")


def test_a_line_of_sight_goes_both_ways() -> None:
    """The book: "the Primordial always sees Titans that can see it and vice versa"."""
    import random

    pick = random.Random(7)
    spaces = [sq(c, r) for c in range(1, 7) for r in range(1, 7)]
    for _ in range(60):
        a, b = pick.sample(spaces, 2)
        blocking = [s for s in pick.sample(spaces, 8) if s not in (a, b)]
        cut = frozenset(frozenset((sq(c, r), sq(c + 1, r)))
                        for c, r in [(pick.randint(1, 5), pick.randint(1, 6))])
        assert clear_corners(GRID, [a], [b], blocking, cut) == \
            clear_corners(GRID, [b], [a], blocking, cut)
