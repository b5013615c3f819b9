"""Hostile sizes: inputs of a few bytes or a few hundred kilobytes that once took
minutes or gigabytes (issue 8). Every stage is linear or n log n in its input;
ranges the engine would count out past a documented limit are refused (E207).

No test times anything: a subprocess with a generous timeout guards against a
hang, and the rest count operations or compare with the plain definitions.
"""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from ludex.backends import site as site_emitter
from ludex.backends.python.components import die_faces
from ludex.backends.site.prose import TermIndex
from ludex.checks import terms
from ludex.pipeline import compile_paths
from ludex.runtime import Definitions, Game, Reward, StatDef, TrackDef, by_name
from ludex.semantics.schema import MAX_DIE_FACES, MAX_TRACK_SPACES
from ludex.syntax import ast

from .conftest import run_cli

HANG_GUARD = 600  # seconds: only so that a hang fails instead of stopping the suite (a
# few seconds each on an idle machine; speed is the benchmarks' to measure, never a test's)
SENTENCE = ("When the Master Plan of the Tower of L.A.W. moves, each Faction token on the "
            "upper Vengeance Track gains one Resource; see Smuggler's Hideout (p. 12).")


def write_game(root: Path, text: str) -> Path:
    folder = root / "rules" / "hostile"
    folder.mkdir(parents=True)
    (folder / "game.ludex").write_text(text, encoding="utf-8")
    return folder


def ludex_process(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """`ludex ARGS` in a child process, killed (and the test failed) past the guard."""
    return subprocess.run([sys.executable, "-m", "ludex", *args], cwd=root, text=True,
                          capture_output=True, timeout=HANG_GUARD, check=False)


def rules_game(count: int) -> str:
    head = 'game hostile "Hostile":\n  > Many rules.\n\nstat coin "Coin":\n  range: 0..99\n\n'
    return head + "".join(
        f'rule r{i} "Rule {i}":\n  > Gain one Coin, then apply Rule {(i + 1) % count}.\n'
        f"  effect: gain 1 coin\n\n" for i in range(count))


# ------------------------------------------------------------------ prose


def test_a_400_kb_paragraph_checks(tmp_path: Path) -> None:
    lines = ["  > " + SENTENCE] * (400_000 // len(SENTENCE) + 1)
    write_game(tmp_path, 'game hostile "Hostile":\n  page: 1\n\nrule long "Long":\n' +
               "\n".join(lines) + "\n")
    run = ludex_process(tmp_path, "check", "rules/hostile")
    assert run.returncode == 0, run.stdout + run.stderr
    assert "warning[W605]: 'Master Plan' is used" in run.stdout
    assert run.stderr == ""  # no traceback


class Counted(dict[str, Any]):
    """A name table that counts the lookups made in it."""

    lookups = 0

    def __contains__(self, key: object) -> bool:
        Counted.lookups += 1
        return super().__contains__(key)


class CountedSet(frozenset[str]):
    def __contains__(self, key: object) -> bool:
        Counted.lookups += 1
        return super().__contains__(key)


def test_a_long_capitalised_term_is_searched_in_linear_lookups() -> None:
    names = Counted({"vengeance track": None, "master plan": None})
    parts = CountedSet(terms.name_parts(names))
    words = 300
    term = " ".join(f"Word{i}" for i in range(words))
    Counted.lookups = 0
    assert not terms.defined(term, names, parts)
    assert Counted.lookups <= 3 * words  # every run of the term tried: 45,150 lookups
    assert terms.defined(term + " Master Plan", names, parts)


def _old_starts_sentence(text: str, pos: int) -> bool:
    """Only spaces before, or a sentence end, a bullet ("- ") or a list number that
    follows one of those ("- 6.1 ", "(2) "), then spaces."""
    before = text[:pos]
    number = re.search(r"[0-9.)]*[0-9)]\s*$", before)
    if number:
        ahead = before[:number.start()]
        if ahead and not ahead[-1].isspace() and ahead[-1] != "(":
            return False
        before = ahead[:-1] if ahead.endswith("(") else ahead
    return not before.strip() or bool(re.search(r"[.!?:;•—–(\"“]\s*$", before)) or \
        bool(re.search(r"(^|\s)[-*]\s*$", before))


def test_term_search_agrees_with_its_plain_definition() -> None:
    """Sentence starts and capitals found by looking at the gap agree with the regex on
    the whole prefix (the quadratic definition), and so do the names found in a term."""
    alphabet = list("Aa Bb.;:(“\"—–•?!'’&-1\n\t\u00a0") + ["The ", "of ", "Tower ", "L.A.W. "]
    rnd = random.Random(8)
    for _ in range(3000):
        text = "".join(rnd.choice(alphabet) for _ in range(rnd.randint(0, 30)))
        for pos in range(len(text) + 1):
            assert terms._starts_sentence(text, pos) == _old_starts_sentence(text, pos)
            assert terms._next_is_capital(text, pos) == text[pos:].lstrip()[:1].isupper()
    names: dict[str, ast.Decl] = dict.fromkeys(
        ["vengeance track", "master plan", "plan", "tower of law"])
    parts = terms.name_parts(names)
    words = ["vengeance", "track", "master", "plan", "tower", "of", "law", "other"]
    for _ in range(2000):
        term = " ".join(rnd.choice(words) for _ in range(rnd.randint(1, 6)))
        old = any(p in names for p in terms.subphrases(term))
        assert terms._holds_name(term.split(), names, parts) == old


# ------------------------------------------------------------------- site


class CountingText(str):
    """Source text that counts how often it is split into lines."""

    splits = 0

    def splitlines(self, keepends: bool = False) -> list[str]:
        CountingText.splits += 1
        return super().splitlines(keepends)


def test_the_site_splits_each_source_once(tmp_path: Path) -> None:
    comp = compile_paths([write_game(tmp_path, rules_game(200))], checks=False)
    comp.sources = {f: CountingText(text) for f, text in comp.sources.items()}
    CountingText.splits = 0
    pages = site_emitter.emit(comp)
    assert "# Rule 199" in "".join(p for p in pages.values() if isinstance(p, str))
    assert CountingText.splits <= len(comp.sources)  # was once per declaration


def test_a_20k_declaration_game_builds_its_site(tmp_path: Path) -> None:
    write_game(tmp_path, rules_game(20_000))
    script = ("import sys; from pathlib import Path; from ludex.pipeline import compile_paths; "
              "from ludex.backends.site import emit; "
              "pages = emit(compile_paths([Path('rules/hostile')], checks=False)); "
              "print(sum(p.count('{#r') for p in pages.values() if isinstance(p, str)))")
    run = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, text=True,
                         capture_output=True, timeout=HANG_GUARD, check=False)
    assert run.returncode == 0, run.stderr
    assert int(run.stdout) >= 20_000  # every rule has its block, with its anchor


def test_glossary_terms_are_found_as_the_regex_of_every_title_found_them() -> None:
    rnd = random.Random(8)
    alphabet = "ab-_ s.é"
    for _ in range(1500):
        titles = sorted({"".join(rnd.choice(alphabet) for _ in range(rnd.randint(1, 4)))
                         for _ in range(rnd.randint(1, 6))})
        index = _index(titles)
        longest_first = sorted(titles, key=lambda w: (-len(w), w))
        regex = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, longest_first)) +
                           r")(?:s|es)?(?![\w-])")
        for _ in range(10):
            text = "".join(rnd.choice(alphabet + "es") for _ in range(rnd.randint(0, 30)))
            expected = [(m.start(), m.end(), m[1]) for m in regex.finditer(text)]
            assert [(s, e, t.title) for s, e, t in index.find(text)] == expected


