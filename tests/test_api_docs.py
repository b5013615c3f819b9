"""The engine API as a reader meets it: every `>>>` example of the runtime's docstrings
runs (on a small game built here, offered to doctest as `DEFINITIONS` and `new_game`,
and importable as the package `duel`), and a script that imports a generated package and
the runtime passes `mypy --strict` through their `py.typed` markers, as an installed
package would be checked."""

from __future__ import annotations

import doctest
import inspect
import os
import pkgutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import ludex.runtime
import pytest
from ludex.backends.site import SiteOptions
from ludex.backends.site import emit as emit_site
from ludex.backends.site.api import EXAMPLE_GAME, blocks, entries, signature
from ludex.backends.site.escape import md
from ludex.backends.targets import engine_packages
from ludex.pipeline import compile_paths
from ludex.semantics.compilation import Compilation

from .conftest import ROOT, run_cli

# The game the examples play (the page shows it): two or three players, a deck of low
# and high cards, two cards each; in turn each plays a card from their hand and scores its
# rank.
DUEL = EXAMPLE_GAME.read_text(encoding="utf-8")

RUNTIME = ROOT / "compiler" / "runtime"


def runtime_modules() -> list[ModuleType]:
    """`ludex.runtime` and every module in it."""
    names = sorted(m.name for m in pkgutil.iter_modules([str(RUNTIME)]))
    return [ludex.runtime, *(__import__(f"ludex.runtime.{n}", fromlist=["_"])
                             for n in names)]


@pytest.fixture(scope="module")
def comp(tmp_path_factory: pytest.TempPathFactory) -> Compilation:
    """The example game, compiled."""
    root = tmp_path_factory.mktemp("api")
    (root / "rules" / "duel").mkdir(parents=True)
    (root / "rules" / "duel" / "game.ludex").write_text(DUEL, encoding="utf-8")
    compiled = compile_paths([root / "rules" / "duel"], checks=False)
    assert not compiled.diags.has_errors, [str(d) for d in compiled.diags]
    return compiled


