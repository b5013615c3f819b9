"""The engine API page: every public name of `ludex.runtime` (its `__all__`), with its
signature and docstring, and the public methods and properties of each class.

The page is written by the build, like every other page, from the runtime it ships
with: objects are read with `inspect` (signatures, docstrings) and the module-level
names that carry no docstring (a constant, a type alias) with `ast`, from the comment
above their assignment. Nothing is imported but the runtime itself, and nothing of the
build's machine shows (a default's memory address is dropped), so the page has the same
bytes on every build of one version.

Docstrings are plain text with `code` in backticks, as the runtime writes them: each
becomes escaped Markdown (`escape`), a backticked public name a link to its entry, an
indented block or a `>>>` example a fenced code block (the examples are the ones the
tests run).
"""

from __future__ import annotations

import ast
import inspect
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

from markupsafe import Markup

from ... import runtime
from .escape import fence, literal, md

WIDTH = 88  # a signature longer than this is shown one parameter a line
# The small game the runtime's examples play (the tests build it as the package `duel`).
EXAMPLE_GAME = Path(__file__).parent.parent / "templates" / "site" / "duel.ludex"


@dataclass(frozen=True, slots=True)
class Entry:
    """One documented name: `name` as it is written (`Match.apply`), its kind, its
    signature as code (or nothing), its docstring as Markdown blocks, its members."""

    name: str
    kind: str
    signature: str
    doc: tuple[Markup, ...]
    members: tuple[Entry, ...] = ()
    summary: Markup = Markup()

    @property
    def anchor(self) -> str:
        return anchor(self.name)


class _Shown:
    """An annotation as its source wrote it (the runtime postpones annotations, so
    `inspect` holds them as strings, which a signature would print quoted)."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return self.text


def signature(name: str, obj: Callable[..., Any], drop_self: bool = False) -> str:
    """`name(params) -> returns` as the code reads, wrapped one parameter a line when long."""
    sig = inspect.signature(obj)
    params = list(sig.parameters.values())[1 if drop_self else 0:]

    def shown(annotation: Any) -> Any:
        return _Shown(annotation) if isinstance(annotation, str) else annotation

    sig = sig.replace(parameters=[p.replace(annotation=shown(p.annotation)) for p in params],
                      return_annotation=shown(sig.return_annotation))
    text = re.sub(r" at 0x[0-9a-fA-F]+", "", str(sig))
    if len(name) + len(text) <= WIDTH:
        return name + text
    returns = text[text.rindex(")") + 1:]
    return f"{name}(\n" + "".join(f"    {p},\n" for p in _with_markers(sig)) + ")" + returns


def _with_markers(sig: inspect.Signature) -> list[str]:
    """The parameters as `str(signature)` writes them, the `/` and `*` markers included."""
    params = list(sig.parameters.values())
    out = []
    for i, param in enumerate(params):
        if param.kind is param.KEYWORD_ONLY and not any(
                p.kind in (p.VAR_POSITIONAL, p.KEYWORD_ONLY) for p in params[:i]):
            out.append("*")
        out.append(re.sub(r" at 0x[0-9a-fA-F]+", "", str(param)))
        if param.kind is param.POSITIONAL_ONLY and (
                i + 1 == len(params) or params[i + 1].kind is not param.POSITIONAL_ONLY):
            out.append("/")
    return out


def _own_doc(obj: Any) -> str:
    """The object's own docstring (not one inherited from `object` or `typing`)."""
    doc = obj.__dict__.get("__doc__") if isinstance(obj, type) else getattr(obj, "__doc__", None)
    return inspect.cleandoc(doc) if isinstance(doc, str) else ""


def _ours(obj: Any) -> bool:
    return str(getattr(obj, "__module__", "")).startswith(runtime.__name__)


def _class_line(cls: type) -> str:
    """`Match(defs: ..., *, ...)`, how a class is made; for an exception or a protocol,
    which a caller does not make, `class Illegal(RuleError)`: what it is."""
    if issubclass(cls, BaseException) or getattr(cls, "_is_protocol", False):
        bases = ", ".join(b.__name__ for b in cls.__bases__)
        return f"class {cls.__name__}({bases})"
    made = signature(cls.__name__, cls)
    return made.removesuffix(" -> None")


