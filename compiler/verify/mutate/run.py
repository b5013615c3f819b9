"""Run the worked examples against engines built from changed rules.

For each executable example of a game and each rule, step or card its `for:` names (in
that game), every change of `changes.mutants` is made to the game's AST, the game is
resolved again and its engine emitted, exactly as the build does, and the examples that
name the rule run on it, contained, in one child per change (`sandbox.run_contained`;
children run side by side, one per processor). An example *kills* a change when it does
not pass on it (it fails, is blocked, or runs away); it *survives* when it still passes.
A change whose engine ludex cannot build, or that does not import, is *invalid*, not a
survivor; one that leaves the emitted engine byte for byte the same survives without a
run (the engine never reads what was changed).

A survivor is *accepted* when a `ruling` of the game applies to the example
(`applies_to:`) and lists the change's id under `survives:`, its prose saying why the
change cannot matter. An id listed there that is not a change of an example the ruling
applies to is an error (E618): a ruling may not accept what the tool never tries. An
accepted change the example kills after all is listed (`needless`), so the ruling can
let it go.
An example that does not pass as written is not mutated; its report says why. A game
costs a bounded time: at most `MAX_CHANGES` changes are tried, and none once one in
`RUNAWAY_SHARE` of them (at least `MAX_RUNAWAYS`) have run away past a time or memory limit
(each is killed, and costs the limit); the rest are *not tried*, which is no proof either.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace

from ...backends.python.names import package_name
from ...backends.python.package import emit_game, engine_files
from ...core.codes import Code, Severity
from ...core.diagnostics import Diagnostic, Diagnostics, did_you_mean
from ...core.source import Span
from ...semantics.compilation import Compilation
from ...semantics.resolve import GameModel, build_symbols, resolve_game
from ...semantics.results import PASS
from ...syntax import ast
from ..examples import chosen, run_game
from ..sandbox.runner import Limits, run_contained
from .changes import Mutant, mutants

KILLED, SURVIVED, ACCEPTED, INVALID = "killed", "survived", "accepted", "invalid"
UNTRIED = "not tried"  # beyond MAX_CHANGES, or after MAX_RUNAWAYS: neither killed nor survived
MAX_CHANGES = 2000  # changes tried per game: a hostile game costs a bounded time
MAX_RUNAWAYS = 3  # changes whose example ran away before a game's other changes are not tried
RUNAWAY_SHARE = 20  # ... or one in this many of the changes it tries, if that is more
PLACE_SORTS = (ast.Deck, ast.Zone)  # one sort of place: a destination swaps among them


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one change did to one example."""

    mutant: Mutant
    status: str  # killed | survived | accepted | invalid | not tried
    detail: str  # the example's message when killed; why when invalid
    runaway: bool = False  # killed by running past a limit (a cost: `MAX_RUNAWAYS`)


@dataclass
class ExampleReport:
    game: str
    example: str  # qualified name
    span: Span
    not_run: str | None = None  # why the example was not mutated (it does not pass)
    outcomes: list[Outcome] = field(default_factory=list)
    # what the example names (`for:`) but no change touches, and why: `(name, why)`
    unmutated: list[tuple[str, str]] = field(default_factory=list)
    needless: list[str] = field(default_factory=list)  # ids a ruling accepts that it kills

    def count(self, status: str) -> int:
        return sum(1 for o in self.outcomes if o.status == status)


@dataclass
class GameReport:
    game: str
    examples: list[ExampleReport]
    diagnostics: list[Diagnostic]
    seconds: float

    def count(self, status: str) -> int:
        return sum(e.count(status) for e in self.examples)


# told (what, done, total) after each change tried: a progress bar on a terminal
Progress = Callable[[str, int, int], None]


def mutate(comp: Compilation, workers: int | None = None,
           progress: Progress | None = None, only: Sequence[str] = ()) -> list[GameReport]:
    """Every game's examples (those `only` picks: `examples.chosen`) against every change
    to the rules they name."""
    return [mutate_game(comp, model, workers, progress, only) for model in comp.models]


