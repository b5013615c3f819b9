"""A game's package as files: each file kind's template context rendered through its
Jinja2 template (`templates/python/`), with the imports its body uses."""

from __future__ import annotations

import io
import re
import tokenize
from collections.abc import Callable, Iterable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

import jinja2

from ... import __version__
from ...semantics.compilation import Compilation
from ...semantics.resolve import GameModel
from .catalog import catalog_module
from .common import Unit
from .components import components_module
from .examples import examples_module
from .names import package_name
from .pretty import WIDTH, Atom, Str, call, comment_text, literal, render
from .rules import rules_module

TEMPLATES = Path(__file__).parent.parent / "templates" / "python"
IMPORTABLE = {
    "catalog.py": ("Record",),
    "components.py": ("BoardDef", "DeckDef", "DieDef", "StatDef", "ZoneDef", "by_name"),
    "rules.py": ("GAME", "Book", "Ctx", "Duration", "Game", "Limit", "Reward", "Row",
                 "Timing", "Value"),
    "examples.py": ("GAME", "Book", "Ctx", "Expectation", "Game"),
}
# Names a template writes itself (`book = Book()`), so its module imports them always.
TEMPLATE_NAMES = {"rules.py": {"Book"}, "examples.py": {"Book"}}
# The modules that name cards by their catalog constants (`catalog.AKIRA.id`). The
# module is imported, not its constants: sorted by name, imported constants would put
# the code's shape at the mercy of the ids.
USES_CATALOG = ("components.py", "rules.py", "examples.py")


@cache
def _templates() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES), undefined=jinja2.StrictUndefined,
        trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True, autoescape=False)


def _source_name(model: GameModel) -> str:
    """The game folder for the header comment: a folder name is input, so it is escaped."""
    folder = model.source.folder
    return comment_text(folder if not Path(folder).is_absolute() else Path(folder).name)


def _import(module: str, names: Iterable[str]) -> str:
    """One `from module import ...` as isort writes it (constants, classes, then the rest)."""
    ordered = sorted(set(names), key=lambda n: (0 if n.isupper() else 1 if n[:1].isupper()
                                                else 2, n))
    if not ordered:
        return ""
    line = f"from {module} import {', '.join(ordered)}"
    if len(line) <= WIDTH:
        return line
    return f"from {module} import (\n" + "".join(f"    {n},\n" for n in ordered) + ")"


def _names_in(code: str) -> set[str]:
    """The names generated code uses: NAME tokens not after a dot, so a string literal
    that reads like a name (a rule whose id is `Game`) imports nothing."""
    found: set[str] = set()
    after_dot = False
    for token in tokenize.generate_tokens(io.StringIO(code).readline):
        if token.type == tokenize.NAME and not after_dot:
            found.add(token.string)
        after_dot = token.type == tokenize.OP and token.string == "."
    return found


def _used(names_in_body: set[str], names: Iterable[str]) -> list[str]:
    return [n for n in names if n in names_in_body]


def emit_game(model: GameModel) -> dict[str, str]:
    """The files of one game's package, by name (`rules.py`, ...), made from the model
    alone: no back end reads source text."""
    unit = Unit(model)
    title = model.game.title if model.game else None
    common = {"version": __version__, "source": _source_name(model),
              "package": package_name(model), "game": _shown_name(model)}
    parts: dict[str, dict[str, Any]] = {
        "__init__.py": {"definitions": _definitions(model, title)},
        "catalog.py": catalog_module(unit),
        "components.py": components_module(unit),
        "rules.py": rules_module(unit),
        "examples.py": examples_module(unit),
    }
    out = {}
    for name, context in parts.items():
        body = _names_in("\n\n".join(v if isinstance(v, str) else "\n".join(v)
                                   for v in context.values()))
        body |= TEMPLATE_NAMES.get(name, set())
        runtime = _import("ludex.runtime", _used(body, IMPORTABLE.get(name, ())))
        if "q" in body:
            runtime += "\nfrom ludex.runtime import queries as q"
        if name in USES_CATALOG and "catalog" in body:
            runtime += "\n\nfrom . import catalog"
        typing_names = _used(body, ("ClassVar", "Literal"))
        context = {**context, "runtime_import": runtime,
                   "typing_import": _import("typing", typing_names)}
        text = _tidy(_templates().get_template(name + ".j2").render(**common, **context))
        _must_compile(text, f"{package_name(model)}/{name}")
        out[name] = text
    return out


def _definitions(model: GameModel, title: str | None) -> str:
    """`DEFINITIONS = define_game(...)`: the runtime reads the package's modules."""
    made = call("define_game", Str(model.name), literal(title),
                *(Atom(m) for m in ("catalog", "components", "rules", "examples")))
    return "\n".join(render(made, 0, "DEFINITIONS = "))


_PLAIN_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def _shown_name(model: GameModel) -> str:
    """The game's id for the docstrings: an id is a plain name by the grammar; a folder
    without a `game` (an error, whose engine is still generated) shows its package name."""
    return model.name if _PLAIN_NAME.fullmatch(model.name) else package_name(model)


def _must_compile(text: str, name: str) -> None:
    """The last guard before a generated module leaves the emitter: it compiles on its own
    (no inherited `__future__` flags). Input reaches generated code only as literals, so a
    failure here is a bug in ludex, never a finding; nothing is written."""
    try:
        compile(text, name, "exec", dont_inherit=True)
    except (SyntaxError, ValueError) as err:
        raise AssertionError(f"ludex generated {name}, which does not compile: {err}") from err


def _tidy(text: str) -> str:
    """No trailing spaces, at most two blank lines in a row, one newline at the end."""
    lines = [line.rstrip() for line in text.split("\n")]  # not splitlines: see comment_text
    text = re.sub(r"\n{4,}", "\n\n\n", "\n".join(lines))
    return text.strip("\n") + "\n"


def engine_files(comp: Compilation, model: GameModel,
                 emitter: Callable[..., dict[str, str]] | None = None) -> dict[str, str]:
    """One game's package, emitted once per compilation (by `emitter`, else `emit_game`)
    and kept on it, `comp.engines`: the examples' run and the build read the same files."""
    key = model.source.folder
    if key not in comp.engines:
        comp.engines[key] = (emitter or emit_game)(model)
    return comp.engines[key]


def emit(comp: Compilation) -> dict[str, str]:
    """`{"<game>/<module>.py": source}` for every game of the compilation."""
    out: dict[str, str] = {}
    for model in comp.models:
        package = package_name(model)
        for name, text in engine_files(comp, model).items():
            out[f"{package}/{name}"] = text
    return out


def iter_rule_functions(module: Any) -> Iterator[Callable[..., Any]]:
    """Every function a generated `rules` module defines (for tests and tools)."""
    for name in sorted(vars(module)):
        value = getattr(module, name)
        if callable(value) and getattr(value, "__module__", None) == module.__name__ and \
                not isinstance(value, type):
            yield value
