"""The choice the engine makes itself, which thing leaves a full zone (`overflow`), is
answered from an example as any rule's choice is (`set answer(overflow) to king`,
`answer(overflow, ann)` for Ann's own zone), on a small game of the tests' own
(`tests/fixtures/engine/overflow.ludex`). Before, E310 refused the answer: no rule of
the game makes a choice named `overflow`."""

from __future__ import annotations

from pathlib import Path

from ludex.pipeline import compile_paths
from ludex.verify.examples import PASS, example_results

from .conftest import FIXTURES, run_cli

OVERFLOW = FIXTURES / "engine" / "overflow.ludex"


def test_an_example_answers_which_card_leaves_a_full_zone() -> None:
    comp = compile_paths([OVERFLOW], checks=False)
    assert [str(d) for d in comp.diags] == []
    results = {r.example: (r.status, r.message) for r in example_results(comp)}
    assert results == {"the_king_goes": (PASS, "3 expectations met"),
                       "ann_keeps_the_queen": (PASS, "2 expectations met")}


def _check(tmp_path: Path, zone: str) -> str:
    (tmp_path / "g").mkdir(parents=True)
    (tmp_path / "g" / "game.ludex").write_text(f'''game g "G":
  page: 1

kind card "Card"

card ace "Ace"

deck pile "Pile":
  contains: card

{zone}

rule deal "Deal":
  effect: draw 1 from pile to row

example dealt "Dealt":
  for: deal
  given:
    set answer(overflow) to ace
    set answer(overflo) to ace
  actions:
    trigger deal
  expect:
    count(row) == 1
''', encoding="utf-8")
    return run_cli("check", "--no-checks", "g", cwd=tmp_path).out


def test_overflow_is_a_choice_only_where_a_zone_can_overflow(tmp_path: Path) -> None:
    """A zone that lets things past its capacity makes the choice; one that forbids it
    (or has no capacity) never asks it, and a misspelt name is still refused."""
    asks = _check(tmp_path / "asks", 'zone row "Row":\n  capacity: 1\n  overflow: removed')
    assert "`answer(overflow)`" not in asks
    assert "`answer(overflo)` answers no choice" in asks and "overflow" in asks
    never = _check(tmp_path / "never", 'zone row "Row":\n  capacity: 1\n  overflow: forbid')
    assert "error[E310]: `answer(overflow)` answers no choice" in never
