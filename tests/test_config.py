"""Configuration (issue 13, item 7): `[tool.ludex]` or `ludex.toml`, found walking up."""

from __future__ import annotations

from pathlib import Path

from .conftest import run_cli


def _game(root: Path) -> Path:
    assert run_cli("init", "games/g", cwd=root).code == 0
    return root / "games" / "g"


def test_ludex_toml_above_gives_paths_ignore_and_fail_on(tmp_path: Path) -> None:
    game = _game(tmp_path)
    (tmp_path / "ludex.toml").write_text('paths = ["games"]\nignore = ["N613"]\n'
                                         'fail-on = "warning"\n', encoding="utf-8")
    run = run_cli("check", "--show-notes", cwd=tmp_path)
    assert run.code == 0 and "N613" not in run.out
    assert run.out.splitlines()[-1].startswith("0 errors, 0 warnings, 0 notes, 4 files")
    assert run_cli("check", cwd=game).code == 0  # found from a folder below


def test_pyproject_table_and_flags_win(tmp_path: Path) -> None:
    _game(tmp_path)
    (tmp_path / "pyproject.toml").write_text('[tool.ludex]\npaths = ["nowhere"]\n',
                                             encoding="utf-8")
    assert "no such file or folder: nowhere" in run_cli("check", cwd=tmp_path).err
    assert run_cli("check", "games", cwd=tmp_path).code == 0


def test_a_wrong_configuration_is_a_usage_error(tmp_path: Path) -> None:
    (tmp_path / "ludex.toml").write_text('ignore = ["E301"]\n', encoding="utf-8")
    run = run_cli("check", cwd=tmp_path)
    assert (run.code, run.err) == (2, "ludex: ludex.toml: `ignore` names the error `E301`: "
                                      "an error cannot be switched off\n")
    (tmp_path / "ludex.toml").write_text('colour = "red"\n', encoding="utf-8")
    assert "`colour` is not a Ludex setting" in run_cli("check", cwd=tmp_path).err
