"""A game is always checked whole (issue 13, item 5): naming some files of a game checks
the whole game (its folder) and reports findings only in the files named, so a pre-commit
hook passing only the changed files is right; the exit code follows what is reported."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from ludex.syntax.games import whole_games

from .conftest import FIXTURES, ROOT, run_cli

GAME = ROOT / "rules" / "escalation"


def _findings(*paths: str, cwd: Path = ROOT) -> tuple[int, list[dict[str, Any]]]:
    run = run_cli("check", "--format", "json", *paths, cwd=cwd)
    report: dict[str, Any] = json.loads(run.out)
    return run.code, list(report["findings"])


def test_two_files_of_a_game_report_what_the_whole_game_reports_for_them() -> None:
    named = ["rules/escalation/julie.ludex", "rules/escalation/game.ludex"]
    code, subset = _findings(*named)
    _, whole = _findings("rules/escalation")
    assert code == 0
    assert [f for f in subset if f["severity"] == "error"] == []
    assert subset == [f for f in whole if f["file"] in named]
    assert subset, "the whole game has notes in these files"


def test_a_syntax_error_in_another_file_is_not_reported_nor_fails_the_check(
        tmp_path: Path) -> None:
    game = tmp_path / "escalation"
    shutil.copytree(GAME, game)
    julie = game / "julie.ludex"
    lines = julie.read_text("utf-8").split("\n")
    julie.write_text("\n".join(lines[:27] + ["  this is a stray line"] + lines[27:]), "utf-8")
    code, findings = _findings("escalation/game.ludex", cwd=tmp_path)
    assert code == 0 and [f for f in findings if f["severity"] == "error"] == []
    code, findings = _findings("escalation/julie.ludex", cwd=tmp_path)
    errors = [(f["code"], f["file"], f["line"]) for f in findings if f["severity"] == "error"]
    assert code == 1 and errors == [("E101", "escalation/julie.ludex", 28)]


def test_a_folder_of_one_file_games_is_not_widened() -> None:
    fixture = FIXTURES / "bad" / "mixed_several_errors.ludex"
    assert whole_games([fixture]) == ([fixture], frozenset())


def test_a_file_under_a_folder_also_named_is_reported_whole() -> None:
    paths = [GAME / "julie.ludex", GAME]
    assert whole_games(paths) == (paths, frozenset())
