"""Consistency checks: per-check fixtures, and the findings on the flagship corpus.

`tests/fixtures/checks/bad/<check>.ludex` must give exactly the findings of that
check listed in `<check>.expected` (`line:col CODE message`, one per line);
`tests/fixtures/checks/good/<check>.ludex` holds near misses the check must not
flag. Refresh expectations with `pytest --update-goldens` and review the diff.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from ludex.checks import CHECKS

from .conftest import FIXTURES, run_cli

CHECK_FIXTURES = FIXTURES / "checks"
BY_NAME = {c.name: c for c in CHECKS}


def findings(path: Path, codes: tuple[str, ...]) -> list[str]:
    run = run_cli("check", "--format", "json", "--fail-on", "never", str(path))
    assert run.code == 0, run.err
    report = json.loads(run.out)
    assert report["summary"]["errors"] == 0, run.out
    return [f"{f['line']}:{f['col']} {f['code']} {f['message']}"
            for f in report["findings"] if f["code"] in codes]


def test_every_check_has_good_and_bad_fixtures() -> None:
    for name in BY_NAME:
        assert (CHECK_FIXTURES / "good" / f"{name}.ludex").exists(), name
        assert (CHECK_FIXTURES / "bad" / f"{name}.ludex").exists(), name


@pytest.mark.parametrize("name", sorted(BY_NAME))
def test_check_finds_what_it_must(name: str, update_goldens: bool) -> None:
    path = CHECK_FIXTURES / "bad" / f"{name}.ludex"
    got = findings(path, BY_NAME[name].codes)
    expected = path.with_suffix(".expected")
    if update_goldens:
        expected.write_text("".join(line + "\n" for line in got), encoding="utf-8")
    assert got, f"{name} found nothing in its bad fixture"
    assert got == expected.read_text("utf-8").splitlines()


@pytest.mark.parametrize("name", sorted(BY_NAME))
def test_check_does_not_flag_near_misses(name: str) -> None:
    path = CHECK_FIXTURES / "good" / f"{name}.ludex"
    codes = BY_NAME[name].codes
    warnings = tuple(c for c in codes if c[0] == "W")
    # a check that only lists (notes) must list nothing where there is nothing to list
    assert findings(path, warnings or codes) == []


def test_checks_have_documentation() -> None:
    for check in CHECKS:
        assert len(check.doc) > 80, check.name
        assert all(code in check.doc for code in check.codes), check.name


# the defects the flagship corpus must show (issue: consistency checks)
CORPUS_FINDINGS = [
    ("W601", "rules/dei_old_london/", "'Vengeance cards': the components list says 12, "
     "the rules define 9"),
    ("W602", "rules/dei_old_london/", "this vengeance_card has no name"),
    ("W602", "rules/dei_old_london/", "'Beware the Roofs' has 1 `penalties` where the other"),
    ("W603", "rules/escalation/", "cost: 'Julie Corvus, the Smuggler' says `pay 1 trust`"),
    ("W604", "rules/dei_old_london/", "the entry for 'Challenge' repeats the entry for "
     "'Alliance'"),
    ("W608", "rules/dei_old_london/", "'Corruption' names both"),
    ("W604", "rules/aeon_trespass/", "'see Escalation Table' names a heading"),
    ("W620", "rules/aeon_trespass/", "a sentence ends on 'its'"),
    ("W620", "rules/aeon_trespass/", "'either' with no 'or'"),
    ("W620", "rules/aeon_trespass/", "the word 'to' is printed twice"),
    ("W622", "rules/escalation/", "'Difficulty Level' (used once) and 'Level of Difficulty'"),
    ("W623", "rules/aeon_trespass/", "'Pull X' is defined twice"),
    ("W624", "rules/escalation/", "'special Guard (a blue-colored Guard meeple)'"),
    ("W626", "rules/aeon_trespass/", "a total of 1901 Cards, but its 22 entries"),
    ("W626", "rules/escalation/", "one count (3) for two components"),
]


@pytest.fixture(scope="module")
def corpus_report() -> dict[str, object]:
    run = run_cli("check", "--format", "json", "rules")
    assert run.code == 0, run.err
    report: dict[str, object] = json.loads(run.out)
    return report


@pytest.mark.parametrize("code,where,message", CORPUS_FINDINGS)
def test_corpus_defect_is_found(corpus_report: dict[str, object], code: str, where: str,
                                message: str) -> None:
    hits = [f for f in corpus_report["findings"]  # type: ignore[attr-defined]
            if f["code"] == code and f["file"].startswith(where) and message in f["message"]]
    assert len(hits) == 1, f"{code} {message!r} not found once"
    assert hits[0]["line"] >= 1


def test_a_suppression_that_suppresses_nothing_is_reported(tmp_path: Path) -> None:
    """W619: a suppression left behind when its finding is gone (here a stat read through
    a loop variable, which W610 now counts as a use) would hide the next one."""
    (tmp_path / "g").mkdir()
    (tmp_path / "g" / "game.ludex").write_text('''game g "G":
  page: 1
  players: player

kind player "Player"

player ann "Ann"

stat points "Points":
  per: player
  suppress W610 "read as p.points"

stat spare "Spare":
  suppress W610 "kept for the next chapter"

rule tally "Tally":
  effect:
    for each p in players():
      gain p.points score_of_table

stat score_of_table "Table score"
''', encoding="utf-8")
    run = run_cli("check", "--format", "json", str(tmp_path / "g"))
    found = [(d["code"], d["message"]) for d in json.loads(run.out)["findings"]]
    assert ("W619", "`suppress W610` at `points` suppresses nothing") in found
    assert not any("spare" in m for c, m in found if c == "W619")