EMPTY = ((), (), (), (), ())  # prose, notes, properties, children, suppressions


def _index(titles: list[str]) -> TermIndex:
    """A term index of bare titles, as `TermIndex` builds one from a game's terms."""
    span = ast.Span("t.ludex", 1, 1, 1, 1)
    model: Any = type("Model", (), {"base": None, "decls": lambda self: [
        ast.Term(span, "term", f"t{i}", t, *EMPTY) for i, t in enumerate(titles)]})()
    return TermIndex(model)


# ---------------------------------------------------------------- ranges


DIE = 'game hostile "Hostile":\n  page: 1\n\ndie x "X":\n  faces: 1..10000000\n'
TRACK = ('game hostile "Hostile":\n  page: 1\n\ntrack height "Height":\n'
         '  spaces: 0..1000000000\n\nrule climb "Climb":\n  > Climb all the way.\n'
         '  effect: gain 1000000000 height\n\nexample e "Climbing":\n  for: climb\n'
         '  given:\n    set height to 0\n  actions:\n    gain 1000000000 height\n'
         '  expect:\n    height == 1000000000\n')


def test_a_die_of_ten_million_faces_is_refused(tmp_path: Path) -> None:
    write_game(tmp_path, DIE)
    run = run_cli("check", "rules/hostile", cwd=tmp_path)
    assert run.code == 1
    assert "error[E207]: die `x` would have 10,000,000 faces" in run.out
    assert f"a die has at most {MAX_DIE_FACES:,} faces" in run.out
    build = ludex_process(tmp_path, "build", "rules/hostile", "--engine-dir", "engines",
                          "--site-dir", "site")
    assert build.returncode == 1 and "error[E207]" in build.stdout
    assert build.stderr == ""  # no traceback