def _members(cls: type) -> Iterator[tuple[str, str, Callable[..., Any], bool]]:
    """The public methods and properties a class defines or takes from the runtime's
    classes it is built of, its own first, each in the order of its source: (name as
    shown, kind, function, whether it takes the instance first)."""
    seen: set[str] = set()
    protocol = bool(getattr(cls, "_is_protocol", False))
    for klass in cls.__mro__:
        if not _ours(klass):
            continue
        for name, value in vars(klass).items():
            if name in seen or (name.startswith("_") and not (protocol and name == "__call__")):
                continue
            seen.add(name)
            shown = f"{cls.__name__}.{name}"
            if isinstance(value, property) and value.fget is not None:
                yield shown, "property", value.fget, True
            elif isinstance(value, (staticmethod, classmethod)):
                yield shown, type(value).__name__, value.__func__, \
                    isinstance(value, classmethod)
            elif inspect.isfunction(value):
                yield shown, "method", value, True


def _member(shown: str, kind: str, func: Callable[..., Any], bound: bool,
            known: frozenset[str]) -> Entry:
    if kind == "property":
        returns = inspect.signature(func).return_annotation
        line = f"{shown}: {returns}" if isinstance(returns, str) else shown
    else:
        line = signature(shown, func, drop_self=bound)
    return Entry(shown, kind, line, blocks(_own_doc(func), known))


def _functions(module: ModuleType) -> Iterator[tuple[str, Callable[..., Any]]]:
    """A module's public functions, in the order of its source."""
    prefix = module.__name__.rpartition(".")[2]
    for name, value in vars(module).items():
        if not name.startswith("_") and inspect.isfunction(value) and \
                value.__module__ == module.__name__:
            yield f"{prefix}.{name}", value


def _assigned(name: str) -> tuple[str, str]:
    """A module-level name of the runtime with no docstring of its own (a constant, a
    type alias): its assignment as written, and the comment just above it."""
    for path in sorted(Path(runtime.__file__).parent.glob("*.py")):
        lines = path.read_text("utf-8").splitlines()
        for node in ast.parse("\n".join(lines)).body:
            target = node.target if isinstance(node, ast.AnnAssign) else \
                node.targets[0] if isinstance(node, ast.Assign) and len(node.targets) == 1 \
                else None
            if isinstance(target, ast.Name) and target.id == name:
                above: list[str] = []
                row = node.lineno - 2
                while row >= 0 and lines[row].lstrip().startswith("#"):
                    above.insert(0, lines[row].lstrip()[1:].strip())
                    row -= 1
                code = "\n".join(lines[node.lineno - 1:node.end_lineno or node.lineno])
                return code, " ".join(above)
    raise LookupError(f"ludex.runtime exports {name}, which no module of it assigns")


def _public() -> list[str]:
    """`ludex.runtime.__all__`, constants first, then alphabetical."""
    return sorted(runtime.__all__, key=lambda n: (not n.isupper(), n.lower(), n))


def documented() -> frozenset[str]:
    """Every name the page has an entry for, members included (`Game.act`)."""
    names = set(_public())
    for name in _public():
        obj = getattr(runtime, name)
        if inspect.ismodule(obj):
            names.update(shown for shown, _ in _functions(obj))
        elif isinstance(obj, type) and _ours(obj):
            names.update(shown for shown, *_ in _members(obj))
    return frozenset(names)


def overview() -> tuple[Markup, ...]:
    """`ludex.runtime`'s own docstring, as blocks: the page's introduction."""
    return blocks(_own_doc(runtime), documented())


def example_game() -> Markup:
    """The example game's source, as a code block."""
    return fence(EXAMPLE_GAME.read_text("utf-8").rstrip("\n"), "ludex")


