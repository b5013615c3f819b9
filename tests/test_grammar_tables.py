"""The grammar's LALR tables shipped beside it (`grammar/ludex.tables.json`): made from
the grammar the package holds, read by the parser instead of compiling the grammar, and
ignored (the grammar compiled, the same parses) when stale or damaged."""

from __future__ import annotations

import json
from pathlib import Path

import lark
import pytest
from ludex.core.diagnostics import Diagnostics
from ludex.core.source import SourceFile
from ludex.syntax import parse as parse_module
from ludex.syntax import tables
from ludex.syntax.parse import grammar_text, parse

from .conftest import ROOT

SAMPLE = 'stat trust "Trust":\n  range: 0..9\nrule earn "Earn":\n  effect: gain 1 trust\n'


def test_the_shipped_tables_are_made_from_the_grammar() -> None:
    made = tables.read()
    assert made is not None and made["grammar"] == tables.grammar_digest(grammar_text()), (
        "grammar/ludex.tables.json is stale: run `python -m ludex.syntax.tables`")
    if made["lark"] == lark.__version__:  # another Lark (CI installs the newest): not used
        assert tables.shipped(grammar_text()) is not None


def test_tables_made_from_another_grammar_or_lark_are_not_used(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert tables.shipped(grammar_text() + "\n// changed\n") is None
    monkeypatch.setattr(tables.lark, "__version__", "0.0.1")
    assert tables.shipped(grammar_text()) is None


def _ast(text: str) -> str:
    diags = Diagnostics()
    return repr(parse(SourceFile("t.ludex", text), diags)) + repr(list(diags))


@pytest.mark.parametrize("damage", ["stale", "damaged"])
def test_without_usable_tables_the_grammar_is_compiled_and_parses_the_same(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, damage: str) -> None:
    texts = [SAMPLE] + [p.read_text("utf-8") for p in
                        sorted((ROOT / "rules" / "crazy_eights").glob("*.ludex"))]
    shipped = [_ast(t) for t in texts]
    grammar = tmp_path / "grammar"
    grammar.mkdir()
    if damage == "stale":
        (grammar / tables.TABLES_NAME).write_text(
            json.dumps({"grammar": "0" * 64, "data": {}, "memo": {}}), encoding="utf-8")
    else:
        (grammar / tables.TABLES_NAME).write_text('{"grammar": ', encoding="utf-8")
    monkeypatch.setattr(tables, "folder", lambda: grammar)
    assert tables.shipped(grammar_text()) is None
    _forget_the_parser()
    try:
        assert [_ast(t) for t in texts] == shipped
    finally:
        monkeypatch.undo()
        _forget_the_parser()


def _forget_the_parser() -> None:
    """The next parse builds the parser again (from the tables, or the grammar)."""
    for built in (parse_module._parser, parse_module._terminals, parse_module._machine):
        built.cache_clear()