def test_the_engine_never_counts_out_a_refused_die() -> None:
    span = ast.Span("t.ludex", 1, 1, 1, 1)
    huge = ast.RangeLit(span, ast.IntLit(span, 1), ast.IntLit(span, 10**12))
    assert die_faces(ast.Die(span, "die", "x", None, *EMPTY, faces=huge)) == ()
    six = ast.RangeLit(span, ast.IntLit(span, 1), ast.IntLit(span, 6))
    assert die_faces(ast.Die(span, "die", "d6", None, *EMPTY, faces=six)) == (1, 2, 3, 4, 5, 6)


def test_a_track_of_a_billion_spaces_is_refused_and_checks(tmp_path: Path) -> None:
    write_game(tmp_path, TRACK)
    run = ludex_process(tmp_path, "check", "rules/hostile")
    assert run.returncode == 1, run.stdout + run.stderr
    assert "error[E207]: track `height` would have 1,000,000,001 numbered spaces" in run.stdout
    assert f"a track has at most {MAX_TRACK_SPACES:,} numbered spaces" in run.stdout
    assert "past its time limit" not in run.stdout  # the example ran, and quickly


class CountedReward(Reward):
    __slots__ = ()
    calls = 0

    def matches(self, key: Any) -> bool:
        CountedReward.calls += 1
        return Reward.matches(self, key)


def test_a_long_move_visits_only_the_spaces_that_pay() -> None:
    paid: list[int] = []
    rows = (CountedReward("int", lo=5, effect=lambda g, ctx: paid.append(5)),
            CountedReward("range", lo=10**6 - 1, hi=10**6, effect=lambda g, ctx: paid.append(
                g.get(ctx.actor, "height"))),
            CountedReward("atleast", lo=10**6, effect=lambda g, ctx: paid.append(-1)))
    defs = Definitions(game="t", stats=by_name(StatDef("x", lo=0, hi=1)),
                       tracks=by_name(TrackDef("height", lo=0, hi=10**6, rows=rows)))
    game = Game(defs, seed=0)
    CountedReward.calls = 0
    game.gain("height", 10**6, "you")
    assert game.get("you", "height") == 10**6
    assert paid == [5, 10**6, 10**6, -1]  # in order of the spaces, each row once per space
    assert CountedReward.calls <= 3 * 3  # was a test of every row on every space: 3,000,000


@pytest.mark.parametrize("text", ["stat score \"Score\":\n  range: 0..1000000000\n",
                                  "track t \"T\":\n  spaces: 1..10000\n",
                                  "die d \"D\":\n  faces: 1..1000\n"])
def test_ranges_within_the_limits_are_accepted(tmp_path: Path, text: str) -> None:
    write_game(tmp_path, 'game hostile "Hostile":\n  page: 1\n\n' + text)
    run = run_cli("check", "--no-checks", "rules/hostile", cwd=tmp_path)
    assert run.code == 0, run.err


def test_a_range_in_an_expression_is_counted_lazily() -> None:
    defs = Definitions(game="t", stats=by_name(StatDef("x", lo=0, hi=1)))
    numbers = Game(defs, seed=0).span(1, 10**12)  # a list of it would need 8 TB
    assert len(numbers) == 10**12 and 10**12 in numbers and 0 not in numbers
    assert list(Game(defs, seed=0).span(2, 4)) == [2, 3, 4]


def test_hooks_into_procedures_are_indexed_once(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """Each rule's clauses are walked once for the flow charts, not once per procedure."""
    count = 150
    text = 'game hostile "Hostile":\n  page: 1\n\nstat coin "Coin"\n\n' + "".join(
        f'procedure p{i} "Procedure {i}":\n  step s "Step"\n  step t "Then"\n\n'
        f'rule r{i} "Rule {i}":\n  when: after p{i}.s\n  effect: gain 1 coin\n\n'
        for i in range(count))
    comp = compile_paths([write_game(tmp_path, text)], checks=False)
    from ludex.backends.site import procedures

    walks = 0
    real = procedures.iter_nodes

    def counted(node: Any) -> Any:
        nonlocal walks
        walks += 1
        return real(node)

    monkeypatch.setattr(procedures, "iter_nodes", counted)
    pages = "".join(p for p in site_emitter.emit(comp).values() if isinstance(p, str))
    assert pages.count('-. after .-> s1') == count  # every rule hooks into its own step
    assert walks <= 4 * count  # once per declaration; was once per procedure: 67,200
