"""The parse cache (issue 12): what `ludex check` reports never depends on it.

The same game is compiled with the cache off, cold (empty) and warm (full), on `rules/`
and on copies edited the ways a designer edits (a value changed, lines added above other
declarations, a syntax error made and mended, a declaration removed): the ASTs and the
diagnostics are equal every time. A warm run after one edit parses that declaration only.
A damaged or hostile cache file is a miss, never an error nor code run; `--no-cache`
writes nothing; the folder is tagged and ignored by git.
"""

from __future__ import annotations

import dataclasses
import inspect
import os
import pickle
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from ludex.core.diagnostics import Diagnostic
from ludex.core.source import Span
from ludex.pipeline import compile_paths
from ludex.syntax import parse
from ludex.syntax.cache import ParseCache

from .conftest import ROOT, run_cli

CARD = '''card c{i} "Card {i}":
  cost: {cost}
  tags: ["common", "set {i}"]
  > Card {i} is a card of the test set.
'''
GAME = '''game small "Small":
  > A small game.
kind card "Card":
  field cost: int 0..20
  field tags: list of text 0..3
'''


# a note is a body item the fast path for plain declarations leaves to the parser
PARSED_CARD = CARD + '  note layout "Printed sideways."\n'


def _small(folder: Path, n: int = 40, card: str = CARD) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.ludex").write_text(GAME, encoding="utf-8")
    (folder / "cards.ludex").write_text(
        "".join(card.format(i=i, cost=i % 21) for i in range(n)), encoding="utf-8")
    return folder


def _outcome(paths: list[Path], cache: ParseCache | None, checks: bool = False) -> Any:
    comp = compile_paths(paths, checks=checks, cache=cache)
    diags: list[Diagnostic] = list(comp.diags)
    return comp.games, diags


def _same_every_way(paths: list[Path], cache_dir: Path, checks: bool = False) -> None:
    off = _outcome(paths, None, checks)
    assert _outcome(paths, ParseCache(cache_dir), checks) == off  # cold, or warm from before
    assert _outcome(paths, ParseCache(cache_dir), checks) == off  # warm


