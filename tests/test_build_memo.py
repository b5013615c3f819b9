"""The build memo (cli/build_memo.py, issue 12): a no-change `ludex build --check` is
answered without compiling, and only then. Any edit to what the build reads (a rule, a
new file, the configuration) or to what it wrote (an output, its manifest, a killed
build's leftovers) sends the check down the full path, which says what is stale; a
damaged memo is a miss; `--no-cache` neither reads nor writes it. Whichever way it goes,
the check says what the full check says."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from ludex import pipeline
from ludex.core.files import CACHE_DIR

from .conftest import ROOT, Run, run_cli

ARGS = ("--engine-dir", "generated", "--site-dir", "site", "rules")


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A project of one small game, built once (which records the memo)."""
    shutil.copytree(ROOT / "rules" / "crazy_eights", tmp_path / "rules" / "crazy_eights")
    assert run_cli("build", *ARGS, cwd=tmp_path).code == 0
    assert (tmp_path / CACHE_DIR / "build.json").is_file()
    return tmp_path


def _compiles(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many times the compiler runs from now on."""
    calls: list[int] = []
    real = pipeline.compile_paths

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(pipeline, "compile_paths", counted)
    return calls


def _check(project: Path, *extra: str) -> Run:
    return run_cli("build", "--check", *extra, *ARGS, cwd=project)


def test_a_no_change_check_is_answered_without_compiling(
        project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    full = _check(project, "--no-cache")
    calls = _compiles(monkeypatch)
    memo = _check(project)
    assert calls == []
    assert (memo.code, memo.out, memo.err) == (full.code, full.out, full.err)
    assert memo.out.startswith("up to date: ") and memo.code == 0


def _edit_rule(p: Path) -> None:
    rule = next((p / "rules" / "crazy_eights").glob("*.ludex"))
    rule.write_text(rule.read_text("utf-8").replace("> ", "> Edited: ", 1), encoding="utf-8")


def _new_file(p: Path) -> None:
    (p / "rules" / "crazy_eights" / "more.ludex").write_text(
        'term extra_term "Extra Term":\n  > A term added after the build.\n', encoding="utf-8")


def _edit_output(p: Path) -> None:
    engine = sorted((p / "generated").rglob("*.py"))[0]
    engine.write_text(engine.read_text("utf-8") + "# edited by hand\n", encoding="utf-8")


def _edit_manifest(p: Path) -> None:
    manifest = p / "site" / ".ludex-manifest.json"
    body = json.loads(manifest.read_text("utf-8"))
    body["files"].pop(sorted(body["files"])[0])
    manifest.write_text(json.dumps(body), encoding="utf-8")


def _leftover(p: Path) -> None:
    page = sorted((p / "site" / "docs").rglob("*.md"))[0]
    (page.parent / f".{page.name}.abcd1234.tmp").write_text("half", encoding="utf-8")


def _remove_output(p: Path) -> None:
    sorted((p / "generated").rglob("*.py"))[0].unlink()


def _configure(p: Path) -> None:
    (p / "ludex.toml").write_text('[site]\nname = "Another Name"\n', encoding="utf-8")


@pytest.mark.parametrize("change", [_edit_rule, _new_file, _edit_output, _edit_manifest,
                                    _leftover, _remove_output, _configure])
def test_any_change_goes_the_full_way_and_says_what_the_full_check_says(
        project: Path, monkeypatch: pytest.MonkeyPatch, change: Callable[[Path], None]) -> None:
    change(project)
    full = _check(project, "--no-cache")
    calls = _compiles(monkeypatch)
    memo = _check(project)
    assert calls == [1]
    assert (memo.code, memo.out, memo.err) == (full.code, full.out, full.err)
    assert memo.code == 1 and "stale" in memo.out


def test_after_a_rebuild_the_memo_answers_again(project: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    _edit_rule(project)
    assert run_cli("build", *ARGS, cwd=project).code == 0
    calls = _compiles(monkeypatch)
    assert _check(project).code == 0 and calls == []


@pytest.mark.parametrize("damage", [b"", b"{", b"[]", b'{"ludex-build": 1}',
                                    b'{"ludex-build": 1, "folders": 3, "inputs": 1}',
                                    b'{"ludex-build": 1, "folders": [], "inputs": "x", '
                                    b'"outputs": {"/": {"etc/passwd": "0"}}}'])
def test_a_damaged_memo_is_a_miss(project: Path, monkeypatch: pytest.MonkeyPatch,
                                  damage: bytes) -> None:
    (project / CACHE_DIR / "build.json").write_bytes(damage)
    calls = _compiles(monkeypatch)
    run = _check(project)
    assert (run.code, calls) == (0, [1]) and run.out.startswith("up to date: ")


def test_no_cache_neither_reads_nor_writes_the_memo(project: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    memo = project / CACHE_DIR / "build.json"
    memo.unlink()
    calls = _compiles(monkeypatch)
    assert _check(project, "--no-cache").code == 0
    assert not memo.exists() and calls == [1]
    assert _check(project).code == 0 and memo.exists()  # the full check records it


def test_a_file_linked_in_a_game_folder_is_hashed_as_a_link(
        project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The memo reads a link's target name, never what it points to (Ludex reads only
    inside game folders); pointing it elsewhere is a change."""
    game = project / "rules" / "crazy_eights"
    (game / "a.txt").write_text("a", encoding="utf-8")
    (game / "b.txt").write_text("b", encoding="utf-8")
    link = game / "notes.txt"
    link.symlink_to("a.txt")
    assert run_cli("build", *ARGS, cwd=project).code == 0
    link.unlink()
    link.symlink_to("b.txt")
    calls = _compiles(monkeypatch)
    _check(project)
    assert calls == [1]
