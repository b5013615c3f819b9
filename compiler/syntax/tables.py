"""The grammar's LALR tables, shipped beside the grammar (`grammar/ludex.tables.json`).

Compiling `ludex.lark` into LALR tables costs a cold process about a third of a second,
which every first check in a fresh checkout (a CI run, a pull request) would pay. The
tables are written once, by the developer who changes the grammar:

    python -m ludex.syntax.tables

and read by the parser (`parse._parser`) when they were made from the very grammar text
it holds, by the installed Lark's version (the file records both); otherwise they are
ignored and the grammar is compiled as before, so stale tables cost time, never
correctness. `tests/test_syntax.py` fails while the shipped tables are stale. (Lark
numbers the parser's states in an order that varies from one process to the next, so
the file is written again only when the grammar changes, and the check compares what it
was made from, not its bytes.)
"""

from __future__ import annotations

import hashlib
import json
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

import lark
from lark import Lark
from lark.grammar import Rule
from lark.lexer import TerminalDef

from .indent import LudexIndenter

TABLES_NAME = "ludex.tables.json"


def grammar_text() -> str:
    """The grammar source, as shipped in the package (read through this one accessor)."""
    return resources.files("ludex.grammar").joinpath("ludex.lark").read_text("utf-8")


def compile_grammar(text: str | None = None) -> Lark:
    """The grammar compiled by Lark (LALR, contextual lexer, our indenter)."""
    return Lark(text if text is not None else grammar_text(), parser="lalr",
                lexer="contextual", postlex=LudexIndenter(), propagate_positions=False,
                maybe_placeholders=False, start="start")


def grammar_digest(text: str) -> str:
    """What the tables were made from: the grammar's text."""
    return hashlib.sha256(text.encode()).hexdigest()


def read() -> dict[str, Any] | None:
    """The shipped tables file, whatever it was made from (None: absent or damaged)."""
    try:
        raw = folder().joinpath(TABLES_NAME).read_bytes()
        tables: dict[str, Any] = json.loads(raw, object_hook=int_keys)
    except (OSError, ValueError):
        return None
    return tables if isinstance(tables, dict) else None


def serialise(parser: Lark) -> dict[str, Any]:
    """A compiled grammar's tables as JSON-ready data (the indenter is ours, given back
    at load: it is not part of the tables)."""
    data, memo = parser.memo_serialize([TerminalDef, Rule])
    data["options"] = {k: v for k, v in data["options"].items() if k != "postlex"}
    return {"data": data, "memo": memo}


def int_keys(obj: dict[str, Any]) -> dict[Any, Any]:
    """JSON writes the tables' numbered states and memo entries with string keys."""
    return {int(k) if k.isdigit() else k: v for k, v in obj.items()}


def folder() -> Traversable:
    """Where the grammar is shipped, and its tables beside it."""
    return resources.files("ludex.grammar")


def shipped(text: str) -> dict[str, Any] | None:
    """The shipped tables, if they were made from `text` by this version of Lark."""
    tables = read()
    if tables is None or tables.get("grammar") != grammar_digest(text) or \
            tables.get("lark") != lark.__version__:
        return None
    return tables


def write(parser: Lark, text: str, folder: Path) -> Path:
    """Write the tables of `parser` (compiled from `text`) into `folder`."""
    out = {"grammar": grammar_digest(text), "lark": lark.__version__, **serialise(parser)}
    path = folder / TABLES_NAME
    path.write_text(json.dumps(out, sort_keys=True, separators=(",", ":")) + "\n",
                    encoding="utf-8")
    return path


def main() -> None:
    """Compile the grammar and write its tables beside it, in the source tree."""
    text = grammar_text()
    print(write(compile_grammar(text), text, Path(str(folder()))))


if __name__ == "__main__":
    main()
