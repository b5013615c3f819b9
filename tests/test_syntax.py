"""The syntax stage: parsing is reentrant (each parse has its own state, so files
parse the same interleaved, nested or in threads at once), and the AST keeps what the
source says (the preposition of `place`), so it reads back as written."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
from ludex.core.codes import Code
from ludex.core.diagnostics import Diagnostic, Diagnostics
from ludex.core.source import SourceFile, Span
from ludex.syntax import ast, callbacks_base, unparse
from ludex.syntax.parse import parse
from ludex.syntax.walk import iter_decls, iter_nodes

from .conftest import ROOT

Result = tuple[ast.File | None, list[Diagnostic]]

# Inputs that use every piece of a parse's state: clean files of two games, a file with
# several syntax errors (the parser recovers and parses again), an expression nested
# past the limit (the depth table), a number past the limit (the callbacks' diagnostics)
# and indentation (the indenter).
BROKEN = '''rule a "A":
  effect: gain 1 trust
rule b "B"
  effect: gain { trust
rule c:
  cost: pay 2 trust
    oops: 3
'''
DEEP = "rule deep:\n  condition: " + " + ".join(["1"] * 150) + " > 2\n"
HUGE = "stat trust:\n  range: 0..1234567890123456789012\n"


def _sources() -> list[tuple[str, str]]:
    games = [sorted((ROOT / "rules" / game).glob("*.ludex"))
             for game in ("escalation", "dei_old_london")]
    files = [(str(p.relative_to(ROOT)), p.read_text("utf-8")) for game in games for p in game]
    return files + [("broken.ludex", BROKEN), ("deep.ludex", DEEP), ("huge.ludex", HUGE)]


SOURCES = _sources()


def parse_alone(path: str, text: str) -> Result:
    diags = Diagnostics()
    return parse(SourceFile(path, text), diags), list(diags)


@pytest.fixture(scope="module")
def alone() -> dict[str, Result]:
    return {path: parse_alone(path, text) for path, text in SOURCES}


def test_the_inputs_exercise_recovery_and_limits(alone: dict[str, Result]) -> None:
    codes = {path: [d.code for d in diags] for path, (_, diags) in alone.items()}
    broken = alone["broken.ludex"][0]  # the lines in error set aside, the rest kept
    assert len(codes["broken.ludex"]) >= 2 and broken is not None
    assert [d.id for d in broken.decls] == ["a", "b", "c"]
    assert codes["deep.ludex"] == [Code.TOO_DEEP] and alone["deep.ludex"][0] is not None
    assert codes["huge.ludex"] == [Code.BEYOND_LIMITS]
    clean = [p for p, _ in SOURCES if p.startswith("rules/")]
    assert len(clean) > 10 and all(alone[p][0] is not None for p in clean)


def test_two_games_interleaved_file_by_file(alone: dict[str, Result]) -> None:
    first = [s for s in SOURCES if "escalation" in s[0]]
    second = [s for s in SOURCES if s not in first]
    order = [s for pair in zip(first, second, strict=False) for s in pair]
    order += first[len(second):] + second[len(first):]
    for _ in range(2):
        for path, text in order:
            assert parse_alone(path, text) == alone[path], path


def test_a_parse_started_inside_another_leaves_it_whole(
        alone: dict[str, Result], monkeypatch: pytest.MonkeyPatch) -> None:
    """A parse begun from inside another's callbacks (the strictest interleaving in one
    thread: here when the outer parse reads its first number) must not change the outer
    parse's file, diagnostics, depth table or indentation."""
    inner: list[Result] = []
    started: list[bool] = []
    number = callbacks_base.number

    def number_and_parse_another(digits: str, span: Span, diags: Diagnostics) -> int:
        if not started:  # once per outer parse, in the middle of it
            started.append(True)
            inner.append(parse_alone("deep.ludex", DEEP))
        return number(digits, span, diags)

    monkeypatch.setattr(callbacks_base, "number", number_and_parse_another)
    for path in ("broken.ludex", "huge.ludex", "rules/escalation/julie.ludex"):
        inner.clear()
        started.clear()
        assert parse_alone(path, dict(SOURCES)[path]) == alone[path], path
        assert inner == [alone["deep.ludex"]], path


def test_threads_parsing_at_once_get_what_each_gets_alone(alone: dict[str, Result]) -> None:
    jobs = [SOURCES[i % len(SOURCES)] for i in range(8 * len(SOURCES))]
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as the interpreter allows
    try:
        with ThreadPoolExecutor(max_workers=8) as pool:
            results = list(pool.map(lambda job: parse_alone(*job), jobs))
    finally:
        sys.setswitchinterval(interval)
    for (path, _), result in zip(jobs, results, strict=True):
        assert result == alone[path], path


# ---------------------------------------------------------------- what the source says


def _places(file: ast.File) -> Iterator[ast.Place]:
    for decl in iter_decls(file.decls):
        for node in iter_nodes(decl):
            if isinstance(node, ast.Place):
                yield node


@pytest.mark.parametrize("preposition", ["on", "in", "at", "under"])
def test_place_keeps_its_preposition_and_reads_back_as_written(preposition: str) -> None:
    line = f"place top(deck) {preposition} deck"
    file, diags = parse_alone("p.ludex", f"rule r:\n  effect:\n    {line}\n")
    assert file is not None and diags == []
    (place,) = _places(file)
    assert place.preposition == preposition
    assert unparse.stmt(place) == line


def test_every_place_of_the_rules_reads_back_as_its_source_line(
        alone: dict[str, Result]) -> None:
    seen = set()
    texts = dict(SOURCES)
    for path, (file, _) in alone.items():
        if file is None:
            continue
        lines = texts[path].split("\n")
        for place in _places(file):
            written = lines[place.span.line - 1][place.span.col - 1:place.span.end_col - 1]
            assert unparse.stmt(place) == written.rstrip(), f"{path}:{place.span.line}"
            seen.add(place.preposition)
    assert {"on", "in", "at"} <= seen
