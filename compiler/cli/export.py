"""`ludex export`: the resolved AST as JSON (`--json`), its schema (`--schema`), or every
kind's JSON Schema (`--kinds`)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ..backends.export import ast_schema, export_json, kind_schemas
from ..backends.write import write_atomic
from ..pipeline import compile_paths
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
    parser.add_argument("-o", "--output", type=Path, help="write to this file, not stdout")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.schema:
        sys.stdout.write(json.dumps(ast_schema(), indent=2) + "\n")
        return OK
    if not (args.json or args.kinds):
        print("ludex export: choose what: --json, --kinds (or --schema)", file=sys.stderr)
        return USAGE
    comp = compile_paths(args.paths, checks=False)
    if report_errors(comp):
        return FINDINGS
    if args.kinds:
        text = json.dumps(kind_schemas(comp), ensure_ascii=False, indent=2) + "\n"
    else:
        text = json.dumps(export_json(comp), ensure_ascii=False, separators=(",", ":")) + "\n"
    if args.output:
        write_atomic(args.output, text)
    else:
        sys.stdout.write(text)
    return OK
