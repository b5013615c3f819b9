"""The check benchmark: `ludex check` against plain JSON validated by jsonschema.

    .venv/bin/python benchmarks/bench_check.py [--sizes 3000,30000,300000] [--no-flagship]
                                               [--out benchmarks/results.json]

For each size it writes a synthetic game to a temporary folder: N cards (the card
shape of `bench_compile.py`, at most 30,000 to a file), one rule per 50 cards that
names two of them and the stat they hold, prose on every card and rule; and the same
cards as JSON with their kind's JSON Schema (what `ludex export --kinds` prints).
Every figure is one whole process (run by a helper process of its own), timed by the
wall clock and by the CPU time the kernel counts for it (steadier on a busy machine),
its peak memory the kernel's `ru_maxrss`:

- `ludex check` cold (no `.ludex_cache/`), warm (nothing changed) and warm after
  editing one card;
- the baseline: `json.load` plus `jsonschema` `iter_errors` on every card (every
  error reported, as `ludex check` does), and the ratio;
- the same game with its cards in a spreadsheet (`card.cards.csv`, issue 14) checked
  cold, and its ratio to the same baseline;
- the flagship corpus (`rules/` as last committed): `ludex check` cold and warm, `ludex build`,
  a no-change `ludex build --check`, and `ludex --help` (best of three each).

The figures go to `--out` as JSON (with the date and the machine); the run before,
read from there first, is printed beside each figure. Each target of issue 12 is
printed as met or missed. Nothing here runs in the test suite (`tests/test_bench.py`
runs a bounded slice of it).
"""

from __future__ import annotations

import argparse
import csv
import datetime
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
LUDEX = str(BIN / "ludex")
PER_FILE = 30_000
RULE_EVERY = 50
HEADER = '''game bench "Benchmark":
  > A generated game of many cards, rules and prose.
kind card "Card":
  field cost: int 0..20
  field power: int 0..20
  field school: one of fire, water, earth, air
  field text: text
  field tags: list of text 0..3
stat charge "Charge":
  > Each card holds some Charge.
  per: card
  range: 0..20
'''
CARD = '''card c{i} "Card {i}":
  cost: {cost}
  power: {power}
  school: {school}
  text: "Deal {power} damage to any target; draw a card if it was a {school} card."
  tags: ["common", "set {s}"]
  > Card {i} is a {school} card of the benchmark set.
'''
RULE = '''rule r{j} "Rule {j}":
  > When Card {a} is played, it loses 1 Charge and Card {b} gains 1 Charge.
  when: action
  effect:
    lose 1 charge from c{a}
    gain 1 charge to c{b}
'''
SCHOOLS = ("fire", "water", "earth", "air")
BASELINE = '''import json, sys
from jsonschema import Draft202012Validator
schema = json.load(open(sys.argv[1], encoding="utf-8"))
validator = Draft202012Validator(schema)
errors = [e for card in json.load(open(sys.argv[2], encoding="utf-8"))
          for e in validator.iter_errors(card)]
print(len(errors), "errors")
'''


def card(i: int) -> dict[str, Any]:
    return {"cost": i % 21, "power": (i * 7) % 21, "school": SCHOOLS[i % 4],
            "text": f"Deal {(i * 7) % 21} damage to any target; draw a card if it was a "
                    f"{SCHOOLS[i % 4]} card.", "tags": ["common", f"set {i % 9}"]}


def card_text(i: int) -> str:
    c = card(i)
    return CARD.format(i=i, cost=c["cost"], power=c["power"], school=c["school"], s=i % 9)


