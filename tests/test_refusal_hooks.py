"""An example's `refused:` action and the rules hooked to what it triggers: a rule
hooked `before` the action and not used for its condition refuses nothing."""

from __future__ import annotations

from pathlib import Path

from ludex.pipeline import compile_paths
from ludex.semantics.results import PASS, ExampleResult
from ludex.verify.examples import example_results

GAME = '''game g "G":
  page: 1

stat x "X":
  range: 0..9

stat name "N"

rule r "R":
  condition: x < 3
  effect: gain 1 x

rule h "H, hooked before R":
  when: before r
  condition: name == "a"
  effect: set x to 5

example not_refused "R runs though H is not used":
  for: r
  given:
    set name to "b"
  actions:
    refused: trigger r
  expect:
    x == 1

example refused_by_its_condition "R's own condition refuses it, H not used":
  for: r
  given:
    set name to "b"
    set x to 3
  actions:
    refused: trigger r
  expect:
    x == 3

example hooked_rule_refused "H triggered alone, its condition not holding, is refused":
  for: h
  given:
    set name to "b"
  actions:
    refused: trigger h
  expect:
    x == 0
'''


def results_of(tmp_path: Path) -> dict[str, ExampleResult]:
    (tmp_path / "game.ludex").write_text(GAME, encoding="utf-8")
    return {r.example: r for r in example_results(compile_paths([tmp_path]))}


def test_a_before_hook_not_used_does_not_refuse_the_action(tmp_path: Path) -> None:
    """needs-battle.md bug 2: the hook's skip was taken for the action's refusal."""
    results = results_of(tmp_path)
    assert results["not_refused"].status != PASS, results["not_refused"]
    assert "not refused" in str(results["not_refused"]), results["not_refused"]
    assert results["refused_by_its_condition"].status == PASS, results["refused_by_its_condition"]
    assert results["hooked_rule_refused"].status == PASS, results["hooked_rule_refused"]
