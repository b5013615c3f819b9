"""`ludex fmt`: the canonical layout is idempotent, keeps the AST (spans aside: lines and
columns are what a formatter changes), keeps comments and prose, and never touches a
file with a syntax error, a linked file or anything but the `.ludex` files it was given."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest
from ludex.syntax.format import format_text

from .conftest import FIXTURES, ROOT, run_cli

GOOD = sorted((FIXTURES / "good").glob("*.ludex"))
GAMES = sorted(p for p in (ROOT / "rules").iterdir() if p.is_dir())


def _read(path: Path) -> str:
    return path.read_bytes().decode("utf-8").removeprefix("\ufeff").replace("\r\n", "\n")


def _without_spans(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _without_spans(v) for k, v in value.items() if k != "span"}
    if isinstance(value, list):
        return [_without_spans(v) for v in value]
    return value


def _export(path: Path) -> Any:
    run = run_cli("export", "--json", str(path))
    assert run.code == 0, run.err
    document = next(line for line in run.out.splitlines() if line.startswith("{"))
    return _without_spans(json.loads(document))


def _formats_to_the_same_ast(original: Path, copy: Path) -> None:
    before = _export(copy)
    run = run_cli("fmt", str(copy))
    assert run.code == 0, run.out + run.err
    assert _export(copy) == before, f"ludex fmt changed what {original} says"
    for file in ([copy] if copy.is_file() else sorted(copy.rglob("*.ludex"))):
        text = file.read_text("utf-8")
        assert format_text(text) == text, f"formatting {file} twice changes it"


@pytest.mark.parametrize("game", GAMES, ids=lambda p: p.name)
def test_rules_keep_their_ast_and_format_idempotently(game: Path, tmp_path: Path) -> None:
    copy = tmp_path / game.name
    shutil.copytree(game, copy)
    _formats_to_the_same_ast(game, copy)


@pytest.mark.parametrize("fixture", GOOD, ids=lambda p: p.stem)
def test_good_fixtures_keep_their_ast_and_format_idempotently(fixture: Path,
                                                              tmp_path: Path) -> None:
    copy = tmp_path / fixture.name
    shutil.copyfile(fixture, copy)
    _formats_to_the_same_ast(fixture, copy)


def test_rules_are_formatted() -> None:
    run = run_cli("fmt", "--check", "rules")
    assert run.code == 0, run.out
    assert "0 files would be reformatted" in run.out


MESSY = """\
# a header comment
game  tidewater   "Tidewater" :   # after the title
    page :1
    > Prose   keeps  its   spacing,  # and its hash.


    # a comment at the body's level
stat tide "Tide":
    range: 0 .. 12
    start: 10-2 * 3
stat depth "Depth":
        range: -3..3 # the sign stays on its number
kind hero "Hero":
  field strength: int 0..10
hero akira "Akira":
  strength: 4
components box "Box":
  2   hero   "Heroes"   (1  each)
rule rise "Rise":

    effect:
        gain max( 1,akira.strength ) tide   # a call
        set tide to -1+2
        if tide>3  :
            lose 1 tide
                # the end of the inner block

        # the end of the effect



# the end of the file
"""

CANONICAL = """\
# a header comment
game tidewater "Tidewater":       # after the title
  page: 1
  > Prose   keeps  its   spacing,  # and its hash.

  # a comment at the body's level

stat tide "Tide":
  range: 0..12
  start: 10 - 2 * 3

stat depth "Depth":
  range: -3..3  # the sign stays on its number

kind hero "Hero":
  field strength: int 0..10

hero akira "Akira":
  strength: 4

components box "Box":
  2 hero "Heroes" (1 each)

rule rise "Rise":
  effect:
    gain max(1, akira.strength) tide    # a call
    set tide to -1 + 2
    if tide > 3:
      lose 1 tide
      # the end of the inner block

    # the end of the effect

