"""W315: a `require` that is the whole effect of a rule hooked before something refuses
nothing (the hooked rule is skipped, the thing goes on); `instead of` refuses it."""

from __future__ import annotations

from .conftest import FIXTURES, run_cli

GAME = FIXTURES / "hooks" / "W315_hooked_require.ludex"


def test_w315_flags_the_require_hooked_during_and_not_the_rule_that_holds_then() -> None:
    run = run_cli("check", "--no-checks", str(GAME.relative_to(FIXTURES)), cwd=FIXTURES)
    assert run.err == ""
    assert run.out == GAME.with_suffix(".expected").read_text("utf-8")
    assert run.out.count("[W315]") == 1 and ":14:" in run.out


def test_the_hooked_require_refuses_nothing_and_instead_of_refuses(tmp_path) -> None:
    text = GAME.read_text("utf-8")
    (tmp_path / "g.ludex").write_text(text, "utf-8")
    assert run_cli("test", str(tmp_path / "g.ludex")).code == 0
    # the same refusal asked of the hooked `require` alone: the Tower is built
    only_hooked = text.replace("  when: instead of build\n  condition: towers > 0\n"
                               "  effect: require no\n", "  effect: log \"nothing\"\n")
    (tmp_path / "g.ludex").write_text(only_hooked, "utf-8")
    run = run_cli("test", str(tmp_path / "g.ludex"))
    assert run.code == 1 and "was not refused" in run.out, run.out


def test_a_require_alone_at_the_end_is_flagged_with_the_rule_that_holds_then(tmp_path) -> None:
    text = GAME.read_text("utf-8").replace("  holds: then\n  condition: towers < 9\n",
                                           "  effect: require towers < 9\n")
    (tmp_path / "g.ludex").write_text(text, "utf-8")
    run = run_cli("check", "--no-checks", str(tmp_path / "g.ludex"))
    assert run.out.count("[W315]") == 2, run.out
    assert "`when: end of build` with `effect: require towers < 9`" in run.out
    assert "hint: to refuse `build`: `condition: towers < 9` and `holds: then`, no effect" \
        in run.out
