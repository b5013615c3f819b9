"""Run the books' worked examples against the generated engines, contained.

Each game's engine is generated (the files `ludex build` writes) and its examples are
run in a child process by `ludex.verify.sandbox`, which imports the built package with a
plain `import` and answers with data: every example on a fresh game (seed 0, its
enclosing modes and variants in play), its `given:` start state, its `actions:`, then
its `expect:` lines, which pass, fail, or are blocked when the run reaches a rule the
engine cannot execute. An example without actions or expectations is prose only and is
counted, not run. An engine that cannot be generated or imported is a `GameRun` with
an `engine_error`; its executable examples fail with it. This is the one path by which
`ludex check`, `test`, `stats` and the site run generated code.

`load_engine` and `engine_of` import an engine into the calling process, for tests
and tools that want to drive it; of the commands, only `simulate` and `play` do
(`ludex.verify.playouts`), to play the game (SECURITY.md).
"""

from __future__ import annotations

import fnmatch
import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import shutil
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType

from ..core.fingerprint import compiler_digest
from ..semantics.compilation import Compilation
from ..semantics.resolve import GameModel
from ..semantics.results import BLOCKED, FAIL, PASS, PROSE, ExampleResult, GameRun
from ..syntax import ast
from .sandbox.runner import Answer, Contained, Limits, run_contained

_CACHE_SIZE = 32
_DISK: list[Path] = []  # the cache folder `use_disk_cache` named, if any
_MAX_ENTRY = 4 * 1024 * 1024
_MAX_ENTRIES = 256  # per compiler: the oldest go first


@contextmanager
def disk_cache(root: Path | None) -> Iterator[None]:
    """While it lasts, keep the examples' answers in `root` (the `.ludex_cache` folder;
    None: do not): `ludex check` and `ludex build` then run a game's examples only when
    its engine, the examples asked, their limits or the compiler changed (the entry's
    key: the engine's files, the names, the limits; its folder: the compiler's digest,
    which covers the runtime and the sandbox the examples run in). Only a run that ended
    within its limits is kept: a run stopped by a limit may have met a busy machine.
    `ludex test` and `--mutate` always run them."""
    _DISK.clear()
    if root is not None:
        _DISK.append(root)
    try:
        yield
    finally:
        _DISK.clear()


def chosen(qualname: str, decl: ast.Example, only: Sequence[str]) -> bool:
    """Whether `ludex test --example` picks an example: a glob matches its qualified name or
    the file it stands in (`*.takeover`, `rules/chess/*`); a pattern without `*`, `?` or
    `[` matches a name or file that holds it (`takeover`). No pattern picks every one."""
    if not only:
        return True
    return any(fnmatch.fnmatchcase(qualname, p) or fnmatch.fnmatchcase(decl.span.file, p)
               if any(c in p for c in "*?[") else p in qualname or p in decl.span.file
               for p in only)


def run_game(comp: Compilation, model: GameModel, *, load: bool = False,
             only: Sequence[str] = ()) -> GameRun:
    """Every example of one game (or those `only` picks, see `chosen`), run contained (or
    counted as prose only). The engine is loaded when the game has examples, or always with
    `load`; it is the package the build writes, emitted once per compilation
    (`comp.engines`)."""
    examples = [(s, s.decl) for s in model.symbols.values()
                if isinstance(s.decl, ast.Example) and chosen(s.qualname, s.decl, only)]
    if not examples and not load:
        return GameRun(model.name, ())
    executable = [s.qualname for s, decl in examples if decl.executable]
    contained = _contained(comp, model, executable)
    error = None if contained.engine_error is None else \
        f"the engine generated for {model.name!r} does not load: {contained.engine_error}"
    results = []
    for sym, decl in examples:
        status, message, runaway = PROSE, "prose only: no actions or expectations", False
        fired: tuple[str, ...] = ()
        if decl.executable:
            answer = contained.answers.get(sym.qualname)
            status, message = FAIL, f"was not run: {error or 'no answer'}"
            if answer is not None:
                status, message, runaway = answer.status, answer.message, answer.runaway
                fired = answer.fired
        results.append(ExampleResult(model.name, sym.qualname, decl.title, status, message,
                                     decl.span, runaway, fired))
    return GameRun(model.name, tuple(results), error)


