"""Fixture files per feature: good ones check clean, bad ones give exact diagnostics.

These fixtures test the front end (parse, resolve, validate: `--no-checks`);
the consistency checks have their own in `tests/fixtures/checks/`.
`tests/fixtures/good/*.ludex` must check with no error and no warning.
`tests/fixtures/bad/*.ludex` must fail; `NAME.expected` beside it holds the exact
output of `ludex check` (diagnostics and summary line). Refresh with
`pytest --update-goldens` and review the diff.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import FIXTURES, run_cli

GOOD = sorted((FIXTURES / "good").glob("*.ludex"))
BAD = sorted((FIXTURES / "bad").glob("*.ludex"))


@pytest.mark.parametrize("path", GOOD, ids=[p.stem for p in GOOD])
def test_good_fixture_checks_clean(path: Path) -> None:
    run = run_cli("check", "--no-checks", "--fail-on", "warning",
                  str(path.relative_to(FIXTURES)), cwd=FIXTURES)
    assert run.code == 0, run.out + run.err
    assert run.out.splitlines()[-1].startswith("0 errors, 0 warnings, "), run.out
    assert run.err == ""


@pytest.mark.parametrize("path", BAD, ids=[p.stem for p in BAD])
def test_bad_fixture_gives_exact_diagnostics(path: Path, update_goldens: bool) -> None:
    run = run_cli("check", "--no-checks", str(path.relative_to(FIXTURES)), cwd=FIXTURES)
    expected = path.with_suffix(".expected")
    if update_goldens:
        expected.write_text(run.out, encoding="utf-8")
    assert run.code == 1
    assert run.err == ""  # the report is on stdout; no traceback, nothing else
    assert run.out == expected.read_text(encoding="utf-8")


def test_every_diagnostic_code_has_a_bad_fixture() -> None:
    from ludex.core.diagnostics import CODES, Severity

    seen = "".join(p.with_suffix(".expected").read_text("utf-8") for p in BAD
                   if p.with_suffix(".expected").exists())
    compiler_codes = [code for code, (sev, _) in CODES.items() if sev is Severity.ERROR]
    elsewhere = {"E501": "test_cli.py", "E109": "test_carddata.py",
                 "E502": "test_security_outputs.py", "E618": "test_mutate.py"}
    missing = [code for code in compiler_codes if f"[{code}]" not in seen and code not in elsewhere]
    assert missing == []  # the consistency checks' codes have fixtures in test_checks.py
