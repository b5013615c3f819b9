"""`ludex test --mutate`: each rule an example names is broken one change at a time and
the example rerun; a bounded slice on small games written here. The long run over the
bundled rulebooks is `ludex test --mutate rules/` (README, "Testing")."""

from __future__ import annotations

from pathlib import Path

import pytest
from ludex.cli import mutate as cli_mutate
from ludex.core.codes import Code
from ludex.pipeline import compile_paths
from ludex.syntax import ast
from ludex.verify.mutate import (
    ACCEPTED,
    INVALID,
    KILLED,
    SURVIVED,
    UNTRIED,
    GameReport,
    mutants,
    mutate,
)
from ludex.verify.mutate import run as mutate_run

from .conftest import run_cli

GAME = """\
game tiny "Tiny":
  > A game for the mutation tests.

stat trust "Trust":
  range: 0..20

component coin "Coin"

zone purse "Purse"

zone bank "Bank"

rule earn "Earn":
  effect:
    gain 3 trust
    if trust == 5:
      move coin to purse
    log "earned"

example checks "Runs the rule":
  for: earn
  given:
    set trust to 2
    place coin in bank
  actions:
    trigger earn
  expect:
    trust == 5
    contains(purse, coin)

example restates "Restates the rule":
  for: earn
  given:
    set trust to 2
    place coin in bank
  actions:
    gain 3 trust
    move coin to purse
  expect:
    trust == 5
    contains(purse, coin)
"""
# Every change to `earn`, in source order: a number, a comparison, a statement dropped
# (not the log), a destination swapped (the other zone, the first in declaration order).
EARN = [
    "earn: effect 1: drop `gain 3 trust`",
    "earn: effect 1: 3 -> 4",
    "earn: effect 1: 3 -> 2",
    "earn: effect 2: drop `if trust == 5: move coin to purse`",
    "earn: effect 2: `trust == 5` -> `trust != 5`",
    "earn: effect 2: 5 -> 6",
    "earn: effect 2: 5 -> 4",
    "earn: effect 2.then.1: drop `move coin to purse`",
    "earn: effect 2.then.1: to purse -> to bank",
]


def game(tmp_path: Path, extra: str = "") -> Path:
    folder = tmp_path / "tiny"
    folder.mkdir(exist_ok=True)
    (folder / "game.ludex").write_text(GAME + extra, encoding="utf-8")
    return folder


def run(folder: Path) -> GameReport:
    comp = compile_paths([folder], checks=False)
    assert not comp.diags.has_errors, [d.message for d in comp.diags]
    [report] = mutate(comp, workers=2)
    return report


def outcomes(report: GameReport, example: str) -> list[tuple[str, str]]:
    [found] = [e for e in report.examples if e.example == example]
    return [(o.mutant.id, o.status) for o in found.outcomes]


def ruling(*ids: str) -> str:
    listed = ", ".join(f'"{i}"' for i in ids)
    return f"""
ruling restated "Why the restatement cannot tell":
  applies_to: restates
  survives: [{listed}]
  > The example restates the rule in its actions; a changed rule cannot change it.
"""


def test_an_example_that_runs_its_rule_kills_every_change(tmp_path: Path) -> None:
    report = run(game(tmp_path))
    assert outcomes(report, "checks") == [(i, KILLED) for i in EARN]
    assert report.diagnostics == []


def test_an_example_that_restates_its_rule_survives_every_change(tmp_path: Path) -> None:
    report = run(game(tmp_path))
    assert outcomes(report, "restates") == [(i, SURVIVED) for i in EARN]
    out = run_cli("test", "--mutate", str(game(tmp_path)))
    assert out.code == 1
    assert "tiny/checks  (" in out.out and "killed 9 of 9 changes" in out.out
    assert "killed 0 of 9 changes" in out.out
    for ident in EARN:
        assert f"SURVIVED tiny/restates  {ident}  (" in out.out
    assert "SURVIVED tiny/restates  earn: effect 2.then.1: to purse -> to bank  (" \
        f"{tmp_path / 'tiny' / 'game.ludex'}:17)" in out.out
    assert "18 changes: 9 killed, 9 survived, 0 accepted by rulings, 0 invalid" in out.out


def test_quiet_prints_only_the_survivors_and_the_summary(tmp_path: Path) -> None:
    out = run_cli("test", "--mutate", "-q", str(game(tmp_path)))
    lines = out.out.splitlines()
    assert [line.split("  ")[0] for line in lines[:-1]] == ["SURVIVED tiny/restates"] * 9
    assert lines[-1].startswith("18 changes: 9 killed, 9 survived")


