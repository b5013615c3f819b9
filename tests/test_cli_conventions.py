"""Command-line conventions (issue 13, item 6): --version, colour, -q/-v, `ludex init`."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from ludex import __version__
from ludex.cli.term import colorize, use_color

from .conftest import run_cli


def test_version() -> None:
    run = run_cli("--version")
    assert (run.code, run.out.strip()) == (0, f"ludex {__version__}")


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_colour_follows_flag_then_no_color_then_force_color(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    assert use_color("auto", _Tty()) and not use_color("auto", io.StringIO())
    assert use_color("always", io.StringIO()) and not use_color("never", _Tty())
    monkeypatch.setenv("NO_COLOR", "1")
    assert not use_color("auto", _Tty()) and use_color("always", io.StringIO())
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert use_color("auto", io.StringIO())


def test_colour_marks_severity_and_code_only() -> None:
    text = "g.ludex:1:2: error[E301]: reference `x` names nothing declared\n"
    assert colorize(text) == ("g.ludex:1:2: \x1b[1;31merror\x1b[0m[\x1b[1mE301\x1b[0m]: "
                              "reference `x` names nothing declared\n")


def test_no_colour_in_a_pipe(tmp_path: Path) -> None:
    (tmp_path / "g.ludex").write_text('game g "G":\n  page: 1\nrule r "R":\n  > x\n'
                                      "  effect: gain 1 nothing\n", encoding="utf-8")
    run = run_cli("check", "g.ludex", cwd=tmp_path)
    assert run.code == 1 and "error[" in run.out and "\x1b[" not in run.out
    forced = run_cli("check", "--color", "always", "g.ludex", cwd=tmp_path)
    assert "\x1b[1;31merror\x1b[0m" in forced.out


def test_init_creates_a_game_that_checks_clean_and_passes(tmp_path: Path) -> None:
    made = run_cli("init", "my_game", cwd=tmp_path)
    assert made.code == 0, made.err
    assert sorted(p.name for p in (tmp_path / "my_game").iterdir()) == [
        "cards.ludex", "examples.ludex", "game.ludex", "rules.ludex"]
    checked = run_cli("check", cwd=tmp_path / "my_game")  # no PATH: the game folder
    assert checked.code == 0, checked.out + checked.err
    assert checked.out.splitlines()[-1].startswith("0 errors, 0 warnings, 1 note, 4 files")
    tested = run_cli("test", "-q", "my_game", cwd=tmp_path)
    assert (tested.code, tested.out) == (0, "1 passed, 0 failed, 0 blocked, 0 prose only\n")
    again = run_cli("init", "my_game", cwd=tmp_path)
    assert again.code == 2 and "already exists" in again.err


def test_quiet_drops_the_summary_and_verbose_shows_notes(tmp_path: Path) -> None:
    run_cli("init", "g", cwd=tmp_path)
    quiet = run_cli("check", "-q", "g", cwd=tmp_path)
    assert (quiet.out, quiet.err) == ("", "")
    assert "note[N613]" in run_cli("check", "-v", "g", cwd=tmp_path).out


def test_quiet_fmt_says_only_what_is_wrong(tmp_path: Path) -> None:
    messy = tmp_path / "g.ludex"
    messy.write_text('game  g   "G" :\n    page :1\n', encoding="utf-8")
    check = run_cli("fmt", "--check", "-q", str(messy))
    assert (check.code, check.out, check.err) == (1, "", "")  # the exit code says it
    done = run_cli("fmt", "-q", str(messy))
    assert (done.code, done.out, done.err) == (0, "", "")
    assert messy.read_text("utf-8") == 'game g "G":\n  page: 1\n'
    broken = tmp_path / "broken.ludex"
    broken.write_text('game g "G":\n  page: 1\n rule\n', encoding="utf-8")
    failed = run_cli("fmt", "-q", str(broken))
    assert failed.code == 1 and "error[" in failed.out


def test_reports_go_to_stdout_and_the_tools_trouble_to_stderr(tmp_path: Path) -> None:
    (tmp_path / "bad.ludex").write_text('game g "G":\n  page: 1\nrule r "R":\n  > x\n'
                                        "  effect: gain 1 nothing\n", encoding="utf-8")
    check = run_cli("check", "bad.ludex", "nowhere", cwd=tmp_path)
    assert check.code == 1
    assert "bad.ludex:5:" in check.out and "error[E301]" in check.out  # a finding: stdout
    assert check.err == "ludex check: error[E501]: no such file or folder: nowhere\n"
    assert "E501" not in check.out and check.out.rstrip().endswith("1 files, 2 declarations")
    for command in ("test", "stats"):  # need error-free rules: the errors are the report
        run = run_cli(command, "bad.ludex", cwd=tmp_path)
        assert run.code == 1 and run.err == "" and "error[E301]" in run.out
        assert run.out.rstrip().endswith("the rules have 1 error: fix them first")
        gone = run_cli(command, "nowhere", cwd=tmp_path)
        assert (gone.code, gone.out) == (1, "") and "no such file or folder" in gone.err
    build = run_cli("build", "--engine-dir", "e", "--site-dir", "s", "bad.ludex", cwd=tmp_path)
    assert build.code == 1 and build.err == ""
    assert build.out.rstrip().endswith("ludex build: nothing written: fix the errors first")
    data = run_cli("trace", "--source", "bad.ludex", "--format", "json", "bad.ludex",
                   cwd=tmp_path)  # stdout would be JSON: the errors that stop it go aside
    assert data.code == 1 and data.out == "" and "error[E301]" in data.err
    usage = run_cli("check", "--format", "yaml", cwd=tmp_path)
    assert usage.code == 2 and usage.out == "" and "invalid choice" in usage.err
