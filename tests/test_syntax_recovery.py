"""A syntax error stays local (issue 13, item 4): the part of a file that holds it is set
aside and the rest of the file still declares what it declares, so other files of the game
see no follow-on E301 and the first error reported is the real one."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from ludex.core.diagnostics import Diagnostic
from ludex.pipeline import compile_paths

from .conftest import FIXTURES, ROOT


def _errors(path: Path) -> list[Diagnostic]:
    comp = compile_paths([path], checks=False)
    found = [d for d in comp.diags if d.severity.name == "ERROR"]
    return sorted(found, key=lambda d: (d.span.file, d.span.line) if d.span else ("", 0))


def _declared(path: Path) -> set[str]:
    comp = compile_paths([path], checks=False)
    return {d.id for g in comp.games for f in g.files for d in f.decls}


def test_a_two_file_game_with_a_stray_line_reports_only_the_stray_line() -> None:
    game = FIXTURES / "recovery" / "two_files"
    shown = [(d.code.value, Path(d.span.file).name, d.span.line, d.span.col, d.message)
             for d in _errors(game) if d.span is not None]
    assert shown == [("E101", "rules.ludex", 4, 11, "unexpected `is`")]
    assert {"tinker", "nap", "rest", "rest_again"} <= _declared(game)


@pytest.mark.parametrize(("before", "stray"), [
    ("  section know_the_ropes ", "  this is a stray line"),  # between two parts of Julie's hero
    ("  section know_the_ropes ", "this is a stray line"),    # at column 1 inside the declaration
    ("    owner: julie", "oops"),                       # between a `:` and its block
    ("  max_trust: 8", "    initiative: any any"),      # a field line in error
    ("    who: julie", "    who: [julie,"),             # a bracket never closed (in `setup`)
])
def test_a_stray_line_in_julie_gives_its_own_error_first_and_no_e301(
        tmp_path: Path, before: str, stray: str) -> None:
    """The stray line goes right before the first line of julie.ludex that starts with
    `before` (a place named by its text, so an edit elsewhere in the file moves nothing)."""
    game = tmp_path / "escalation"
    shutil.copytree(ROOT / "rules" / "escalation", game)
    julie = game / "julie.ludex"
    lines = julie.read_text("utf-8").split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith(before))
    julie.write_text("\n".join(lines[:at] + [stray] + lines[at:]), "utf-8")
    errors = _errors(game)
    assert errors, "the stray line is an error"
    first = errors[0]
    assert first.code.value.startswith("E1") and first.span is not None
    assert Path(first.span.file).name == "julie.ludex"
    assert [d.code.value for d in errors if d.code.value == "E301"] == []
    assert all(d.code.value.startswith("E1") for d in errors), [str(d) for d in errors]


def test_the_clean_game_still_checks_clean() -> None:
    assert _errors(ROOT / "rules" / "escalation") == []
