"""The examples' answers kept on disk (verify/examples.py `disk_cache`, issue 12): a warm
`ludex check` or `ludex build` neither emits nor runs an engine whose game did not
change, and reports exactly what a cold run reports. An edit runs that game again; a run
stopped by a limit is never kept; a damaged entry is a miss; `--no-cache` and
`ludex test` always run the examples."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from ludex.core.files import CACHE_DIR
from ludex.verify import examples
from ludex.verify.sandbox.runner import Answer, Contained

from .conftest import ROOT, run_cli

GAMES = ("crazy_eights", "escalation")


@pytest.fixture
def project(tmp_path: Path) -> Path:
    for game in GAMES:
        shutil.copytree(ROOT / "rules" / game, tmp_path / "rules" / game)
    examples._runs.clear()  # the in-memory memo of this test process: start afresh
    return tmp_path


def _runs(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The packages whose examples run in a child from now on."""
    ran: list[str] = []
    real = examples.run_contained

    def counted(files: Any, package: str, names: Any, limits: Any = None) -> Contained:
        ran.append(package)
        return real(files, package, names, limits)

    monkeypatch.setattr(examples, "run_contained", counted)
    return ran


def _check(project: Path, *extra: str) -> str:
    examples._runs.clear()
    run = run_cli("check", "--format", "json", *extra, "rules", cwd=project)
    assert run.code == 0, run.out + run.err
    return run.out


def test_a_warm_check_runs_no_example_and_reports_the_same(
        project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cold = _check(project, "--no-cache")
    ran = _runs(monkeypatch)
    assert _check(project) == cold and sorted(ran) == sorted(GAMES)  # kept now
    ran.clear()
    assert _check(project) == cold and ran == []
    assert any((project / CACHE_DIR).glob("examples-*/*.json"))


def test_an_edit_runs_that_game_again(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _check(project)
    rules = project / "rules" / "crazy_eights" / "rulings.ludex"
    rules.write_text(rules.read_text("utf-8").replace("> ", "> Edited: ", 1), encoding="utf-8")
    ran = _runs(monkeypatch)
    assert _check(project) == _check(project, "--no-cache")
    assert ran[0] == "crazy_eights" and ran.count("escalation") == 1  # (the --no-cache run)


def test_a_run_stopped_by_a_limit_is_not_kept(project: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    def stopped(files: Any, package: str, names: Any, limits: Any = None) -> Contained:
        return Contained({n: Answer("fail", "ran past its time limit", runaway=True)
                          for n in names})

    monkeypatch.setattr(examples, "run_contained", stopped)
    examples._runs.clear()
    run_cli("check", "rules", cwd=project)
    assert not any((project / CACHE_DIR).glob("examples-*/*.json"))


def test_a_damaged_entry_is_a_miss(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cold = _check(project)
    for entry in (project / CACHE_DIR).glob("examples-*/*.json"):
        entry.write_bytes(b'{"answers": {"x": {"status": 3}}')
    ran = _runs(monkeypatch)
    assert _check(project) == cold and sorted(ran) == sorted(GAMES)


def test_no_cache_and_ludex_test_always_run(project: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    _check(project)
    ran = _runs(monkeypatch)
    _check(project, "--no-cache")
    examples._runs.clear()
    assert run_cli("test", "rules", cwd=project).code == 0
    assert sorted(ran) == sorted(GAMES * 2)