def mutate_game(comp: Compilation, model: GameModel, workers: int | None = None,
                progress: Progress | None = None, only: Sequence[str] = ()) -> GameReport:
    """One game: plan the changes, check the examples pass as written, run the changes."""
    started = time.monotonic()
    reports, changes, named = _plan(model, only)
    accepted, diagnostics = _rulings(model, {n: [m for q in named[n] for m in changes[q]]
                                             for n in named}, bool(only))
    baseline = {r.example: r for r in run_game(comp, model, only=only).results}
    for name, report in reports.items():
        result = baseline.get(name)
        if result is None or result.status != PASS:
            report.not_run = "it does not pass as written" + (
                f": {result.message}" if result is not None else "")
    jobs = [(m, names) for q, found in changes.items() for m in found
            if (names := [n for n in named if q in named[n] and reports[n].not_run is None])]
    tried = jobs[:MAX_CHANGES]
    trial = _Trial(model, engine_files(comp, model) if tried else {}, len(tried))
    answers: list[dict[str, tuple[str, str, bool]]] = []
    with ThreadPoolExecutor(max_workers=workers or os.cpu_count() or 1) as pool:
        for answer in pool.map(trial, tried):  # in order, as they finish
            answers.append(answer)
            if progress is not None:
                progress(f"changes tried ({model.name})", len(answers), len(tried))
    answers += [dict.fromkeys(names, (UNTRIED, f"beyond the {MAX_CHANGES} changes tried in "
                                      "one game", False)) for _, names in jobs[MAX_CHANGES:]]
    for (mutant, names), said in zip(jobs, answers, strict=True):
        for name in names:
            status, detail, runaway = said[name]
            if status == SURVIVED and mutant.id in accepted.get(name, ()):
                status = ACCEPTED
            reports[name].outcomes.append(Outcome(mutant, status, detail, runaway))
    for name, report in reports.items():
        report.needless = [o.mutant.id for o in report.outcomes
                           if o.status == KILLED and o.mutant.id in accepted.get(name, ())]
    return GameReport(model.name, list(reports.values()), diagnostics,
                      time.monotonic() - started)


def _plan(model: GameModel, only: Sequence[str] = ()) -> tuple[
        dict[str, ExampleReport], dict[str, list[Mutant]], dict[str, list[str]]]:
    """A report per executable example; the changes to each rule an example names (by the
    rule's qualified name); and for each example, the rules it names that can change."""
    reports: dict[str, ExampleReport] = {}
    changes: dict[str, list[Mutant]] = {}
    named: dict[str, list[str]] = {}
    places = _Places(model)
    for sym in model.symbols.values():
        decl = sym.decl
        if not isinstance(decl, ast.Example) or not decl.executable or \
                not chosen(sym.qualname, decl, only):
            continue
        reports[sym.qualname] = report = ExampleReport(model.name, sym.qualname, decl.span)
        named[sym.qualname] = []
        for ref, target in _named(model, decl):
            if id(target) not in model.by_decl:
                report.unmutated.append((ref.dotted, "declared in another game, not changed"))
                continue
            qualname = model.symbol(target).qualname
            if qualname not in changes:
                changes[qualname] = mutants(target, qualname, places)
            if not changes[qualname]:
                report.unmutated.append((qualname, "nothing to change"))
            elif qualname not in named[sym.qualname]:
                named[sym.qualname].append(qualname)
    return reports, changes, named


def _named(model: GameModel, example: ast.Example) -> Iterator[tuple[ast.Ref, ast.Decl]]:
    """The declarations the example names, with the names, in its `for:` order."""
    named = example.illustrates
    refs = [] if named is None else [named] if isinstance(named, ast.Ref) else \
        [r for r in named.items if isinstance(r, ast.Ref)]
    for ref in refs:
        decl = model.targets.get(ref)
        if decl is not None:
            yield ref, decl