def test_a_ruling_accepts_the_survivors_it_lists(tmp_path: Path) -> None:
    folder = game(tmp_path, ruling(*EARN[:2]))
    report = run(folder)
    assert outcomes(report, "restates") == [(i, ACCEPTED if i in EARN[:2] else SURVIVED)
                                            for i in EARN]
    assert run_cli("test", "--mutate", str(folder)).code == 1  # 7 still survive
    everything = game(tmp_path, ruling(*EARN))
    out = run_cli("test", "--mutate", str(everything))
    assert (out.code, out.err) == (0, "")
    assert "18 changes: 9 killed, 0 survived, 9 accepted by rulings" in out.out


def test_example_picks_the_examples_mutated_and_leaves_the_others_rulings_alone(
        tmp_path: Path) -> None:
    # the ruling lists an id no example has: an error when its example is mutated, and
    # nothing when `--example` leaves that example out
    folder = game(tmp_path, ruling("earn: effect 1: 3 -> 5"))
    out = run_cli("test", "--mutate", "-k", "checks", str(folder))
    assert (out.code, out.err) == (0, "")
    assert "tiny/checks  (" in out.out and "restates" not in out.out
    assert "9 changes: 9 killed, 0 survived" in out.out
    assert "UNKNOWN" not in out.out and "survives" not in out.out
    out = run_cli("test", "--mutate", "-k", "restat*", "-k", "nothing", str(folder))
    assert out.code == 1 and "`survives` lists 'earn: effect 1: 3 -> 5'" in out.out
    assert "9 changes: 0 killed, 9 survived" in out.out
    out = run_cli("test", "--mutate", "--example", "no_such_example", str(folder))
    assert out.code == 1
    assert "no executable example matches no_such_example" in out.out


def test_example_picks_the_examples_run(tmp_path: Path) -> None:
    folder = game(tmp_path)
    out = run_cli("test", "-k", "restates", str(folder))
    assert (out.code, out.err) == (0, "")
    assert "PASS  tiny/restates" in out.out and "tiny/checks" not in out.out
    assert out.out.splitlines()[-1] == "1 passed, 0 failed, 0 blocked, 0 prose only"
    out = run_cli("test", "-k", f"*{folder.name}/game.ludex", str(folder))
    assert out.out.splitlines()[-1] == "2 passed, 0 failed, 0 blocked, 0 prose only"
    out = run_cli("test", "-k", "zzz", str(folder))
    assert out.code == 1 and "no example matches zzz" in out.out


def test_an_accepted_change_the_example_kills_is_listed_as_needless(tmp_path: Path) -> None:
    folder = game(tmp_path, ruling(EARN[0]).replace("applies_to: restates", "applies_to: checks"))
    [checks] = [e for e in run(folder).examples if e.example == "checks"]
    assert checks.needless == [EARN[0]] and checks.count(KILLED) == len(EARN)
    out = run_cli("test", "--mutate", str(folder))
    assert f"NEEDLESS tiny/checks  {EARN[0]}: killed, its ruling need not accept it" in out.out


def test_an_id_that_is_not_a_change_of_the_example_is_an_error(tmp_path: Path) -> None:
    folder = game(tmp_path, ruling(EARN[0], "earn: effect 1: 3 -> 5"))
    report = run(folder)
    [diag] = report.diagnostics
    assert diag.code == Code.UNKNOWN_SURVIVOR
    assert diag.span is not None and diag.span.line == GAME.count("\n") + 4  # the `survives:` line
    assert diag.hint == "did you mean `earn: effect 1: 3 -> 4`?"
    out = run_cli("test", "--mutate", str(folder))
    assert out.code == 1
    assert f"error[{Code.UNKNOWN_SURVIVOR}]: `survives` lists 'earn: effect 1: 3 -> 5', " \
        "which is not a change `ludex test --mutate` makes for `restates`" in out.out


def test_a_ruling_over_no_example_accepts_nothing(tmp_path: Path) -> None:
    text = ruling(EARN[0]).replace("applies_to: restates", "applies_to: earn")
    [diag] = run(game(tmp_path, text)).diagnostics
    assert diag.code == Code.UNKNOWN_SURVIVOR and "for no example" in diag.message


def test_an_example_that_does_not_pass_is_not_mutated(tmp_path: Path) -> None:
    folder = game(tmp_path)
    path = folder / "game.ludex"
    path.write_text(path.read_text("utf-8").replace(
        "trust == 5\n    contains(purse, coin)\n\nexample restates",
        "trust == 6\n\nexample restates"), "utf-8")
    report = run(folder)
    [checks] = [e for e in report.examples if e.example == "checks"]
    assert checks.outcomes == [] and checks.not_run is not None
    assert "expected `trust == 6`, got" in checks.not_run
    out = run_cli("test", "--mutate", str(folder))
    assert out.code == 1 and "NOT RUN  tiny/checks  (" in out.out


