"""The CI kit (issue 13, items 8 and 9): --min-severity, --format github, the pre-commit
hooks, and dependencies declared as ranges that the installed versions satisfy."""

from __future__ import annotations

import json
import tomllib
from importlib.metadata import version
from pathlib import Path

from packaging.requirements import Requirement

from .conftest import ROOT, run_cli


def test_sarif_leaves_notes_out_by_default(tmp_path: Path) -> None:
    run_cli("init", "g", cwd=tmp_path)
    sarif = json.loads(run_cli("check", "--format", "sarif", "g", cwd=tmp_path).out)
    assert sarif["runs"][0]["results"] == []
    every = run_cli("check", "--format", "sarif", "--min-severity", "note", "g", cwd=tmp_path)
    assert [r["ruleId"] for r in json.loads(every.out)["runs"][0]["results"]] == ["N613"]


def test_github_annotations(tmp_path: Path) -> None:
    run_cli("init", "g", cwd=tmp_path)
    run = run_cli("check", "--format", "github", "--min-severity", "note", "g", cwd=tmp_path)
    assert run.out.splitlines()[0] == (
        "::notice file=g/examples.ludex,line=1,col=1,endLine=1,title=N613 example status"
        "::example 'Ada rests': passes")


def test_pre_commit_hooks() -> None:
    text = (ROOT / ".pre-commit-hooks.yaml").read_text("utf-8")
    assert "- id: ludex-check\n" in text and "entry: ludex check\n" in text
    assert "- id: ludex-fmt\n" in text and "entry: ludex fmt\n" in text


def test_dependencies_are_ranges_the_environment_satisfies() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    for line in project["dependencies"] + project["optional-dependencies"]["dev"]:
        req = Requirement(line)
        ops = {s.operator for s in req.specifier}
        assert ops == {">=", "<"}, line
        assert req.specifier.contains(version(req.name)), (line, version(req.name))
