"""The editor grammar, `grammar/ludex.tmLanguage.json`: generated from the one vocabulary,
current (as `ludex build --check` keeps it), every word of the language in it and no other,
and its line patterns reading a real file as the Pygments lexer does."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from ludex.backends import highlight, tmlanguage
from ludex.core import vocabulary
from ludex.syntax.properties import BUILTINS

from .conftest import ROOT, run_cli

COMMITTED = ROOT / "grammar" / tmlanguage.FILE
MANIFEST = ROOT / "editors" / "vscode" / "package.json"


def committed() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(COMMITTED.read_text("utf-8"))
    return loaded


def words_in(grammar: dict[str, Any]) -> set[str]:
    """Every word a pattern of the grammar names: the alternations of plain words."""
    found: set[str] = set()
    for entry in grammar["repository"].values():
        for key in ("match", "begin"):
            for group in re.findall(r"\((?:\?:)?([a-z_|]+)\)", entry.get(key, "")):
                found |= set(group.split("|"))
    return found


def test_the_committed_grammar_is_what_the_build_writes() -> None:
    assert COMMITTED.read_text("utf-8") == tmlanguage.emit_text()


def test_its_keywords_are_the_vocabularys() -> None:
    words = words_in(committed())
    assert words == set(highlight.KEYWORDS) | vocabulary.BUILTIN_NAMES
    assert set(BUILTINS) | set(vocabulary.VERBS) | set(vocabulary.FLOW) \
        | set(vocabulary.CLAUSES) | vocabulary.BUILTIN_NAMES <= words


def match(name: str, line: str) -> tuple[str | None, ...]:
    entry = committed()["repository"][name]
    found = re.search(entry.get("match") or entry["begin"], line)
    return found.groups() if found else ()


@pytest.mark.parametrize(("name", "line", "groups"), [
    ("declaration", '  rule setup "Setup":', ("rule", "setup")),
    ("declaration", "  component miniature", ("component", "miniature")),
    ("instance", 'hero julie "Julie Corvus, the Smuggler":', ("hero", "julie")),
    ("instance", "  place miniature on hideout_tile", ()),  # a statement, not a card
    ("clause", "    effect:", ("effect", ":")),
    ("property", "    owner: julie", ("owner", ":")),
    ("property", "    else:", ()),  # the other branch of an `if`, not a property
    ("field", "  field trust: int 0..9", ("field", "trust", ":")),
    ("prose", "  > Initiative: any.", (">", " Initiative: any.")),
    ("line-words", "within revolution", ("within", "revolution")),
])
def test_line_patterns_read_what_a_line_is(name: str, line: str,
                                           groups: tuple[str | None, ...]) -> None:
    assert match(name, line) == groups


def test_every_pattern_compiles_and_the_scope_is_the_extensions() -> None:
    grammar = committed()
    for entry in grammar["repository"].values():
        for key in ("match", "begin", "end"):
            if key in entry:
                re.compile(entry[key])
    manifest = json.loads(MANIFEST.read_text("utf-8"))
    (contributed,) = manifest["contributes"]["grammars"]
    assert contributed["scopeName"] == grammar["scopeName"] == "source.ludex"
    assert (MANIFEST.parent / contributed["path"]).resolve() == COMMITTED.resolve()
    config = MANIFEST.parent / manifest["contributes"]["languages"][0]["configuration"]
    assert json.loads(config.read_text("utf-8"))["comments"] == {"lineComment": "#"}


def test_build_check_sees_a_stale_grammar(tmp_path: Path) -> None:
    """`--grammar-dir` writes it; `build --check` fails when it is edited by hand."""
    (tmp_path / "g").mkdir()
    (tmp_path / "g" / "game.ludex").write_text('game g "G":\n  > A game.\n', "utf-8")
    out = ("g", "--engine-dir", "e", "--site-dir", "s", "--grammar-dir", "editor")
    assert run_cli("build", *out, cwd=tmp_path).code == 0
    written = tmp_path / "editor" / tmlanguage.FILE
    assert written.read_text("utf-8") == COMMITTED.read_text("utf-8")
    assert run_cli("build", "--check", *out, cwd=tmp_path).code == 0
    written.write_text("{}\n", "utf-8")
    check = run_cli("build", "--check", *out, cwd=tmp_path)
    assert check.code == 1 and f"stale: editor/{tmlanguage.FILE}" in check.out


def test_a_games_project_gets_no_grammar_unasked(tmp_path: Path) -> None:
    (tmp_path / "g").mkdir()
    (tmp_path / "g" / "game.ludex").write_text('game g "G":\n  > A game.\n', "utf-8")
    assert run_cli("build", "g", "--engine-dir", "e", "--site-dir", "s", cwd=tmp_path).code == 0
    assert not (tmp_path / "grammar").exists()