def test_a_rule_with_nothing_to_change_is_named(tmp_path: Path) -> None:
    extra = """
rule greet "Greet":
  effect:
    log "hello"

example greeted "Greets":
  for: [greet, earn]
  given:
    set trust to 2
  actions:
    trigger greet
  expect:
    trust == 2
"""
    report = run(game(tmp_path, extra))
    [greeted] = [e for e in report.examples if e.example == "greeted"]
    assert greeted.unmutated == [("greet", "nothing to change")]
    assert [o.status for o in greeted.outcomes] == [SURVIVED] * len(EARN)  # never runs earn
    out = run_cli("test", "--mutate", str(tmp_path / "tiny"))
    assert "      greet: nothing to change" in out.out


def test_a_rule_of_the_base_game_is_not_changed(tmp_path: Path) -> None:
    (tmp_path / "base").mkdir()
    (tmp_path / "base" / "game.ludex").write_text(
        'game base "Base":\n  > The base game.\n\nstat trust "Trust"\n\n'
        'rule income "Income":\n  effect: gain 1 trust\n', encoding="utf-8")
    (tmp_path / "exp").mkdir()
    (tmp_path / "exp" / "game.ludex").write_text(
        'game exp "Expansion":\n  base: base\n  > An expansion.\n\n'
        'example earns "Earns":\n  for: income\n  actions:\n    trigger income\n'
        '  expect:\n    trust == 1\n', encoding="utf-8")
    comp = compile_paths([tmp_path / "exp"], checks=False)
    assert not comp.diags.has_errors, [d.message for d in comp.diags]
    [expansion] = [g for g in mutate(comp, workers=1) if g.game == "exp"]
    [earns] = expansion.examples
    assert earns.unmutated == [("income", "declared in another game, not changed")]
    assert earns.outcomes == []