def generate(folder: Path, n: int) -> dict[str, Any]:
    """The game of `n` cards in `folder/game`, its cards as JSON beside it; sizes in bytes."""
    game = folder / "game"
    game.mkdir(parents=True)
    (game / "game.ludex").write_text(HEADER, encoding="utf-8")
    size = len(HEADER)
    for start in range(0, n, PER_FILE):
        stop = min(n, start + PER_FILE)
        parts = [card_text(i) for i in range(start, stop)]
        parts += [RULE.format(j=j, a=j * RULE_EVERY, b=min(stop - 1, j * RULE_EVERY + 1))
                  for j in range(start // RULE_EVERY, (stop + RULE_EVERY - 1) // RULE_EVERY)]
        text = "".join(parts)
        (game / f"cards_{start // PER_FILE:03d}.ludex").write_text(text, encoding="utf-8")
        size += len(text.encode())
    cards = folder / "cards.json"
    cards.write_text(json.dumps([card(i) for i in range(n)]), encoding="utf-8")
    sheet(folder / "sheet", n)
    return {"cards": n, "rules": (n + RULE_EVERY - 1) // RULE_EVERY, "ludex_bytes": size,
            "json_bytes": cards.stat().st_size}


def sheet(game: Path, n: int) -> None:
    """The same game with its cards in one spreadsheet (`card.cards.csv`) and its rules in
    a `.ludex` file beside it."""
    game.mkdir()
    (game / "game.ludex").write_text(HEADER, encoding="utf-8")
    (game / "rules.ludex").write_text("".join(
        RULE.format(j=j, a=j * RULE_EVERY, b=min(n - 1, j * RULE_EVERY + 1))
        for j in range((n + RULE_EVERY - 1) // RULE_EVERY)), encoding="utf-8")
    with open(game / "card.cards.csv", "w", newline="", encoding="utf-8") as file:
        out = csv.writer(file)
        out.writerow(["id", "title", "cost", "power", "school", "text", "tags", "prose"])
        for i in range(n):
            c = card(i)
            out.writerow([f"c{i}", f"Card {i}", c["cost"], c["power"], c["school"], c["text"],
                          "; ".join(c["tags"]),
                          f"Card {i} is a {c['school']} card of the benchmark set."])


def schema(folder: Path) -> Path:
    """The card kind's JSON Schema, as `ludex export --kinds` prints it for a one-card game."""
    tiny = folder / "tiny"
    tiny.mkdir()
    (tiny / "game.ludex").write_text(HEADER + card_text(0), encoding="utf-8")
    out = subprocess.run([LUDEX, "export", "--kinds", str(tiny)], capture_output=True,
                         text=True, check=True, cwd=folder).stdout
    path = folder / "card.schema.json"
    path.write_text(json.dumps(json.loads(out)["bench.card"]), encoding="utf-8")
    return path


def measure(cmd: list[str], cwd: Path) -> dict[str, Any]:
    """`cmd` run by a fresh helper process that reports the child's own peak memory."""
    probe = ("import json, os, resource, subprocess, sys, time\n"
             "start = time.perf_counter()\n"
             "p = subprocess.run(sys.argv[1:], capture_output=True, text=True)\n"
             "wall = time.perf_counter() - start\n"
             "use = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
             "out = (p.stdout + p.stderr).strip().splitlines()\n"
             "print(json.dumps({'seconds': round(wall, 3), 'peak_mb': round(use.ru_maxrss / 1024,"
             " 1), 'cpu': round(use.ru_utime + use.ru_stime, 3), 'exit': p.returncode,"
             " 'said': out[-1] if out else ''}))\n")
    done = subprocess.run([sys.executable, "-c", probe, *cmd], cwd=cwd, capture_output=True,
                          text=True, check=True)
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def best(cmd: list[str], cwd: Path, times: int = 3,
         before: list[str] | None = None) -> dict[str, Any]:
    """The fastest of `times` runs (`before`, a path, is removed ahead of each)."""
    runs = []
    for _ in range(times):
        for path in before or []:
            shutil.rmtree(cwd / path, ignore_errors=True)
        runs.append(measure(cmd, cwd))
    return min(runs, key=lambda r: r["seconds"])


def edit_one_card(game: Path) -> None:
    """Change one card in the middle of the first card file (its cost), as a designer would."""
    path = game / "cards_000.ludex"
    text = path.read_text("utf-8")
    at = text.index("  cost: ", len(text) // 2)
    end = text.index("\n", at)
    value = int(text[at + 8:end])
    path.write_text(text[:at] + f"  cost: {(value + 1) % 21}" + text[end:], encoding="utf-8")


def bench_size(tmp: Path, n: int) -> dict[str, Any]:
    folder = tmp / f"cards_{n}"
    folder.mkdir()
    figures: dict[str, Any] = {"data": generate(folder, n)}
    check = [LUDEX, "check", "game"]
    shutil.rmtree(folder / ".ludex_cache", ignore_errors=True)
    figures["check_cold"] = measure(check, folder)
    figures["check_warm"] = measure(check, folder)
    edit_one_card(folder / "game")
    figures["check_warm_edited"] = measure(check, folder)
    figures["check_no_cache"] = measure([*check, "--no-cache"], folder) if _has_no_cache() \
        else None
    figures["baseline"] = measure([sys.executable, "-c", BASELINE, str(schema(folder)),
                                   "cards.json"], folder)
    figures["ratio"] = round(figures["check_cold"]["seconds"] /
                             figures["baseline"]["seconds"], 2)
    figures["cpu_ratio"] = round(figures["check_cold"]["cpu"] / figures["baseline"]["cpu"], 2)
    shutil.rmtree(folder / ".ludex_cache", ignore_errors=True)
    figures["csv_cold"] = measure([LUDEX, "check", "sheet"], folder)
    figures["csv_ratio"] = round(figures["csv_cold"]["seconds"] /
                                 figures["baseline"]["seconds"], 2)
    figures["csv_cpu_ratio"] = round(figures["csv_cold"]["cpu"] / figures["baseline"]["cpu"],
                                     2)
    shutil.rmtree(folder)
    return figures


def _has_no_cache() -> bool:
    out = subprocess.run([LUDEX, "check", "--help"], capture_output=True, text=True).stdout
    return "--no-cache" in out


def bench_flagship(tmp: Path) -> dict[str, Any]:
    here = tmp / "flagship"
    here.mkdir()
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "HEAD", "rules"],
                             capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(here)], input=archive, check=True)
    out = ["--engine-dir", "generated", "--site-dir", "site"]
    cache = [".ludex_cache"]
    figures = {
        "help": best([LUDEX, "--help"], here),
        "check_cold": best([LUDEX, "check", "rules"], here, before=cache),
        "check_warm": best([LUDEX, "check", "rules"], here),
        "build_cold": best([LUDEX, "build", "rules", *out], here,
                           before=[*cache, "generated", "site"]),
        "build": best([LUDEX, "build", "rules", *out], here),
        "build_check": best([LUDEX, "build", "--check", "rules", *out], here),
    }
    return figures


def targets(result: dict[str, Any]) -> list[tuple[str, float | None, float, bool | None]]:
    """(target, measured, limit, met) for each target of issue 12 the run measured."""
    sizes, flag = result["sizes"], result.get("flagship") or {}
    rows: list[tuple[str, float | None, float, bool | None]] = []

    def add(name: str, value: float | None, limit: float) -> None:
        rows.append((name, value, limit, None if value is None else value <= limit))

    def timed(name: str, run: dict[str, Any], limit: float) -> None:
        """A time target, judged by the wall clock and by the CPU seconds (on a shared
        machine the wall clock counts other work too)."""
        add(f"{name} (s)", run["seconds"], limit)
        add(f"{name} (s CPU)", run.get("cpu"), limit)

    if "30000" in sizes:
        s = sizes["30000"]
        add("30,000 cards cold: check / baseline (x, wall)", s["ratio"], 2.5)
        add("30,000 cards cold: check / baseline (x, CPU)", s["cpu_ratio"], 2.5)
        add("30,000 cards cold: peak memory (MB)", s["check_cold"]["peak_mb"], 250)
        if "csv_ratio" in s:
            add("30,000-row CSV cold: check / baseline (x, wall)", s["csv_ratio"], 2.5)
            add("30,000-row CSV cold: check / baseline (x, CPU)", s["csv_cpu_ratio"], 2.5)
        timed("30,000 cards warm after one edit", s["check_warm_edited"], 0.5)
    ordered = sorted(sizes, key=int)
    for small, big in zip(ordered, ordered[1:], strict=False):
        if int(big) == 10 * int(small):
            for unit in ("seconds", "cpu"):
                add(f"scaling {int(small):,} -> {int(big):,} cards (x {unit})",
                    round(sizes[big]["check_cold"][unit] /
                          sizes[small]["check_cold"][unit], 2), 11)
    if flag:
        timed("flagship: ludex check rules/ cold", flag["check_cold"], 0.6)
        timed("flagship: ludex check rules/ warm", flag["check_warm"], 0.6)
        timed("flagship: ludex build", flag["build"], 1.5)
        timed("flagship: no-change ludex build --check", flag["build_check"], 0.6)
        timed("flagship: ludex --help", flag["help"], 0.15)
    return rows


def machine() -> dict[str, Any]:
    model = next((line.split(":", 1)[1].strip() for line in
                  Path("/proc/cpuinfo").read_text().splitlines()
                  if line.startswith("model name")), platform.processor()) \
        if Path("/proc/cpuinfo").exists() else platform.processor()
    return {"cpu": model, "cores": os.cpu_count(), "python": platform.python_version(),
            "system": f"{platform.system()} {platform.release()}",
            "load_before": os.getloadavg()[0]}


def show(result: dict[str, Any], last: dict[str, Any] | None) -> None:
    def was(*keys: str) -> str:
        node: Any = last
        for key in keys:
            node = node.get(key) if isinstance(node, dict) else None
        return f"  (last run: {node:.2f})" if isinstance(node, (int, float)) else ""

    print(f"ludex check benchmark, {result['date']}, {result['machine']['cpu']}, "
          f"{result['machine']['cores']} cores, Python {result['machine']['python']}, load "
          f"average {result['machine'].get('load_before', 0):.1f} when it began")
    for n, s in result["sizes"].items():
        d = s["data"]
        print(f"\n{int(n):,} cards, {d['rules']:,} rules: {d['ludex_bytes'] / 1e6:.1f} MB of "
              f".ludex, {d['json_bytes'] / 1e6:.1f} MB of JSON")
        for key in ("check_cold", "check_warm", "check_warm_edited", "check_no_cache",
                    "csv_cold", "baseline"):
            if s.get(key):
                r = s[key]
                print(f"  {key:<18} {r['seconds']:8.2f} s {r['cpu']:7.2f} s CPU "
                      f"{r['peak_mb']:7.1f} MB   {r['said'][:48]}"
                      f"{was('sizes', n, key, 'seconds')}")
        print(f"  {'cold / baseline':<18} {s['ratio']:8.2f} x {s['cpu_ratio']:7.2f} x CPU"
              f"{was('sizes', n, 'ratio')}")
        if "csv_ratio" in s:
            print(f"  {'csv / baseline':<18} {s['csv_ratio']:8.2f} x {s['csv_cpu_ratio']:7.2f} x "
                  f"CPU{was('sizes', n, 'csv_ratio')}")
    if result.get("flagship"):
        print("\nflagship (a copy of rules/), best of three:")
        for key, r in result["flagship"].items():
            said = f": {r['said'][:50]}" if r["exit"] not in (0, None) else ""
            print(f"  {key:<18} {r['seconds']:8.2f} s {r['cpu']:7.2f} s CPU {r['peak_mb']:7.1f} MB"
                  f"   exit {r['exit']}"
                  f"{said}{was('flagship', key, 'seconds')}")
    print("\ntargets:")
    for name, value, limit, met in targets(result):
        verdict = "not measured" if met is None else "met" if met else \
            f"MISSED by {value / limit:.1f}x" if value else "MISSED"
        print(f"  {name:<52} {value if value is not None else '-':>8} <= {limit:<6} {verdict}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="3000,30000,300000",
                        help="card counts, comma-separated (default 3000,30000,300000)")
    parser.add_argument("--no-flagship", action="store_true", help="skip the rules/ figures")
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results.json",
                        help="where the figures go (JSON); the last run is read from there")
    parser.add_argument("--show", type=Path, metavar="FILE",
                        help="print the figures of a run saved in FILE (targets judged again)")
    args = parser.parse_args()
    if args.show:
        saved = json.loads(args.show.read_text("utf-8"))
        saved["targets"] = [{"target": t, "measured": v, "limit": lim, "met": m}
                            for t, v, lim, m in targets(saved)]
        show(saved, None)
        return
    last = json.loads(args.out.read_text("utf-8")) if args.out.exists() else None
    result: dict[str, Any] = {
        "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": machine(), "sizes": {}}
    with tempfile.TemporaryDirectory(prefix="ludex-bench-") as name:
        tmp = Path(name)
        for n in (int(s) for s in args.sizes.split(",") if s.strip()):
            result["sizes"][str(n)] = bench_size(tmp, n)
        if not args.no_flagship:
            result["flagship"] = bench_flagship(tmp)
    result["targets"] = [{"target": t, "measured": v, "limit": lim, "met": m}
                         for t, v, lim, m in targets(result)]
    show(result, last)
    args.out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(f"\nfigures written to {args.out}")


if __name__ == "__main__":
    main()