def test_rules_report_the_same_with_the_cache_off_cold_and_warm(tmp_path: Path) -> None:
    rules = tmp_path / "rules"
    shutil.copytree(ROOT / "rules", rules)
    cache = tmp_path / "cache"
    off = _outcome([rules], None, checks=True)
    cold = _outcome([rules], ParseCache(cache), checks=True)
    warm = _outcome([rules], ParseCache(cache), checks=True)
    assert cold == off and warm == off
    assert any(cache.rglob("*.pickle"))


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text("utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


EDITS = [
    ("a value changed", "  cost: 7\n", "  cost: 8\n"),
    ("lines added above later cards", '  > Card 3 is a card of the test set.\n',
     '  > Card 3 is a card of the test set.\n  > A second line of prose.\n\n# a comment\n'),
    ("a syntax error", "  cost: 9\n", "  cost: 9 +\n"),
    ("a card removed", CARD.format(i=5, cost=5), ""),
    ("an error found by the parse's callbacks", 'card c6 "Card 6":', 'card C-6 "Card 6":'),
    ("a duplicate card", CARD.format(i=11, cost=11), CARD.format(i=11, cost=11) * 2),
    ("a within line", "card c0 ", "within small\ncard c0 "),
]


@pytest.mark.parametrize("old,new", [(o, n) for _, o, n in EDITS], ids=[e[0] for e in EDITS])
def test_edited_copies_report_the_same_with_the_cache_off_cold_and_warm(
        tmp_path: Path, old: str, new: str) -> None:
    game = _small(tmp_path / "g")
    cache = tmp_path / "cache"
    _same_every_way([game], cache)
    before = (game / "cards.ludex").read_text("utf-8")
    _edit(game / "cards.ludex", old, new)
    _same_every_way([game], cache)  # warm from the file before the edit
    (game / "cards.ludex").write_text(before, encoding="utf-8")
    _same_every_way([game], cache)  # and back


def test_rules_edited_report_the_same_warm(tmp_path: Path) -> None:
    rules = tmp_path / "rules"
    shutil.copytree(ROOT / "rules", rules)
    cache = tmp_path / "cache"
    _same_every_way([rules], cache)
    for path in sorted(rules.rglob("*.ludex"))[:6]:  # lines added at each file's top
        path.write_text("# an added comment\n\n" + path.read_text("utf-8"), encoding="utf-8")
    _same_every_way([rules], cache)


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The first lines of the parts the parser parses from now on."""
    parsed: list[int] = []
    machine = parse._machine()
    real = type(machine).run

    def counting(self: Any, text: str, ctx: Any, first_line: int = 1) -> Any:
        parsed.append(first_line)
        return real(self, text, ctx, first_line)

    monkeypatch.setattr(type(machine), "run", counting)
    return parsed


def test_plain_cards_are_not_parsed_at_all(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Cards of literal values and prose are read by the fast path (tests/test_fastparse.py),
    cold as warm: only the kind goes through the parser, and from the cache when warm."""
    game = _small(tmp_path / "g", 200)
    cache = tmp_path / "cache"
    parsed = _counting(monkeypatch)
    _outcome([game], ParseCache(cache))
    assert parsed == [3]  # game.ludex line 3: the `kind`, of `field`s; the game is plain
    _outcome([game], ParseCache(cache))
    assert parsed == [3]  # the kind came from the cache


def test_a_warm_run_after_one_edit_parses_that_declaration_only(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = _small(tmp_path / "g", 200, PARSED_CARD)
    cache = tmp_path / "cache"
    _outcome([game], ParseCache(cache))
    parsed = _counting(monkeypatch)
    _outcome([game], ParseCache(cache))
    assert parsed == []
    _edit(game / "cards.ludex", '  > Card 150 is', '  > Card 150, edited, is')
    _edit(game / "cards.ludex", '  > Card 20 is', '  > Card 20 is\n  > longer and')
    _outcome([game], ParseCache(cache))
    assert len(parsed) == 2  # the two cards edited; the 198 others moved or not, from the cache


class _Boom:
    def __reduce__(self) -> tuple[Any, ...]:
        return (Path.touch, (Path("PWNED"),))


def test_a_damaged_or_hostile_cache_is_a_miss(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    game = _small(tmp_path / "g")
    cache = tmp_path / "cache"
    off = _outcome([game], None)
    _outcome([game], ParseCache(cache))
    stored = sorted(cache.rglob("*.pickle"))
    assert stored
    for path in stored:  # cut short, as by a full disk
        path.write_bytes(path.read_bytes()[:100])
    assert _outcome([game], ParseCache(cache)) == off
    for path in stored:  # an index that runs code when unpickled naively
        path.write_bytes(pickle.dumps(_Boom()))
    assert _outcome([game], ParseCache(cache)) == off
    for path in stored:  # a sound index (written by the run above), each entry hostile
        shown, entries = pickle.loads(path.read_bytes())
        path.write_bytes(pickle.dumps((shown, {k: (first, pickle.dumps(_Boom()))
                                               for k, (first, _) in entries.items()})))
    assert _outcome([game], ParseCache(cache)) == off
    assert not (tmp_path / "PWNED").exists()


def _global(module: str, name: str) -> bytes:
    """Pickle opcodes (protocol 4) that look `name` up in `module` (STACK_GLOBAL)."""
    return b"".join(b"\x8c" + bytes([len(part)]) + part
                    for part in (module.encode(), name.encode())) + b"\x93"


def test_a_cache_entry_reaches_only_the_ast_classes_not_what_their_modules_import(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`ludex.core.source` imports `Path`: an entry naming `Path.write_text` there (a dotted
    name, resolved through the module) must not write a file."""
    monkeypatch.chdir(tmp_path)
    game = _small(tmp_path / "g")
    cache = tmp_path / "cache"
    off = _outcome([game], None)
    _outcome([game], ParseCache(cache))
    target = tmp_path / "PWNED"
    text = str(target).encode()
    payload = (b"\x80\x04" + _global("ludex.core.source", "Path.write_text")
               + _global("ludex.core.source", "Path")
               + b"\x8c" + bytes([len(text)]) + text + b"\x85R"  # Path(target)
               + b"\x8c\x05PWNED\x86R.")  # .write_text("PWNED")
    for path in sorted(cache.rglob("*.pickle")):
        shown, entries = pickle.loads(path.read_bytes())
        path.write_bytes(pickle.dumps((shown, {k: (first, payload)
                                               for k, (first, _) in entries.items()})))
    assert _outcome([game], ParseCache(cache)) == off
    assert not target.exists()


def test_check_writes_a_tagged_ignored_cache_and_no_cache_writes_none(tmp_path: Path) -> None:
    _small(tmp_path / "g")
    first = run_cli("check", "--no-cache", "g", cwd=tmp_path)
    assert first.code == 0 and not (tmp_path / ".ludex_cache").exists()
    cold = run_cli("check", "g", cwd=tmp_path)
    folder = tmp_path / ".ludex_cache"
    assert (folder / "CACHEDIR.TAG").read_text("utf-8").startswith("Signature: 8a477f597d28d172")
    assert (folder / ".gitignore").read_text("utf-8").endswith("*\n")
    warm = run_cli("check", "g", cwd=tmp_path)
    assert (cold.code, cold.out, cold.err) == (warm.code, warm.out, warm.err) == \
        (first.code, first.out, first.err)
    assert not [p for p in folder.rglob("*") if p.name.startswith(".tmp-")]


def test_the_folders_of_other_compilers_are_removed(tmp_path: Path) -> None:
    """Each change of the grammar or of the syntax modules starts a new folder; the old
    ones are never read again and are removed when the new one is written."""
    _small(tmp_path / "g")
    old = tmp_path / ".ludex_cache" / "parse-0123456789abcdef01234567"
    old.mkdir(parents=True)
    (old / "entries.pickle").write_bytes(b"x" * 1000)
    other = tmp_path / ".ludex_cache" / "notes"  # not a folder of entries: left alone
    other.mkdir()
    assert run_cli("check", "g", cwd=tmp_path).code == 0
    left = sorted(p.name for p in (tmp_path / ".ludex_cache").iterdir() if p.is_dir())
    assert len(left) == 2 and "notes" in left and old.name not in left, left


def test_a_game_checked_from_its_own_folder_does_not_read_its_cache(tmp_path: Path) -> None:
    """The cache is made in the current folder; when that is the game folder, the next run
    neither reads it as rules nor reports its files as unread (N503)."""
    _small(tmp_path / "g")
    cold = run_cli("check", ".", cwd=tmp_path / "g")
    assert (tmp_path / "g" / ".ludex_cache" / "CACHEDIR.TAG").exists()
    warm = run_cli("check", ".", cwd=tmp_path / "g")
    assert "N503" not in warm.out + warm.err
    assert (cold.code, cold.out, cold.err) == (warm.code, warm.out, warm.err)


def test_a_linked_cache_folder_is_never_written_through(tmp_path: Path) -> None:
    _small(tmp_path / "g")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (tmp_path / ".ludex_cache").symlink_to(elsewhere)
    assert run_cli("check", "g", cwd=tmp_path).code == 0
    assert list(elsewhere.iterdir()) == []


def _ludex(*args: str, cwd: Path, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    """`ludex ARGS` in a process of its own (the grammar's tables are read once a process)."""
    done = subprocess.run([sys.executable, "-m", "ludex", *args], cwd=cwd, capture_output=True,
                          text=True, check=False, env=env)
    return done.returncode, done.stdout, done.stderr


def _without_shipped_tables(tmp_path: Path) -> dict[str, str]:
    """An environment whose processes find no usable shipped tables (as after a change to
    the grammar), so that they compile the grammar and keep its tables in the cache: a
    `sitecustomize` on the path sets them aside before Ludex is imported."""
    folder = tmp_path / "no-shipped-tables"
    folder.mkdir()
    (folder / "sitecustomize.py").write_text(
        "import ludex.syntax.tables\n"
        "ludex.syntax.tables.shipped = lambda text: None\n", encoding="utf-8")
    path = os.pathsep.join(p for p in (str(folder), os.environ.get("PYTHONPATH", "")) if p)
    return {**os.environ, "PYTHONPATH": path}


def test_the_grammar_tables_read_from_the_cache_parse_and_fail_alike(tmp_path: Path) -> None:
    """Without usable shipped tables (`tables`), the first process compiles the grammar and
    stores its tables; the next reads them:
    the same report, syntax errors and their expected tokens included; damaged tables
    are compiled again."""
    env = _without_shipped_tables(tmp_path)
    game = _small(tmp_path / "g")
    _edit(game / "cards.ludex", "  cost: 9\n", "  cost: 9 +\n  tags: [\n")
    _edit(game / "cards.ludex", 'card c3 "Card 3":', 'card c3 "Card 3"')
    plain = _ludex("check", "--no-cache", "g", cwd=tmp_path, env=env)
    assert plain[0] == 1 and "error[E1" in plain[1] + plain[2]
    assert _ludex("check", "g", cwd=tmp_path, env=env) == plain
    tables = next((tmp_path / ".ludex_cache").rglob("grammar.json"))
    assert _ludex("check", "g", cwd=tmp_path, env=env) == plain  # read from the cache
    tables.write_text('{"data": {}, "memo": {}}', encoding="utf-8")
    assert _ludex("check", "g", cwd=tmp_path, env=env) == plain


def test_a_span_is_made_by_its_own_constructor_and_is_still_a_frozen_dataclass() -> None:
    """`Span.__init__` sets the slots itself (core/source.py): it must take exactly the
    dataclass's fields, and the span must compare, hash, pickle and refuse changes as
    the dataclass's own would."""
    names = [f.name for f in dataclasses.fields(Span)]
    assert list(inspect.signature(Span.__init__).parameters)[1:] == names
    span = Span("a.ludex", 3, 4, 3, 9)
    assert [getattr(span, n) for n in names] == ["a.ludex", 3, 4, 3, 9]
    assert span == Span(file="a.ludex", line=3, col=4, end_line=3, end_col=9)
    assert hash(span) == hash(Span("a.ludex", 3, 4, 3, 9)) and span < Span("a.ludex", 3, 5, 3, 9)
    assert pickle.loads(pickle.dumps(span)) == span
    assert dataclasses.replace(span, line=7).line == 7
    with pytest.raises(dataclasses.FrozenInstanceError):
        span.line = 1  # type: ignore[misc]
    with pytest.raises(TypeError):
        Span("a.ludex", 3, 4)  # type: ignore[call-arg]
