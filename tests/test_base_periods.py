"""The base game's periods as outside events (`external ... period:` / `ends:`), and W314:
a limit, a duration, a `disable` or a `schedule` counted in a period nothing drives."""

from __future__ import annotations

import pytest
from ludex.runtime import Game, Illegal
from ludex.verify.examples import PASS, engine_of, example_results

from .conftest import FIXTURES, compiled_game, run_cli

PERIODS = FIXTURES / "periods"
GOOD = FIXTURES / "good" / "base_game_periods.ludex"


def test_w314_names_each_period_nothing_drives() -> None:
    path = PERIODS / "W314_limit_in_a_period_nothing_drives.ludex"
    run = run_cli("check", "--no-checks", str(path.relative_to(FIXTURES)), cwd=FIXTURES)
    assert run.err == ""
    assert run.out == path.with_suffix(".expected").read_text("utf-8")
    # `once per round` is not flagged: the Closing Phase ends the round (`ends: round`)
    assert "per round" not in run.out


def test_an_external_period_resets_the_limit_and_ends_end_it() -> None:
    comp = compiled_game(GOOD, warnings=False)
    assert {r.status for r in example_results(comp)} == {PASS}
    game = Game(engine_of(comp.models[0]).DEFINITIONS)
    game.trigger("pick")
    with pytest.raises(Illegal, match="once per round"):
        game.trigger("pick")
    game.trigger("round")  # one whole round: its limits start again
    game.trigger("pick")
    game.trigger("closing_phase")  # ends the round
    game.trigger("pick")
    assert game.stats.get(None, "tokens") == 3
    kinds = [(e.kind, e.what) for e in game.log.events if e.what in ("round", "closing_phase")]
    assert kinds == [("procedure", "round"), ("procedure", "closing_phase")]


def test_without_them_the_limit_holds_for_the_whole_run(tmp_path) -> None:
    text = GOOD.read_text("utf-8").replace("  period: round\n", "  page: 2\n").replace(
        "  ends: round\n", "  page: 3\n")
    (tmp_path / "g.ludex").write_text(text, "utf-8")
    run = run_cli("test", str(tmp_path / "g.ludex"))
    assert run.code == 1 and "once per round: already used" in run.out, run.out
    check = run_cli("check", "--no-checks", str(tmp_path / "g.ludex"))
    assert "[W314]" in check.out and "per round" in check.out
