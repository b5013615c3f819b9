"""`ludex export`: the resolved AST as JSON (`--json`), its schema (`--schema`), every
kind's JSON Schema and the schema of its card data files (`--kinds`), or the cards of
one kind as card data (`--cards KIND --format csv|tsv|yaml|json`), which reads back
as the same cards: a sheet can make the round trip through Ludex."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ..backends.export import ast_schema, export_json, kind_schemas
from ..backends.write import write_atomic
from ..pipeline import compile_paths
from ..semantics.compilation import Compilation
from ..syntax import ast
from ..syntax.carddata_write import FORMATS, write_cards
from .common import FINDINGS, OK, USAGE, command, report_errors


def add(subparsers: Any) -> None:
    parser = command(subparsers, "export", "write the resolved AST as JSON")
    parser.add_argument("--json", action="store_true",
                        help="JSON output (the only format), valid against ludex's AST schema")
    parser.add_argument("--schema", action="store_true",
                        help="print the AST JSON Schema that --json output follows, and exit")
    parser.add_argument("--kinds", action="store_true",
                        help="the JSON Schema of every kind (card data for other tools), "
                        'as {"game.kind": schema}')
    parser.add_argument("--cards", metavar="KIND",
                        help="the cards (instances) of this kind, as card data "
                        "(KIND is a kind's id, or GAME.KIND)")
    parser.add_argument("--format", choices=FORMATS, default="csv",
                        help="the card data format of --cards (default: csv)")
    parser.add_argument("-o", "--output", type=Path, help="write to this file, not stdout")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.schema:
        sys.stdout.write(json.dumps(ast_schema(), indent=2) + "\n")
        return OK
    if not (args.json or args.kinds or args.cards):
        print("ludex export: choose what: --json, --kinds, --cards KIND (or --schema)",
              file=sys.stderr)
        return USAGE
    comp = compile_paths(args.paths, checks=False)
    if report_errors(comp, args=args, stream=sys.stderr):  # stdout is the data
        return FINDINGS
    if args.cards:
        found = _cards(comp, args.cards)
        if found is None:
            print(f"ludex export: no kind `{args.cards}` in the rules", file=sys.stderr)
            return USAGE
        text = write_cards(*found, args.format)
    elif args.kinds:
        text = json.dumps(kind_schemas(comp), ensure_ascii=False, indent=2) + "\n"
    else:
        text = json.dumps(export_json(comp), ensure_ascii=False, separators=(",", ":")) + "\n"
    if args.output:
        write_atomic(args.output, text)
    else:
        sys.stdout.write(text)
    return OK


def _cards(comp: Compilation, name: str) -> tuple[ast.Kind, list[tuple[str | None,
                                                                     ast.Instance]]] | None:
    """The kind `name` (`kind` or `game.kind`) and its instances, each with the dotted
    path of the section it stands in, in declaration order."""
    for model in comp.models:
        game, _, kind_id = name.rpartition(".")
        if game and game != model.name:
            continue
        kind = next((d for d in model.decls() if isinstance(d, ast.Kind) and d.id == kind_id),
                    None)
        if kind is None:
            continue
        cards = []
        for sym in model.symbols.values():
            if isinstance(sym.decl, ast.Instance) and sym.decl.keyword == kind_id:
                within = sym.qualname.rpartition(".")[0]
                cards.append((within or None, sym.decl))
        return kind, cards
    return None