class _Trial:
    """Runs the changes of one game, each on its own engine, from several threads; once one
    in `RUNAWAY_SHARE` of the `planned` changes (at least `MAX_RUNAWAYS`) have run away, the
    rest are not tried (a bounded time)."""

    def __init__(self, model: GameModel, original: dict[str, str], planned: int = 0) -> None:
        self.model, self.original, self.limits = model, original, Limits.from_env()
        self.runaways = 0
        self.cap = max(MAX_RUNAWAYS, planned // RUNAWAY_SHARE)
        self.lock = threading.Lock()

    def __call__(self, job: tuple[Mutant, list[str]]) -> dict[str, tuple[str, str, bool]]:
        """(status, detail, whether it ran away) for each example on the changed engine."""
        mutant, names = job
        if self.runaways >= self.cap:
            return dict.fromkeys(names, (UNTRIED, f"{self.runaways} changes of this game "
                                         "ran away before it", False))
        files, error = _engine(self.model, mutant)
        if files is None:
            return dict.fromkeys(names, (INVALID, error, False))
        if files == self.original:
            return dict.fromkeys(names, (SURVIVED, "the engine is unchanged", False))
        contained = run_contained(files, package_name(self.model), names, self.limits)
        if contained.engine_error is not None:
            return dict.fromkeys(names, (INVALID, "the engine does not load: "
                                         f"{contained.engine_error}", False))
        if any(a.runaway for a in contained.answers.values()):
            with self.lock:
                self.runaways += 1
        out = {}
        for name in names:
            answer = contained.answers.get(name)
            if answer is None:
                out[name] = (KILLED, "no answer", False)
            elif answer.status == PASS:
                out[name] = (SURVIVED, "", False)
            else:
                out[name] = (KILLED, f"{answer.status}: {answer.message}", answer.runaway)
        return out


def _engine(model: GameModel, mutant: Mutant) -> tuple[dict[str, str] | None, str]:
    """The engine of the game with the change made, or None and why it cannot be built."""
    source = replace(model.source, files=tuple(
        replace(f, decls=_swap(f.decls, mutant.decl, mutant.replacement))
        for f in model.source.files))
    diags = Diagnostics()
    changed = build_symbols(source, diags)
    changed.base = model.base
    resolve_game(changed, diags)
    errors = [d for d in diags if d.severity is Severity.ERROR]
    if errors:
        return None, f"the changed rules do not resolve: {errors[0].message}"
    try:
        return emit_game(changed), ""
    except Exception as err:  # noqa: BLE001 - an engine ludex cannot generate is invalid
        return None, f"ludex could not generate it: {type(err).__name__}: {err}"


def _swap(decls: tuple[ast.Decl, ...], old: ast.Decl,
          new: ast.Decl) -> tuple[ast.Decl, ...]:
    """`decls` with `old` (found by identity, at any depth) replaced by `new`."""
    out = []
    for decl in decls:
        if decl is old:
            out.append(new)
        elif decl.children:
            children = _swap(decl.children, old, new)
            out.append(decl if children == decl.children else replace(decl, children=children))
        else:
            out.append(decl)
    return tuple(out)


class _Places:
    """Another place for a destination: the first one of the same sort, in declaration
    order (decks and zones; an instance, another of its kind; a board's space, another
    space of that board; the step a `skip to` goes to, another step of its procedure),
    other than the one there."""

    def __init__(self, model: GameModel) -> None:
        self.model = model
        self.symbols = list(model.symbols.values())

    def __call__(self, current: ast.Expr) -> ast.Ref | None:
        target = self.model.targets.get(current) if isinstance(current, ast.Ref) else None
        for sym in self.symbols:
            if sym.decl is not target and self._same_sort(sym.decl, target):
                return ast.Ref(current.span, tuple(sym.qualname.split(".")))
        return None

    def _same_sort(self, decl: ast.Decl, target: ast.Decl | None) -> bool:
        if isinstance(target, ast.Step):  # `skip to`: another step of the same procedure
            return isinstance(decl, ast.Step) and self._board(decl) is self._board(target)
        if isinstance(target, ast.Space):  # another space of the same board
            return isinstance(decl, ast.Space) and self._board(decl) is self._board(target)
        if isinstance(target, ast.Instance):
            return isinstance(decl, ast.Instance) and decl.keyword == target.keyword
        return isinstance(decl, PLACE_SORTS)

    def _board(self, space: ast.Decl) -> ast.Decl | None:
        parent = self.model.symbol(space).parent
        return parent.decl if parent is not None else None


def _rulings(model: GameModel, ids: dict[str, list[Mutant]], chosen_only: bool = False
             ) -> tuple[dict[str, set[str]], list[Diagnostic]]:
    """The ids each example's rulings accept (`survives:`), and an E618 for each listed id
    that is not a change of an example the ruling applies to (`chosen_only`: `ids` holds
    the examples picked, and a ruling on none of them is left alone)."""
    accepted: dict[str, set[str]] = {}
    diags = Diagnostics()
    for sym in model.symbols.values():
        decl = sym.decl
        prop = decl.prop("survives")
        if not isinstance(decl, ast.Ruling) or prop is None:
            continue
        listed = [i for i in (prop.value.items if isinstance(prop.value, ast.ListLit)
                              else (prop.value,)) if isinstance(i, ast.StrLit)]
        examples = _applies_to(model, decl)
        if chosen_only and not any(e in ids for e in examples):
            continue
        known = {m.id for e in examples for m in ids.get(e, ())}
        for item in listed:
            if item.value in known:
                for e in examples:
                    accepted.setdefault(e, set()).add(item.value)
                continue
            where = ", ".join(f"`{e}`" for e in examples) or "no example"
            diags.add(Code.UNKNOWN_SURVIVOR,
                      f"`survives` lists {item.value!r}, which is not a change "
                      f"`ludex test --mutate` makes for {where}", item.span,
                      did_you_mean(item.value, known) or
                      "copy the id from a SURVIVED line of `ludex test --mutate`, and name "
                      "the example in `applies_to:`")
    return accepted, list(diags)


def _applies_to(model: GameModel, ruling: ast.Ruling) -> list[str]:
    """The executable examples a ruling applies to, by qualified name."""
    named = ruling.applies_to
    refs = [] if named is None else [named] if isinstance(named, ast.Ref) else \
        [r for r in named.items if isinstance(r, ast.Ref)]
    targets = [model.targets.get(r) for r in refs]
    return [model.symbol(t).qualname for t in targets
            if isinstance(t, ast.Example) and id(t) in model.by_decl]