@pytest.fixture(scope="module")
def lib(comp: Compilation, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A folder laid out as installed packages are: the game's generated package `duel`
    (as `ludex build` writes it, `py.typed` included) and `ludex` itself; on `sys.path`
    while the module's tests run."""
    out = tmp_path_factory.mktemp("lib")
    for rel, text in engine_packages(comp).items():
        (out / rel).parent.mkdir(parents=True, exist_ok=True)
        (out / rel).write_text(text, encoding="utf-8")
    (out / "ludex").symlink_to(ROOT / "compiler", target_is_directory=True)
    sys.path.insert(0, str(out))
    try:
        yield out
    finally:
        sys.path.remove(str(out))
        for name in [n for n in sys.modules if n.split(".")[0] == "duel"]:
            del sys.modules[name]


def docstring_examples() -> list[doctest.DocTest]:
    """Every docstring of the runtime that holds an example, each once (a name imported
    into `ludex.runtime` is found where it is defined)."""
    finder = doctest.DocTestFinder(exclude_empty=True)
    found: dict[str, doctest.DocTest] = {}
    for module in runtime_modules():
        for test in finder.find(module):
            if test.examples:
                found.setdefault(f"{test.filename}:{test.lineno}", test)
    return sorted(found.values(), key=lambda t: t.name)


EXAMPLES = docstring_examples()


@pytest.mark.parametrize("test", EXAMPLES, ids=[t.name for t in EXAMPLES])
def test_a_docstring_example_runs(test: doctest.DocTest, lib: Path) -> None:
    import duel  # type: ignore[import-not-found]

    test.globs.update({"DEFINITIONS": duel.DEFINITIONS, "new_game": duel.new_game})
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    report: list[str] = []
    result = runner.run(test, out=report.append)
    assert result.failed == 0, "".join(report)
    assert result.attempted == len(test.examples) > 0


def test_no_example_is_skipped() -> None:
    """An example that does not run is not an example: none is marked `+SKIP`."""
    skipped = [f"{t.name}:{e.lineno}" for t in EXAMPLES for e in t.examples
               if e.options.get(doctest.SKIP)]
    assert skipped == []


# The entry points a reader starts from, each shown at work in its docstring.
ENTRY_POINTS = ("Match", "Game.act", "define_game", "game_starter", "RandomChooser",
                "ScriptedChooser", "FirstChooser")


@pytest.mark.parametrize("name", ENTRY_POINTS)
def test_the_entry_points_have_examples(name: str) -> None:
    owner, _, attribute = name.partition(".")
    thing: Any = getattr(ludex.runtime, owner)
    if attribute:
        thing = getattr(thing, attribute)
    assert ">>> " in (inspect.getdoc(thing) or ""), f"{name} shows no example"


def test_ludex_build_writes_and_removes_each_package_py_typed(tmp_path: Path) -> None:
    """The build writes an empty `py.typed` in each package, lists it in its manifest, and
    removes it with the package when the game goes."""
    (tmp_path / "rules" / "duel").mkdir(parents=True)
    (tmp_path / "rules" / "duel" / "game.ludex").write_text(DUEL, encoding="utf-8")
    assert run_cli("build", cwd=tmp_path).code == 0
    marker = tmp_path / "generated" / "duel" / "py.typed"
    assert marker.read_bytes() == b""
    assert "duel/py.typed" in (tmp_path / "generated" / ".ludex-manifest.json").read_text()
    (tmp_path / "rules" / "duel" / "game.ludex").unlink()
    (tmp_path / "rules" / "duel").rmdir()
    (tmp_path / "rules" / "other").mkdir()
    (tmp_path / "rules" / "other" / "game.ludex").write_text('game other "Other":\n  page: 1\n',
                                                            encoding="utf-8")
    done = run_cli("build", cwd=tmp_path)
    assert done.code == 0 and not marker.exists(), done.out + done.err
    assert (tmp_path / "generated" / "other" / "py.typed").is_file()


def test_the_api_page_lists_every_public_name(comp: Compilation) -> None:
    """Every name of `ludex.runtime.__all__` has its entry on the page: a heading with
    its anchor, its signature (a module, its functions'), its docstring; the page is in
    the navigation."""
    site = emit_site(comp, SiteOptions(authoring=True))  # in the authoring section
    page = site["docs/engine-api.md"]
    assert isinstance(page, str) and isinstance(site["mkdocs.yml"], str)
    assert '    - "Engine API": engine-api.md' in site["mkdocs.yml"].splitlines()
    shown = {e.name: e for e in entries()}
    assert sorted(shown) == sorted(ludex.runtime.__all__)
    for name, entry in shown.items():
        assert f"## {md(name)} {{#api-{name}}}\n" in page
        assert entry.doc, f"{name} has no docstring"
        codes = [m.signature for m in entry.members]
        assert (entry.signature or entry.kind == "module") and entry.signature in page, name
        assert all(code and code in page for code in codes), name
    match = shown["Match"]
    assert "Match(\n    defs: Definitions,\n    *,\n" in match.signature
    assert any(m.name == "Match.apply" and m.doc for m in match.members)
    assert "Game.act" in {m.name for m in shown["Game"].members}
    assert "GAME: Final = None" in page and "Row = Reward" in page
    assert "### NewGame.\\_\\_call\\_\\_ {#api-NewGame-call}\n" in page
    assert "```pycon\n>>> match = Match(DEFINITIONS, players=2, seed=1)" in page
    assert emit_site(comp, SiteOptions(authoring=True))["docs/engine-api.md"] == page


def test_a_docstring_becomes_escaped_markdown() -> None:
    """Text is escaped, code spans are code (a documented name, a link), an indented
    block or an example is a fenced block, a `- ` list is a list."""
    doc = ("A <b>bold</b> [link](x) `Match` or `a<b`.\n# not a heading\n\n"
           "- one `Game.act`\n- two\n  continued\n\n    code <b>\n\n>>> 1 + 1\n2")
    para, items, code, example = blocks(doc, frozenset({"Match", "Game", "Game.act"}))
    assert "<b>" not in para and "&lt;b&gt;" in para and "\\[link\\](x)" in para
    assert "\\# not a heading" in para
    assert "[<code>Match</code>](#api-Match)" in para and "<code>a&#60;b</code>" in para
    assert items.splitlines() == ["- one [<code>Game&#46;act</code>](#api-Game-act)",
                                  "- two continued"]
    assert code == "```python\ncode <b>\n```"
    assert example == "```pycon\n>>> 1 + 1\n2\n```"


def _sample(first: int, second: str = ", ", /, *more: int, key: bool = False) -> None:
    """A signature with every kind of parameter, and a comma in a default."""


def test_a_long_signature_is_wrapped_one_parameter_a_line() -> None:
    assert signature("_sample", _sample) == (
        "_sample(first: int, second: str = ', ', /, *more: int, key: bool = False) -> None")
    assert signature("a." + "b" * 60, _sample).splitlines()[1:] == [
        "    first: int,", "    second: str = ', ',", "    /,", "    *more: int,",
        "    key: bool = False,", ") -> None"]


PLAY = '''"""Plays a generated game to its end through the engine API."""

from duel import DEFINITIONS, new_game
from ludex.runtime import Action, Game, Match, RandomChooser, Value


def play(seed: int) -> dict[str, Value]:
    match = Match(DEFINITIONS, players=2, seed=seed)
    while not match.is_over():
        actions: list[Action] = match.legal_actions()
        match.apply(actions[-1])
    return match.returns()


def playout(seed: int) -> Game:
    game = new_game(seed=seed, players=3, chooser=RandomChooser(seed))
    game.trigger("game")
    return game


if __name__ == "__main__":
    print(sorted(play(1).items()), len(playout(2).log.events))
'''


def _mypy(lib: Path, where: Path, *targets: str) -> subprocess.CompletedProcess[str]:
    """`mypy --strict TARGETS` run in `where`, with `lib` on the path as site-packages is:
    a package there is checked against its annotations only if it ships `py.typed`."""
    env = {**os.environ, "PYTHONPATH": str(lib)}
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir",
         os.devnull, "--config-file", os.devnull, *targets],
        cwd=where, env=env, capture_output=True, text=True, timeout=300, check=False)


