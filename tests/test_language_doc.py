"""The language reference's examples stay true.

`site/docs/language.md` is hand-written. Every ```ludex block in it that is a whole game
(it starts with `game `) is compiled as a game folder of its own and must give no
error; its worked examples are run, contained, as `ludex test` runs them, and each must
end with the status the reference says it has (they pass, but for the example statuses
the reference shows on purpose). The engine-semantics sections each hold such a game,
and the queries table names every query the runtime has.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from ludex.core.codes import Severity
from ludex.pipeline import compile_paths
from ludex.runtime.queries import QUERIES, SPECIAL
from ludex.semantics.results import BLOCKED, FAIL, PASS, PROSE
from ludex.verify.examples import example_results

from .conftest import ROOT

DOC = ROOT / "site" / "docs" / "language.md"
FENCE = re.compile(r"^```ludex\n(.*?)^```$", re.MULTILINE | re.DOTALL)
# The sections on the engine's semantics, each shown with a whole game.
SECTIONS = ("Copies and identity", "Players", "Choices", "Periods", "Events",
            "Boards and spaces", "Worked examples: results and `--mutate`")
# (game, example) -> the status the reference shows on purpose; every other example passes.
SHOWN = {("farm", "miscounts"): FAIL, ("farm", "at_dawn"): BLOCKED,
         ("farm", "in_words"): PROSE}


def _text() -> str:
    return DOC.read_text("utf-8")


def whole_games(text: str) -> list[str]:
    """The ```ludex blocks that are a whole game, in order."""
    return [m.group(1) for m in FENCE.finditer(text) if m.group(1).startswith("game ")]


def _game_id(source: str) -> str:
    return source.split(None, 2)[1]


def section(text: str, title: str) -> str:
    """The text under a `##`/`###` heading, up to the next heading of any level."""
    start = text.index(f"# {title}\n")
    found = re.search(r"^#{2,3} ", text[start + 1:], re.MULTILINE)
    return text[start:start + 1 + found.start()] if found else text[start:]


GAMES = whole_games(_text())


def test_the_reference_holds_the_whole_games() -> None:
    text = _text()
    assert len(GAMES) >= len(SECTIONS)
    ids = [_game_id(g) for g in GAMES]
    assert len(set(ids)) == len(ids), ids
    for title in SECTIONS:
        assert whole_games(section(text, title)), f"no whole game under {title!r}"


@pytest.mark.parametrize("source", GAMES, ids=[_game_id(g) for g in GAMES])
def test_each_whole_game_compiles_and_its_examples_end_as_shown(tmp_path: Path,
                                                                source: str) -> None:
    folder = tmp_path / _game_id(source)
    folder.mkdir()
    (folder / "game.ludex").write_text(source, encoding="utf-8")
    comp = compile_paths([folder], checks=False)
    errors = [str(d) for d in comp.diags if d.severity is Severity.ERROR]
    assert not comp.diags.has_errors, errors
    results = example_results(comp)
    assert results, "each game of the reference shows a worked example"
    for result in results:
        expected = SHOWN.get((result.game, result.example), PASS)
        assert result.status == expected, (result.example, result.status, result.message)


def test_the_queries_table_names_every_query() -> None:
    table = section(_text(), "Queries")
    named = set(re.findall(r"`(?:set )?([a-z_]+)\(", table))
    missing = (set(QUERIES) | SPECIAL) - named
    assert not missing, f"queries the reference does not document: {sorted(missing)}"
    unknown = named - set(QUERIES) - SPECIAL
    assert not unknown, f"the reference documents queries the runtime lacks: {sorted(unknown)}"