# the end of the file
"""


def test_the_canonical_layout() -> None:
    assert format_text(MESSY) == CANONICAL
    assert format_text(CANONICAL) == CANONICAL


def test_comments_and_prose_are_kept_word_for_word() -> None:
    source = _read(FIXTURES / "good" / "comments.ludex") + "\n" + \
        _read(FIXTURES / "good" / "prose.ludex")
    out = format_text(source)

    def kept(text: str) -> list[str]:
        return [line.strip() for line in text.splitlines()
                if line.strip().startswith(("#", ">"))]

    assert kept(out) == kept(source)
    assert "# after a value" in out and "# a hash in a text is not a comment" in out
    assert "  >    Extra spaces after the marker are allowed." in out
    assert "  >A prose line may omit the space after `>`." in out


def test_aligned_comments_stay_aligned() -> None:
    out = format_text(_read(FIXTURES / "good" / "expressions.ludex"))
    columns = {line.index("#") for line in out.splitlines()
               if line.startswith("    gain") and "#" in line and "/ 2" not in line}
    assert columns == {64}


def test_check_lists_the_files_that_would_change_and_writes_nothing(tmp_path: Path) -> None:
    messy, tidy = tmp_path / "messy.ludex", tmp_path / "tidy.ludex"
    messy.write_text(MESSY, "utf-8")
    tidy.write_text(CANONICAL, "utf-8")
    run = run_cli("fmt", "--check", str(tmp_path))
    assert run.code == 1
    assert f"would reformat {messy.as_posix()}\n" in run.out
    assert "tidy.ludex" not in run.out
    assert "1 file would be reformatted, 1 file left unchanged" in run.out
    assert messy.read_text("utf-8") == MESSY


def test_diff_prints_a_unified_diff_and_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "game.ludex"
    path.write_text(MESSY, "utf-8")
    run = run_cli("fmt", "--diff", str(path))
    assert run.code == 0
    assert "--- " in run.out and "+++ " in run.out and "@@ " in run.out
    assert "\n-    page :1\n" in run.out and "\n+  page: 1\n" in run.out
    assert path.read_text("utf-8") == MESSY


def test_fmt_writes_the_canonical_layout(tmp_path: Path) -> None:
    path = tmp_path / "game.ludex"
    path.write_bytes(MESSY.replace("\n", "\r\n").encode("utf-8"))
    run = run_cli("fmt", str(path))
    assert run.code == 0, run.out
    assert "1 file reformatted, 0 files left unchanged" in run.out
    assert path.read_bytes() == CANONICAL.encode("utf-8")
    again = run_cli("fmt", str(path))
    assert "0 files reformatted, 1 file left unchanged" in again.out


def test_a_file_with_a_syntax_error_is_left_alone(tmp_path: Path) -> None:
    broken = "game  broken  \"Broken\":\n    page: 1\n\nrule r \"R\":\n    effect: gain gain\n"
    path = tmp_path / "broken.ludex"
    path.write_text(broken, "utf-8")
    run = run_cli("fmt", str(path))
    assert run.code == 1
    assert "error[E101]" in run.out
    assert "1 file not formatted (errors)" in run.out
    assert path.read_text("utf-8") == broken


def test_only_ludex_files_are_touched_and_links_are_not_followed(tmp_path: Path) -> None:
    game = tmp_path / "game"
    game.mkdir()
    (game / "game.ludex").write_text(MESSY, "utf-8")
    outside = tmp_path / "outside.ludex"
    outside.write_text(MESSY, "utf-8")
    (game / "notes.txt").write_text("game  x:\n", "utf-8")
    os.symlink(game / "game.ludex", game / "linked.ludex")
    run = run_cli("fmt", str(game))
    assert "linked.ludex is a symbolic link: left alone" in run.out
    assert (game / "linked.ludex").is_symlink()
    assert (game / "game.ludex").read_text("utf-8") == CANONICAL
    assert outside.read_text("utf-8") == MESSY
    assert (game / "notes.txt").read_text("utf-8") == "game  x:\n"
