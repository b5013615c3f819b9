"""The layout is the pipeline, and the imports keep it so.

`compiler/` has one folder per stage; a module may import its own stage and the
stages before it, never a later one (`LAYERS`, in the order data flows). The runtime
that generated engines import stands apart: it imports nothing else of ludex. There
is no import cycle between modules (imports under `if TYPE_CHECKING:` name types and
never run, so they do not count), and no import of ours hides behind `except
ImportError` or `importlib`. The test reads the source with `ast`, so it sees imports
inside functions too.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from .conftest import ROOT

PACKAGE = ROOT / "compiler"
LAYERS = ("core", "syntax", "semantics", "checks", "backends", "verify", "pipeline", "lsp",
          "cli")  # lsp: the language server answers from the pipeline; the cli starts it
ROOT_FILES = {"__init__.py", "__main__.py", "pipeline.py"}
# The two places that import generated code on purpose: the contained child, and the
# in-process loader kept for tests and tools.
# Modules that load generated packages by name: the example runners, and the runtime's
# definitions, which unpickle as a reference to the package that declares them.
IMPORTLIB_ALLOWED = {"verify/sandbox/child.py", "verify/sandbox/runner.py",
                     "verify/examples.py", "runtime/defs.py"}
READING = {"importlib.resources", "importlib.resources.abc", "importlib.metadata"}


def module_name(path: Path, root: Path = PACKAGE) -> str:
    parts = ("ludex", *path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _type_only(tree: ast.AST) -> set[int]:
    """The ids of the imports under `if TYPE_CHECKING:`: they name types, never run."""
    return {id(n) for node in ast.walk(tree) if isinstance(node, ast.If)
            and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"
            for stmt in node.body for n in ast.walk(stmt)}


def imports(path: Path, types: bool = True,
            root: Path = PACKAGE) -> Iterator[tuple[int, str]]:
    """(line, absolute module) for every import of ludex in `path` (`types`: those under
    `if TYPE_CHECKING:` too)."""
    package = module_name(path, root).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    tree = ast.parse(path.read_text("utf-8"))
    skip = set() if types else _type_only(tree)
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            if module == "ludex" or module.startswith("ludex."):
                for alias in node.names:
                    full = f"{module}.{alias.name}"
                    yield node.lineno, full if (PACKAGE / Path(*full.split(".")[1:])).exists() \
                        or (PACKAGE / (Path(*full.split(".")[1:]).as_posix() + ".py")).exists() \
                        else module
        elif isinstance(node, ast.Import):
            yield from ((node.lineno, a.name) for a in node.names if a.name.startswith("ludex"))


def stage(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else None


SOURCES = sorted(p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts)


def test_the_root_holds_only_the_pipeline() -> None:
    files = {p.name for p in PACKAGE.iterdir() if p.is_file()}
    folders = {p.name for p in PACKAGE.iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert files == ROOT_FILES
    assert folders == set(LAYERS) - {"pipeline"} | {"runtime"}


@pytest.mark.parametrize("path", SOURCES, ids=[p.relative_to(PACKAGE).as_posix() for p in SOURCES])
def test_imports_run_down_the_pipeline(path: Path) -> None:
    assert backwards(path) == []


def backwards(path: Path, root: Path = PACKAGE) -> list[str]:
    """The imports of `path` that reach a later stage (or leave the runtime)."""
    mine = stage(module_name(path, root))
    wrong = []
    for line, module in imports(path, root=root):
        theirs = stage(module)
        if theirs is None or theirs == mine or theirs not in (*LAYERS, "runtime"):
            continue
        if mine == "runtime" or (theirs != "runtime" and mine in LAYERS and
                                 LAYERS.index(theirs) > LAYERS.index(mine)):
            wrong.append(f"line {line}: {mine} imports {module}")
    return wrong


def test_the_runtime_imports_nothing_else_of_ludex() -> None:
    outside = [f"{p.name}: {m}" for p in (PACKAGE / "runtime").rglob("*.py")
               for _, m in imports(p) if not m.startswith("ludex.runtime")]
    assert outside == []


def test_no_import_cycles() -> None:
    modules = {module_name(p): p for p in SOURCES}
    graph = {m: {i for _, i in imports(p, types=False) if i in modules and i != m}
             for m, p in modules.items()}
    cycles = _cycles(graph)
    assert cycles == []


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_hidden_imports() -> None:
    hidden = []
    for path in SOURCES:
        rel = path.relative_to(PACKAGE).as_posix()
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Try) and any(
                    isinstance(h.type, ast.Name) and h.type.id in ("ImportError",
                                                                   "ModuleNotFoundError")
                    for h in node.handlers) and _imports_ludex(node.body):
                hidden.append(f"{rel}:{node.lineno}: except ImportError")
            if isinstance(node, (ast.Import, ast.ImportFrom)) and rel not in IMPORTLIB_ALLOWED:
                names = [a.name for a in node.names] + [getattr(node, "module", None) or ""]
                # `resources` reads package data and `metadata` installed versions (the
                # build memo's): neither imports a module by name
                if any(n.split(".")[0] == "importlib" and n not in READING and
                       not (isinstance(node, ast.ImportFrom) and node.module == "importlib"
                            and {a.name for a in node.names} <= {"resources", "metadata"})
                       for n in names):
                    hidden.append(f"{rel}:{node.lineno}: importlib")
    assert hidden == []


def _imports_ludex(body: list[ast.stmt]) -> bool:
    """Does this block import a module of ludex? (A platform check such as `import
    resource` under `except ImportError` hides nothing of ours.)"""
    return any(isinstance(n, ast.ImportFrom) and (n.level or (n.module or "").startswith(
        "ludex")) or isinstance(n, ast.Import) and any(a.name.startswith("ludex")
                                                       for a in n.names)
               for stmt in body for n in ast.walk(stmt))


def test_a_backwards_import_is_caught(tmp_path: Path) -> None:
    """The layer test is not vacuous: a checks module importing a back end fails it."""
    bad = tmp_path / "checks" / "probe.py"  # as if it stood in compiler/checks/
    bad.parent.mkdir()
    bad.write_text("from ..backends import report\n", encoding="utf-8")
    assert backwards(bad, tmp_path) == ["line 1: checks imports ludex.backends.report"]


def test_diagnostic_codes_are_named_by_constant() -> None:
    """A code is `Code.UNRESOLVED`, never the string "E301", outside the registry."""
    import re

    bare = [f"{p.relative_to(PACKAGE)}:{n.lineno}: {n.value}" for p in SOURCES
            if p.relative_to(PACKAGE).as_posix() != "core/codes.py"
            for n in ast.walk(ast.parse(p.read_text("utf-8")))
            if isinstance(n, ast.Constant) and isinstance(n.value, str)
            and re.fullmatch(r"[EWN]\d{3}", n.value)]
    assert bare == []


MAX_MODULE_LINES, MAX_CLASS_LINES = 420, 300  # "about 400" and "about 300"


def test_no_module_or_class_is_too_long() -> None:
    long = [f"{p.relative_to(PACKAGE)}: {n} lines" for p in SOURCES
            if (n := len(p.read_text("utf-8").splitlines())) > MAX_MODULE_LINES]
    long += [f"{p.relative_to(PACKAGE)}: class {c.name}, {c.end_lineno - c.lineno + 1} lines"
             for p in SOURCES for c in ast.walk(ast.parse(p.read_text("utf-8")))
             if isinstance(c, ast.ClassDef) and c.end_lineno is not None
             and c.end_lineno - c.lineno + 1 > MAX_CLASS_LINES]
    assert long == []