def test_a_script_using_the_engine_passes_mypy_strict(lib: Path, tmp_path: Path) -> None:
    assert (lib / "duel" / "py.typed").read_text(encoding="utf-8") == ""
    assert (RUNTIME / "py.typed").is_file()
    (tmp_path / "play.py").write_text(PLAY, encoding="utf-8")
    done = _mypy(lib, tmp_path, "play.py")
    assert done.returncode == 0, done.stdout + done.stderr
    package = _mypy(lib, lib, "-p", "duel")  # the generated code itself, as source
    assert package.returncode == 0, package.stdout + package.stderr
    ran = subprocess.run([sys.executable, "play.py"], cwd=tmp_path, capture_output=True,
                         text=True, env={**os.environ, "PYTHONPATH": str(lib)},
                         timeout=120, check=False)
    assert ran.returncode == 0 and ran.stdout.startswith("[('ann', "), ran.stderr


def test_without_py_typed_the_script_fails_mypy_strict(lib: Path, tmp_path: Path) -> None:
    """The check above is not vacuous: the same script, the marker gone, is refused."""
    bare = tmp_path / "lib"
    (bare / "duel").mkdir(parents=True)
    for path in (lib / "duel").glob("*.py"):
        (bare / "duel" / path.name).write_text(path.read_text("utf-8"), encoding="utf-8")
    (bare / "ludex").symlink_to(ROOT / "compiler", target_is_directory=True)
    (tmp_path / "play.py").write_text(PLAY, encoding="utf-8")
    done = _mypy(bare, tmp_path, "play.py")
    assert done.returncode == 1 and 'Skipping analyzing "duel"' in done.stdout, done.stdout