_runs: dict[str, Contained] = {}


def _contained(comp: Compilation, model: GameModel, names: Sequence[str]) -> Contained:
    """The child's answers, remembered by content (a test session compiles one game often)
    and, within `disk_cache`, kept on disk by the game's sources (so that a warm check
    neither runs nor even emits the engine)."""
    limits = Limits.from_env()
    stored = _source_key(comp, model, names, limits) if _DISK else None
    if stored is not None:
        found = _stored(stored)
        if found is not None:
            return found
    from ..backends.python.names import package_name  # noqa: PLC0415
    from ..backends.python.package import emit_game, engine_files  # noqa: PLC0415
    # (imported here: the code generator and the runtime it loads cost a check of a game
    # without examples a quarter of a second)
    try:
        files, package = engine_files(comp, model, emit_game), package_name(model)
    except Exception as err:  # noqa: BLE001 - an engine ludex cannot generate is a finding
        return Contained(engine_error=f"ludex could not generate it: {type(err).__name__}: "
                         f"{err}")
    key = _digest({**files, "\0package": package, "\0names": "\0".join(names),
                   "\0limits": repr(limits)})
    if key not in _runs:
        if len(_runs) >= _CACHE_SIZE:
            del _runs[next(iter(_runs))]
        _runs[key] = run_contained(files, package, names, limits)
    if stored is not None:
        _store(stored, _runs[key])
    return _runs[key]


def _source_key(comp: Compilation, model: GameModel, names: Sequence[str],
                limits: Limits) -> str | None:
    """What the engine and its examples' run follow from, besides the compiler (whose
    digest names the entries' folder): the game's files and its base game's, by path and
    text, the examples asked and their limits; None when a file's text is not at hand."""
    texts: dict[str, str] = {}
    for source in [model.source] + ([model.base.source] if model.base is not None else []):
        for path in [*(f.path for f in source.files), *source.unparsed]:
            text = comp.sources.get(path)
            if text is None:
                return None
            texts[f"file\0{path}"] = text
    return _digest({**texts, "\0game": model.source.folder, "\0names": "\0".join(names),
                    "\0limits": repr(limits)})


def _entry(key: str) -> Path:
    return _DISK[0] / f"examples-{compiler_digest()}" / f"{key}.json"


def _stored(key: str) -> Contained | None:
    """The answers kept for `key`; None when there are none (or they cannot be read)."""
    try:
        with open(_entry(key), "rb") as file:
            body = json.loads(file.read(_MAX_ENTRY))
        answers = {str(name): Answer(str(a["status"]), str(a["message"]), bool(a["runaway"]),
                                     tuple(str(f) for f in a["fired"]))
                   for name, a in body["answers"].items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
    return Contained(answers=answers)


def _store(key: str, run: Contained) -> None:
    """Keep a run that ended within its limits (nothing is kept when the folder cannot
    be written: the cache is an aid only)."""
    if run.engine_error is not None or any(a.runaway for a in run.answers.values()):
        return
    from ..syntax.cache import ParseCache, write_atomic

    body = {"answers": {name: {"status": a.status, "message": a.message,
                               "runaway": a.runaway, "fired": list(a.fired)}
                        for name, a in sorted(run.answers.items())}}
    if ParseCache(_DISK[0]).prepare():
        entry = _entry(key)
        try:
            os.makedirs(entry.parent, exist_ok=True)
        except OSError:
            return
        write_atomic(entry, json.dumps(body, sort_keys=True).encode())
        _prune(entry.parent)


def _prune(folder: Path) -> None:
    """Remove other compilers' folders of answers, and this one's oldest entries."""
    try:
        for other in folder.parent.iterdir():
            if other.name.startswith("examples-") and other.name != folder.name and \
                    other.is_dir() and not other.is_symlink():
                shutil.rmtree(other, ignore_errors=True)
        entries = sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime_ns)
        for old in entries[:-_MAX_ENTRIES]:
            old.unlink(missing_ok=True)
    except OSError:
        pass


