"""`ludex build`: the committed outputs are current, and a build never writes
half an output or outside its folders."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from ludex.backends.targets import Target
from ludex.cli.build import planned

from .conftest import ROOT, run_cli


def test_committed_engines_and_site_are_current() -> None:
    run = run_cli("build", "--check", "--no-cache")  # the full check, never the memo
    assert run.code == 0, run.out + run.err + "\nrun `ludex build` and commit generated/ and site/"
    assert "up to date" in run.out


def test_check_reports_stale_and_extra_files(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "rules", tmp_path / "rules")
    args = ("--engine-dir", "generated", "--site-dir", "site", "rules")
    assert run_cli("build", *args, cwd=tmp_path).code == 0
    engine = tmp_path / "generated"
    first = sorted(p for p in engine.rglob("*.py"))
    first[0].write_text("# edited by hand\n", encoding="utf-8")
    (engine / "stray.py").write_text("x = 1\n", encoding="utf-8")  # not Ludex's: left alone
    shutil.rmtree(tmp_path / "rules" / "escalation")  # its pages are no longer generated
    run = run_cli("build", "--check", *args, cwd=tmp_path)
    assert run.code == 1
    assert f"stale: {first[0].relative_to(tmp_path)}" in run.out
    assert "stale (no longer generated): site/docs/escalation/index.md" in run.out
    assert "stray.py" not in run.out
    assert run_cli("build", *args, cwd=tmp_path).code == 0
    assert (engine / "stray.py").exists() and not (tmp_path / "site/docs/escalation").exists()
    assert run_cli("build", "--check", *args, cwd=tmp_path).code == 0


def test_build_writes_nothing_when_the_rules_have_errors(tmp_path: Path) -> None:
    game = tmp_path / "broken.ludex"
    game.write_text('game g "G":\n  see: nowhere\n', encoding="utf-8")
    out = tmp_path / "out"
    run = run_cli("build", "--engine-dir", str(out / "e"), "--site-dir", str(out / "s"),
                  str(game))
    assert run.code == 1 and "nothing written" in run.out
    assert not out.exists()


def test_an_emitter_cannot_write_outside_its_folder(tmp_path: Path) -> None:
    def escape(_: object) -> dict[str, str]:
        return {"../outside.txt": "x"}

    target = Target("evil", tmp_path / "out", escape, lambda p: False)
    with pytest.raises(ValueError, match="outside"):
        planned([target], object())  # type: ignore[arg-type]