def test_a_game_costs_a_bounded_number_of_changes(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(mutate_run, "MAX_CHANGES", 3)
    report = run(game(tmp_path))
    assert [s for _, s in outcomes(report, "checks")] == [KILLED] * 3 + [UNTRIED] * 6
    out = run_cli("test", "--mutate", "-q", str(tmp_path / "tiny"))
    assert out.code == 1
    assert "NOT TRIED tiny/checks  6 changes: beyond the 3 changes tried in one game" in out.out
    assert out.out.splitlines()[-1].startswith(
        "18 changes: 3 killed, 3 survived, 0 accepted by rulings, 0 invalid, 12 not tried;")


def test_after_runaways_the_other_changes_are_not_tried(tmp_path: Path) -> None:
    comp = compile_paths([game(tmp_path)], checks=False)
    [model] = comp.models
    trial = mutate_run._Trial(model, {})
    trial.runaways = mutate_run.MAX_RUNAWAYS
    [first] = mutants(model.symbols["earn"].decl, "earn", lambda _: None)[:1]
    assert trial((first, ["checks"])) == {
        "checks": (UNTRIED, f"{mutate_run.MAX_RUNAWAYS} changes of this game ran away before it",
                   False)}


def test_a_change_that_does_not_build_is_invalid_not_a_survivor(tmp_path: Path) -> None:
    extra = """
die d6 "Six-sided die":
  faces: [one, two]

rule toss "Toss":
  effect:
    roll d6 as face
    if face == two:
      gain 1 trust

example tossed "Tosses":
  for: toss
  given:
    set trust to 0
  actions:
    trigger toss
  expect:
    trust <= 1
"""
    report = run(game(tmp_path, extra))
    got = dict(outcomes(report, "tossed"))
    assert got["toss: effect 1: drop `roll d6 as face`"] == INVALID
    [why] = [o.detail for e in report.examples for o in e.outcomes if o.status == INVALID]
    assert why == "the changed rules do not resolve: reference `face` names nothing declared"


RULE_WITH_BLOCKS = """\
game blocks "Blocks":
  > Blocks and rows.

stat trust "Trust"

rule deal "Deal":
  condition: trust < 9
  effect:
    choose 1:
      option calm "Calm":
        gain 2 trust
      option angry "Angry":
        lose 1 trust
    for each x in [1, 2]:
      log "again"

  table bonus "Bonus":
    by: trust
    mode: lookup
    1: 7
    2: gain 4 trust
"""


def test_changes_reach_every_block_and_the_rows_a_rule_owns(tmp_path: Path) -> None:
    (tmp_path / "blocks.ludex").write_text(RULE_WITH_BLOCKS, encoding="utf-8")
    comp = compile_paths([tmp_path / "blocks.ludex"], checks=False)
    assert not comp.diags.has_errors, [d.message for d in comp.diags]
    [model] = comp.models
    rule = model.symbols["deal"].decl
    found = mutants(rule, "deal", lambda _: None)
    assert [m.id for m in found] == [
        "deal: condition: `trust < 9` -> `trust >= 9`",
        "deal: condition: 9 -> 10",
        "deal: condition: 9 -> 8",
        "deal: effect 1: drop `choose 1: calm: gain 2 trust | angry: lose 1 trust`",
        "deal: effect 1: 1 -> 2",  # how many to choose
        "deal: effect 1: 1 -> 0",
        "deal: effect 1.calm.1: drop `gain 2 trust`",
        "deal: effect 1.calm.1: 2 -> 3",
        "deal: effect 1.calm.1: 2 -> 1",
        "deal: effect 1.angry.1: drop `lose 1 trust`",
        "deal: effect 1.angry.1: 1 -> 2",
        "deal: effect 1.angry.1: 1 -> 0",
        "deal: effect 2: drop `for each x in [1, 2]: log 'again'`",  # quotes made single
        "deal: effect 2: 1 -> 2",
        "deal: effect 2: 1 -> 0",
        "deal: effect 2: 2 -> 3",
        "deal: effect 2: 2 -> 1",  # the log in the loop is never dropped: it does nothing
        "deal: table bonus row 1: 7 -> 8",
        "deal: table bonus row 1: 7 -> 6",
        "deal: table bonus row 2 effect 1: drop `gain 4 trust`",
        "deal: table bonus row 2 effect 1: 4 -> 5",
        "deal: table bonus row 2 effect 1: 4 -> 3",
    ]
    # each change rebuilds only the path down to its node: the rest is shared
    dropped = found[3].replacement
    assert isinstance(dropped, ast.Rule) and isinstance(rule, ast.Rule)
    assert dropped.clauses.effect[0] is rule.clauses.effect[1]
    assert dropped.children is rule.children
    assert len({m.id for m in found}) == len(found)


@pytest.mark.parametrize("op,flipped", [("==", "!="), ("<", ">="), (">", "<=")])
def test_each_comparison_flips_both_ways(tmp_path: Path, op: str, flipped: str) -> None:
    text = RULE_WITH_BLOCKS.replace("trust < 9", f"trust {op} 9")
    (tmp_path / "blocks.ludex").write_text(text, encoding="utf-8")
    [model] = compile_paths([tmp_path / "blocks.ludex"], checks=False).models
    first = mutants(model.symbols["deal"].decl, "deal", lambda _: None)[0]
    assert first.id == f"deal: condition: `trust {op} 9` -> `trust {flipped} 9`"
    again = mutants(first.replacement, "deal", lambda _: None)[0]
    assert again.id == f"deal: condition: `trust {flipped} 9` -> `trust {op} 9`"


def test_a_big_game_may_have_one_change_in_twenty_run_away(tmp_path: Path) -> None:
    comp = compile_paths([game(tmp_path)], checks=False)
    [model] = comp.models
    assert mutate_run._Trial(model, {}, 10).cap == mutate_run.MAX_RUNAWAYS
    assert mutate_run._Trial(model, {}, 1946).cap == 1946 // mutate_run.RUNAWAY_SHARE == 97
    trial = mutate_run._Trial(model, {}, 1946)
    trial.runaways = 96
    [first] = mutants(model.symbols["earn"].decl, "earn", lambda _: None)[:1]
    assert trial((first, ["checks"]))["checks"][0] != UNTRIED
    trial.runaways = 97
    assert trial((first, ["checks"]))["checks"][0] == UNTRIED


def test_each_change_that_ran_away_is_listed(capsys: pytest.CaptureFixture[str],
                                             tmp_path: Path) -> None:
    comp = compile_paths([game(tmp_path)], checks=False)
    [model] = comp.models
    [first] = mutants(model.symbols["earn"].decl, "earn", lambda _: None)[:1]
    report = mutate_run.ExampleReport("tiny", "checks", first.span, outcomes=[
        mutate_run.Outcome(first, KILLED, "fail: ran past its time limit of 5 s", True),
        mutate_run.Outcome(first, KILLED, "fail: expected 2, got 1")])
    assert cli_mutate._example(report, quiet=True) == 0
    out = capsys.readouterr().out
    assert out == (f"RUNAWAY  tiny/checks  {first.id}  ({first.span.file}:{first.span.line}): "
                   "killed: fail: ran past its time limit of 5 s\n")