def _digest(files: Mapping[str, str]) -> str:
    return hashlib.sha256("\0".join(f"{k}\0{v}" for k, v in sorted(files.items()))
                          .encode("utf-8", "surrogatepass")).hexdigest()


def verify(comp: Compilation, progress: Callable[[int], None] | None = None) -> None:
    """Run every game's examples once and keep the run on its model (`model.examples`),
    where the checks and the site read it. `progress` is told how many games are done."""
    for done, model in enumerate(comp.models, start=1):
        model.examples = run_game(comp, model)
        if progress is not None:
            progress(done)


def game_runs(comp: Compilation, load: bool = False,
              progress: Callable[[int], None] | None = None,
              only: Sequence[str] = ()) -> list[GameRun]:
    """Every game's run, in the compilation's order (`load`: even a game without examples
    has its engine loaded, so an engine that does not import is found; `only`: the examples
    `chosen` picks). A game already run is not run again. `progress` is told how many games
    are done after each."""
    runs: list[GameRun] = []
    for model in comp.models:
        runs.append(model.examples if model.examples is not None and not only and not (
            load and _unloaded(model.examples)) else run_game(comp, model, load=load,
                                                               only=only))
        if progress is not None:
            progress(len(runs))
    return runs


def _unloaded(run: GameRun) -> bool:
    """A game without examples: its run never loaded the engine."""
    return not run.results and run.engine_error is None


def example_results(comp: Compilation) -> list[ExampleResult]:
    """Every example of every game: passed, failed, blocked or prose only."""
    return [r for run in game_runs(comp) for r in run.results]


def run_examples(comp: Compilation) -> list[ExampleResult]:
    """The examples that run (executable ones), with `passed` and a message."""
    return [r for r in example_results(comp) if r.status != PROSE]


class _Sources(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Imports a generated package from its source texts, without touching the disk."""

    def __init__(self, package: str, files: Mapping[str, str]) -> None:
        self.package = package
        self.files = {(package if n == "__init__.py" else f"{package}.{n[:-3]}"): (n, t)
                      for n, t in files.items()}

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if fullname not in self.files:
            return None
        return importlib.util.spec_from_loader(fullname, self,
                                               is_package=fullname == self.package)

    def exec_module(self, module: ModuleType) -> None:
        name, text = self.files[module.__name__]
        # dont_inherit: compiled as a file on its own, not under this module's __future__
        code = compile(text, f"<generated {self.package}/{name}>", "exec", dont_inherit=True)
        exec(code, module.__dict__)


def load_engine(files: Mapping[str, str], label: str) -> ModuleType:
    """Import a generated package (its files by name) into this process, under a private,
    content-named package: for tests and tools, never for untrusted rules."""
    package = f"_ludex_engine_{label}_{_digest(files)[:12]}"
    if package in sys.modules:
        return sys.modules[package]
    finder = _Sources(package, files)
    sys.meta_path.insert(0, finder)
    try:
        return importlib.import_module(package)
    finally:
        sys.meta_path.remove(finder)


def engine_of(model: GameModel) -> ModuleType:
    """A game's engine imported into this process (see `load_engine`)."""
    from ..backends.python.package import emit_game  # noqa: PLC0415 - see `_contained`
    return load_engine(emit_game(model), model.name)


__all__ = ["BLOCKED", "FAIL", "PASS", "PROSE", "ExampleResult", "GameRun", "engine_of",
           "example_results", "game_runs", "load_engine", "run_examples", "run_game", "verify"]
