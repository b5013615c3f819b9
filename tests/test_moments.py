"""The moments a rule hooks into around what is resolved (`before`, `start of`,
`during`, `end of`, `after`), on a small game of the tests' own
(`tests/fixtures/engine/moments.ludex`): each hooked rule writes its digit at the end of
`order`, so `order` reads the sequence they ran in."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from ludex.runtime import Game
from ludex.verify.examples import PASS, engine_of, example_results

from .conftest import FIXTURES, compiled_game, run_cli

MOMENTS = FIXTURES / "engine" / "moments.ludex"


@pytest.fixture(scope="module")
def defs() -> Any:
    return engine_of(compiled_game(MOMENTS, warnings=False).models[0]).DEFINITIONS


def test_the_games_examples_pass() -> None:
    results = example_results(compiled_game(MOMENTS, warnings=False))
    assert {r.example: r.status for r in results} == {
        "sailing": PASS, "tide_table": PASS, "stormy": PASS}


def _order(defs: Any, what: str) -> int:
    game = Game(defs)
    game.trigger(what)
    return int(game.get(None, "order"))


def test_start_of_and_end_of_a_step_run_around_its_effect(defs: Any) -> None:
    """Before: `start of voyage.sail` and `end of voyage.sail` never ran (a step is a
    rule, and only `before`, `during` and `after` a rule were hooks), and nothing said so."""
    digits = str(_order(defs, "voyage"))
    assert "2" in digits and "5" in digits
    assert digits.index("1") < digits.index("2") < digits.index("4") < digits.index("5") \
        < digits.index("6")


def test_during_a_step_runs_before_its_effect_as_during_a_procedure(defs: Any) -> None:
    """Before: the rules hooked `during` a step ran after its effect (`order` was 124536);
    the reference says a procedure runs those hooked `during` it before its steps, and a
    step (a rule) now does the same: before, start of, during, its effect, end of, after."""
    assert _order(defs, "voyage") == 123456


def test_start_of_and_end_of_a_table_run_around_its_rows(defs: Any) -> None:
    """Before: nothing hooked to a table ran."""
    assert _order(defs, "tides") == 45


def test_an_outside_events_hooks_run_in_the_order_of_its_moments(defs: Any) -> None:
    """Before: `after` ran second, before `during`, `start of` and `end of`."""
    assert _order(defs, "storm") == 12356


def test_a_hook_on_what_never_runs_is_reported(tmp_path: Path) -> None:
    """W313: `before STAT` (only `after` a stat is a hook), `end of DECK` (a deck is never
    resolved): the rule would never fire; `after STAT` and `after DIE` are hooks."""
    (tmp_path / "g").mkdir()
    (tmp_path / "g" / "game.ludex").write_text('''game g "G":
  page: 1

stat order "Order":
  range: 0..9

deck pile "Pile"

die d6 "A die":
  faces: [1, 2, 3, 4, 5, 6]

rule early "Early":
  when: before order
  effect: gain 1 order

rule changed "Changed":
  when: after order
  effect: log "changed"

rule rolled "Rolled":
  when: after d6
  effect: log "rolled"

rule emptied "Emptied":
  when: end of pile
  effect: gain 1 order
''', encoding="utf-8")
    run = run_cli("check", "--no-checks", "g", cwd=tmp_path)
    found = [line for line in run.out.splitlines() if "[W313]" in line]
    assert len(found) == 2, run.out
    assert "`before order`: `order` is a stat" in found[0]
    assert "`end of pile`: `pile` is a deck, which is never resolved" in found[1]
