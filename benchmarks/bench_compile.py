"""Compile-speed benchmark: N small card declarations through each stage.

    .venv/bin/python benchmarks/bench_compile.py [N]      (default 30000)

Writes a generated game to a temporary folder, then times: parsing to the
typed AST (Lark LALR, AST built in the parser callbacks), resolution and
JSON Schema validation, the consistency checks, and, for comparison,
json.load plus jsonschema validation of the same cards as JSON.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path

from jsonschema import Draft202012Validator
from ludex.checks import run_checks
from ludex.core.diagnostics import Diagnostics
from ludex.pipeline import parse_game
from ludex.semantics.resolve import build_symbols, link_bases, resolve_game
from ludex.semantics.schema import instance_data, kind_schema, validate_game
from ludex.syntax import ast
from ludex.syntax.load import load

HEADER = '''game bench "Benchmark":
  > A generated game of many cards.
kind card "Card":
  field cost: int 0..20
  field power: int 0..20
  field school: one of fire, water, earth, air
  field text: text
  field tags: list of text 0..3
'''
CARD = '''card c{i} "Card {i}":
  cost: {cost}
  power: {power}
  school: {school}
  text: "Deal {power} damage to any target; draw a card if it was a {school} card."
  tags: ["common", "set {s}"]
  > Card {i} is a {school} card of the benchmark set.
'''
SCHOOLS = ("fire", "water", "earth", "air")


def generate(folder: Path, n: int) -> int:
    cards = "".join(CARD.format(i=i, cost=i % 21, power=(i * 7) % 21, school=SCHOOLS[i % 4],
                                s=i % 9) for i in range(n))
    text = HEADER + cards
    (folder / "cards.ludex").write_text(text, encoding="utf-8")
    return len(text.encode())


def timed(label: str, fn, results: dict[str, float]):  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    value = fn()
    results[label] = time.perf_counter() - start
    return value


def main(n: int) -> dict[str, float]:
    results: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "bench"
        folder.mkdir()
        size = generate(folder, n)
        diags = Diagnostics()
        games = load([folder], diags)
        source = timed("parse to typed AST", lambda: parse_game(games[0], diags), results)
        model = build_symbols(source, diags)
        link_bases([model], diags)
        timed("resolve", lambda: resolve_game(model, diags), results)
        timed("validate cards (jsonschema)", lambda: validate_game(model, diags), results)
        timed("consistency checks", lambda: run_checks([model]), results)
        assert not diags.has_errors, list(diags)[:3]
        kind = next(d for d in model.decls() if isinstance(d, ast.Kind))
        cards = [instance_data(d) for d in model.decls() if isinstance(d, ast.Instance)]
        data = Path(tmp) / "cards.json"
        data.write_text(json.dumps(cards), encoding="utf-8")
        validator = Draft202012Validator(kind_schema(kind, "bench"))

        def baseline() -> None:
            for card in json.loads(data.read_text("utf-8")):
                validator.validate(card)

        timed("baseline: json.load + jsonschema", baseline, results)
    print(f"{n} cards, {size / 1e6:.1f} MB of .ludex")
    for label, seconds in results.items():
        print(f"  {label:<36} {seconds:7.2f} s")
    return results


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 30_000)