@cache
def entries() -> tuple[Entry, ...]:
    """Every public name of `ludex.runtime`, with its members."""
    known = documented()
    out = []
    for name in _public():
        obj = getattr(runtime, name)
        if inspect.ismodule(obj):
            entry = Entry(name, "module", "", (), tuple(
                Entry(shown, "function", signature(shown, func), blocks(_own_doc(func), known))
                for shown, func in _functions(obj)))
            doc = _own_doc(obj)
        elif isinstance(obj, type) and _ours(obj) and obj.__name__ == name:
            kind = "exception" if issubclass(obj, BaseException) else "class"
            doc = _own_doc(obj)
            entry = Entry(name, kind, _class_line(obj), (),
                          tuple(_member(*m, known) for m in _members(obj)))
        elif inspect.isfunction(obj) and obj.__name__ == name:
            doc = _own_doc(obj)
            entry = Entry(name, "function", signature(name, obj), ())
        else:  # a constant, a type alias, another name for a class
            code, doc = _assigned(name)
            kind = "constant" if name.isupper() else "alias" if isinstance(obj, type) \
                and obj.__name__ != "Any" else "type"
            entry = Entry(name, kind, code, ())
        out.append(replace(entry, doc=blocks(doc, known), summary=inline(_first(doc), known)))
    return tuple(out)


def _first(doc: str) -> str:
    """A docstring's first sentence: its summary."""
    para = " ".join(doc.split("\n\n", 1)[0].split())
    end = re.search(r"\.(\s|$)", para)
    return para[:end.start() + 1] if end else para


# ------------------------------------------------------------------ docstrings

def blocks(doc: str, known: frozenset[str]) -> tuple[Markup, ...]:
    """A docstring as Markdown blocks: paragraphs, lists and code, every text escaped."""
    out: list[Markup] = []
    lines = doc.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            i += 1
        elif line.startswith((" ", ">>>")):
            code, i = _code(lines, i)
            lang = "pycon" if code.lstrip().startswith(">>>") else "python"
            out.append(fence(code, lang))
        else:
            para = [line]
            i += 1
            while i < len(lines) and lines[i].strip() and (
                    not lines[i].startswith((" ", ">>>")) or  # a list item goes on indented
                    line.startswith("- ") and not lines[i].startswith("    ")):
                para.append(lines[i])
                i += 1
            out.append(_paragraph(para, known))
    return tuple(out)


def _code(lines: list[str], i: int) -> tuple[str, int]:
    """An indented block or a doctest, up to the next text line (or blank line, for a
    doctest at the margin); dedented."""
    start, doctest_block = i, not lines[i].startswith(" ")
    while i < len(lines) and (lines[i].startswith(" ") or (
            doctest_block and lines[i].strip()) or (
            not lines[i].strip() and not doctest_block and i + 1 < len(lines)
            and lines[i + 1].startswith(" "))):
        i += 1
    text = "\n".join(lines[start:i])
    return inspect.cleandoc(text) if not doctest_block else text, i


def _paragraph(lines: list[str], known: frozenset[str]) -> Markup:
    """A paragraph, or a list when its lines start with `- `."""
    if not lines[0].startswith("- "):
        return inline(" ".join(lines), known)
    items: list[str] = []
    for line in lines:
        if line.startswith("- "):
            items.append(line[2:])
        else:
            items[-1] += " " + line.strip()
    return Markup("\n".join(Markup("- ") + inline(item, known) for item in items))


def inline(text: str, known: frozenset[str]) -> Markup:
    """Text with `code` spans: the text escaped, the spans code, a documented name a
    link to its entry (an attribute, `Match.game`, to its owner's)."""
    out = Markup()
    for n, part in enumerate(re.split(r"`([^`]+)`", text)):
        if n % 2 == 0:
            out += md(part)
        elif re.fullmatch(r"[\w.]+", part) and part.partition(".")[0] in known:
            target = part if part in known else part.partition(".")[0]
            out += Markup(f"[{literal(part)}](#{anchor(target)})")
        else:
            out += literal(part)
    return out


def anchor(name: str) -> str:
    """An entry's anchor: `api-` and its name, dots as dashes (HTML ids keep case, so
    `GAME` and `Game` stay apart), a dunder's underscores dropped (`__call__` would read
    as bold in the heading's attribute list)."""
    return "api-" + "-".join(part.strip("_") for part in name.split("."))
