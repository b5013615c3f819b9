"""No assumptions, no silent skips (issue 10, points 6 and 7).

A condition or a moment (`when:`) stated in words is never answered by the engine: a rule
that reaches one cannot run (`NotExecutable`), and a worked example whose run reaches a
rule that cannot run is `blocked` (neither pass nor fail), naming the rule; `ludex test`
exits 1 on it and `ludex check` reports it (W617). A hooked rule that cannot run is no
longer skipped; one that may not be used now (`Illegal`) still is. Each game here is
written for the test, compiled and run through the same path as the suite's others.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from ludex.backends.figures import FULL, PARTIAL, PROSE_RULE, rule_clauses, rule_status
from ludex.pipeline import compile_paths
from ludex.runtime import Ctx, Game, NotExecutable
from ludex.semantics.results import BLOCKED, FAIL, PASS, ExampleResult
from ludex.verify.examples import engine_of, example_results

from .conftest import run_cli

HEADER = '''game g "G":
  page: 1

stat coins "Coins":
  range: 0..20

'''

WORDS = HEADER + '''rule income "Income":
  > If the sun is up, gain 4 Coins.
  condition: "the sun is up"
  effect: gain 4 coins

rule dawn "Dawn":
  > At dawn, gain 1 Coin.
  when: "at dawn"
  effect: gain 1 coins

example asks "Income when the sun is up":
  for: income
  actions:
    trigger income
  expect:
    coins == 4

example refuses "No income at night":
  for: income
  actions:
    trigger income
  expect:
    coins == 0

example at_dawn "Dawn":
  for: dawn
  actions:
    trigger dawn
  expect:
    coins == 1
'''

HOOKED = HEADER + '''rule windfall "Windfall":
  effect: gain 3 coins

rule echo "Echo":
  when: after windfall
  condition: "the moon is full"
  effect: gain 1 coins

rule guarded "Guarded":
  when: after windfall
  effect:
    require coins > 10
    gain 5 coins

example lucky "A windfall":
  for: windfall
  actions:
    trigger windfall
  expect:
    coins == 3
'''

STAT_HOOK = HEADER + '''rule counted "Counted":
  when: after coins
  condition: "someone is watching"
  effect: log "seen"

example earns "Earning a coin":
  for: coins
  actions:
    gain 1 coins
  expect:
    coins == 1
'''

ILLEGAL_ONLY = HEADER + '''rule windfall "Windfall":
  effect: gain 3 coins

rule guarded "Guarded":
  when: after windfall
  effect:
    require coins > 10
    gain 5 coins

example lucky "A windfall":
  for: windfall
  actions:
    trigger windfall
  expect:
    coins == 3
'''


def results_of(tmp_path: Path, text: str) -> dict[str, ExampleResult]:
    (tmp_path / "game.ludex").write_text(text, encoding="utf-8")
    comp = compile_paths([tmp_path])
    return {r.example: r for r in example_results(comp)}


def test_a_condition_in_words_blocks_and_is_never_answered_yes(tmp_path: Path) -> None:
    results = results_of(tmp_path, WORDS)
    for name in ("asks", "refuses"):  # neither "yes" (4 coins) nor "no" (0 coins) passes
        assert results[name].status == BLOCKED, results[name]
        assert results[name].message == ("blocked: `income` cannot run: the condition is "
                                         "stated in words: the sun is up")
        assert not results[name].passed


def test_a_moment_in_words_blocks_the_rule_when_triggered(tmp_path: Path) -> None:
    result = results_of(tmp_path, WORDS)["at_dawn"]
    assert result.status == BLOCKED
    assert result.message == "blocked: `dawn` cannot run: its moment is stated in words: at dawn"


def test_the_engine_raises_on_words_and_logs_the_blocked_rule(tmp_path: Path) -> None:
    (tmp_path / "game.ludex").write_text(WORDS, encoding="utf-8")
    engine = engine_of(compile_paths([tmp_path], checks=False).models[0])
    game = Game(engine.DEFINITIONS)
    with pytest.raises(NotExecutable, match="the condition is stated in words: the sun is up"):
        game.trigger("income", Ctx())
    assert game.get(None, "coins") == 0
    assert [(e.kind, e.what) for e in game.log.of_kind("blocked")] == [("blocked", "income")]
    assert not hasattr(game, "assume") and not hasattr(game.chooser, "confirm")


def test_a_hooked_rule_that_cannot_run_blocks_the_example_and_is_named(
        tmp_path: Path) -> None:
    result = results_of(tmp_path, HOOKED)["lucky"]
    assert result.status == BLOCKED
    assert result.message == ("blocked: `echo` cannot run: the condition is stated in words: "
                              "the moon is full (resolved within `windfall`)")


def test_a_stat_hook_whose_condition_cannot_be_evaluated_blocks(tmp_path: Path) -> None:
    result = results_of(tmp_path, STAT_HOOK)["earns"]
    assert result.status == BLOCKED
    assert result.message.startswith("blocked: `counted` cannot run: the condition is stated")


def test_a_hooked_rule_that_may_not_be_used_now_is_still_skipped(tmp_path: Path) -> None:
    result = results_of(tmp_path, ILLEGAL_ONLY)["lucky"]
    assert result.status == PASS, result
    (tmp_path / "game.ludex").write_text(ILLEGAL_ONLY, encoding="utf-8")
    game = Game(engine_of(compile_paths([tmp_path], checks=False).models[0]).DEFINITIONS)
    game.trigger("windfall", Ctx())
    skipped = [e for e in game.log.of_kind("skip") if e.what == "guarded"]
    assert len(skipped) == 1 and skipped[0].detail.startswith("Illegal: requires")


def test_an_illegal_action_still_fails(tmp_path: Path) -> None:
    result = results_of(tmp_path, HEADER + '''example overspent "Overspent":
  for: coins
  actions:
    pay 2 coins
  expect:
    coins == 0
''')["overspent"]
    assert result.status == FAIL and result.message.startswith("the actions stopped: Illegal:")


def test_ludex_test_prints_blocked_examples_and_exits_1(tmp_path: Path) -> None:
    (tmp_path / "game.ludex").write_text(HOOKED, encoding="utf-8")
    run = run_cli("test", "-q", str(tmp_path))
    assert run.code == 1, run.out + run.err
    lines = run.out.rstrip().splitlines()
    assert lines[0].startswith("BLOCK g/lucky  (")
    assert lines[1].strip().startswith("blocked: `echo` cannot run")
    assert lines[-1] == "0 passed, 0 failed, 1 blocked, 0 prose only"


def test_ludex_check_reports_a_blocked_example_as_W617(tmp_path: Path) -> None:
    (tmp_path / "game.ludex").write_text(HOOKED, encoding="utf-8")
    run = run_cli("check", str(tmp_path))
    found = [line for line in run.out.splitlines() if "[W617]" in line]
    assert len(found) == 1, run.out
    assert "example 'A windfall' is blocked: `echo` cannot run" in found[0]


def test_words_in_a_condition_or_a_moment_make_the_rule_prose(tmp_path: Path) -> None:
    (tmp_path / "game.ludex").write_text(WORDS + '''
rule plain "Plain":
  effect: gain 2 coins

rule careful "Careful":
  condition: coins > 2
  effect: log "counted"
''', encoding="utf-8")
    model = compile_paths([tmp_path], checks=False).models[0]
    status = {s.decl.id: rule_status(c) for s in model.symbols.values()
              if (c := rule_clauses(s.decl)) is not None}
    assert status == {"income": PROSE_RULE, "dawn": PROSE_RULE, "plain": FULL,
                      "careful": PARTIAL}
    stats = run_cli("stats", str(tmp_path)).out
    assert "rules: 4 (1 full, 1 partial, 2 prose; 0 steps in words only)" in stats
    assert "3 executable, 0 passing, 0 failing, 3 blocked, 0 prose only" in stats


def test_the_site_shows_a_blocked_example_and_counts_it(tmp_path: Path) -> None:
    from ludex.backends.site import SiteOptions, emit

    (tmp_path / "game.ludex").write_text(HOOKED, encoding="utf-8")
    pages = emit(compile_paths([tmp_path]), SiteOptions(authoring=True))
    examples = pages["docs/g/worked-examples.md"]
    assert isinstance(examples, str) and isinstance(pages["docs/index.md"], str)
    assert "| ⛔ blocked: example 'A windfall' is blocked: <code>echo</code> cannot run" in \
        examples, examples
    assert "1 executable, 0 passed, 0 failed, 1 blocked)" in pages["docs/index.md"]


MIXED = HEADER + '''rule mixed "Mixed":
  > If you have coins and the sun is up, gain 4 Coins.
  condition: coins >= 0 and "the sun is up"
  effect: gain 4 coins

rule negated "Negated":
  > Unless it is night, gain 1 Coin.
  condition: not "it is night"
  effect: gain 1 coins

rule stepped "Stepped":
  > Gain 2 Coins; if the moon is full, gain 1 more.
  effect:
    gain 2 coins
    if "the moon is full":
      gain 1 coins

example mixed_yes "Words under `and` are not true":
  for: mixed
  actions:
    trigger mixed
  expect:
    coins == 4

example negated_yes "Words under `not` are not false":
  for: negated
  actions:
    trigger negated
  expect:
    coins == 1
'''


def test_words_under_and_or_not_are_never_answered(tmp_path: Path) -> None:
    """`x and "words"` is not `x` (a text is no truth): the run stops at the words."""
    results = results_of(tmp_path, MIXED)
    assert results["mixed_yes"].status == BLOCKED, results["mixed_yes"]
    assert results["mixed_yes"].message == ("blocked: `mixed` cannot run: the condition is "
                                            "stated in words: the sun is up")
    assert results["negated_yes"].status == BLOCKED, results["negated_yes"]


def test_words_in_part_of_a_condition_or_in_a_step_count_as_such(tmp_path: Path) -> None:
    (tmp_path / "game.ludex").write_text(MIXED, encoding="utf-8")
    model = compile_paths([tmp_path], checks=False).models[0]
    status = {s.decl.id: rule_status(c) for s in model.symbols.values()
              if (c := rule_clauses(s.decl)) is not None}
    assert status == {"mixed": PROSE_RULE, "negated": PROSE_RULE, "stepped": PARTIAL}
    stats = run_cli("stats", str(tmp_path)).out   # `if "the moon is full":` is a step in words
    assert "rules: 3 (0 full, 1 partial, 2 prose; 1 steps in words only)" in stats, stats


NOTHING = HEADER + '''rule from_nothing "Gain one more than nothing":
  effect: set coins to random([]) + 1

example computes_with_nothing "Nothing plus one is not a number":
  for: from_nothing
  actions:
    trigger from_nothing
  expect:
    coins == 1
'''


def test_computing_with_nothing_blocks_the_rule_instead_of_crashing(tmp_path: Path) -> None:
    """A query that finds none answers nothing; `nothing + 1` stops the rule (blocked),
    never a Python TypeError nor a guess."""
    result = results_of(tmp_path, NOTHING)["computes_with_nothing"]
    assert result.status == BLOCKED, result
    assert "it computes with nothing" in result.message


IN_WORDS = HEADER + '''rule wordy "Wordy":
  > Shout loudly, then gain 1 Coin.

rule stepped "Stepped":
  > Gain 2 Coins, then shout.
  effect:
    gain 2 coins
    > Shout.

rule counted "Counted":
  > Each coin gained is a coin in the purse: nothing more to do.
  when: after coins

procedure day "A day":
  step dawn "Dawn":
    > The sun rises.
  step noon "Noon":
    effect: gain 1 coins

example wordy_run "A rule stated in words only":
  for: wordy
  actions:
    trigger wordy
  expect:
    coins == 0

example stepped_run "A prose step":
  for: stepped
  actions:
    trigger stepped
  expect:
    coins == 2

example day_run "A step with no clause is a moment":
  for: [day, counted]
  actions:
    trigger day
  expect:
    coins == 1
'''


def test_a_prose_step_blocks_where_it_is_reached(tmp_path: Path) -> None:
    """A prose step is never skipped: the run stops there, what came before it done."""
    results = results_of(tmp_path, IN_WORDS)
    assert results["stepped_run"].status == BLOCKED, results["stepped_run"]
    assert results["stepped_run"].message == ("blocked: `stepped` cannot run: the step is "
                                              "stated in words: Shout.")
    (tmp_path / "game.ludex").write_text(IN_WORDS, encoding="utf-8")
    game = Game(engine_of(compile_paths([tmp_path], checks=False).models[0]).DEFINITIONS)
    with pytest.raises(NotExecutable, match="the step is stated in words: Shout."):
        game.trigger("stepped", Ctx())
    assert game.get(None, "coins") == 2
    assert [e.what for e in game.log.of_kind("blocked")] == ["stepped"]


def test_a_rule_with_no_clause_blocks_when_triggered(tmp_path: Path) -> None:
    """`trigger wordy` of a rule with its prose only: it says what it does in words."""
    result = results_of(tmp_path, IN_WORDS)["wordy_run"]
    assert result.status == BLOCKED, result
    assert result.message == ("blocked: `wordy` cannot run: it is stated in words only: it "
                              "has no clause the engine runs")


def test_a_step_with_no_clause_and_a_hooked_rule_with_no_effect_run_as_nothing(
        tmp_path: Path) -> None:
    """A step with no clause is a moment of its procedure; a rule with clauses but no
    effect does what its clauses say (here: it is hooked), nothing more."""
    result = results_of(tmp_path, IN_WORDS)["day_run"]
    assert result.status == PASS, result
