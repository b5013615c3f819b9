"""Hostile-input benchmark: small or plain inputs that once took minutes.

    .venv/bin/python benchmarks/bench_hostile.py [CASE ...]    (default: every case)

Cases, each at growing sizes so the growth shows (linear: time doubles when the
input doubles; quadratic: it quadruples):

- `prose`: one prose paragraph of 100, 200 and 400 KB through `ludex check`
  (the term search was quadratic in the paragraph's length);
- `decls`: 5,000, 20,000 and 50,000 declarations through `ludex build` (site
  link and block rendering were quadratic in the number of declarations);
- `die`: `faces: 1..10000000` through `ludex build` (was 139 s and 3.3 GB; now E207);
- `track`: a track `0..1000000000` whose example gains 10^9, through `ludex check`
  (hung; now E207).

Each run writes the game to a temporary folder, runs the command in-process
(imports already warm) and prints its input size, seconds and exit code.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from ludex.cli.main import main as ludex

PROSE_SIZES = (100_000, 200_000, 400_000)
DECL_COUNTS = (5_000, 20_000, 50_000)
SENTENCE = ("When the Master Plan of the Tower of L.A.W. moves, each Faction token on the "
            "upper Vengeance Track gains one Resource; see Smuggler's Hideout (p. 12). ")


def prose_game(size: int) -> str:
    """A game whose one rule has a paragraph of about `size` bytes, on `>` lines."""
    lines, total = [], 0
    while total < size:
        lines.append("  > " + SENTENCE.strip())
        total += len(SENTENCE)
    return 'game hostile "Hostile":\n  page: 1\n\nrule long "Long":\n' + "\n".join(lines) + "\n"


def decls_game(count: int) -> str:
    """`count` rules, each with prose naming a stat and another rule, and an effect."""
    head = 'game hostile "Hostile":\n  > Many rules.\n\nstat coin "Coin":\n  range: 0..99\n\n'
    rules = "".join(
        f'rule r{i} "Rule {i}":\n  > Gain one Coin, then apply Rule {(i + 1) % count}.\n'
        f"  effect: gain 1 coin\n\n" for i in range(count))
    return head + rules


def die_game() -> str:
    return 'game hostile "Hostile":\n  page: 1\n\ndie x "X":\n  faces: 1..10000000\n'


def track_game() -> str:
    return ('game hostile "Hostile":\n  page: 1\n\ntrack height "Height":\n'
            '  spaces: 0..1000000000\n\n'
            'rule climb "Climb":\n  > Climb all the way.\n  effect: gain 1000000000 height\n\n'
            'example e "Climbing":\n  for: climb\n  given:\n    set height to 0\n  actions:\n'
            '    gain 1000000000 height\n  expect:\n    height == 1000000000\n')


def run(label: str, text: str, *args: str) -> float:
    """Write `text` as a one-file game, run `ludex ARGS` on it, print the time."""
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        (root / "rules" / "hostile").mkdir(parents=True)
        (root / "rules" / "hostile" / "game.ludex").write_text(text, encoding="utf-8")
        old = Path.cwd()
        os.chdir(root)
        start = time.perf_counter()
        try:
            with open(os.devnull, "w", encoding="utf-8") as devnull, \
                    contextlib.redirect_stdout(devnull), contextlib.redirect_stderr(devnull):
                code = ludex([*args, "rules/hostile"])
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 2
        finally:
            seconds = time.perf_counter() - start
            os.chdir(old)
    print(f"  {label:<34} {len(text.encode()) / 1e3:9.0f} KB {seconds:8.2f} s  exit {code}")
    return seconds


BUILD = ("build", "--engine-dir", "engines", "--site-dir", "site")
CASES: dict[str, Callable[[], None]] = {
    "prose": lambda: [run(f"check: prose {n // 1000} KB", prose_game(n), "check")
                      for n in PROSE_SIZES] and None,
    "decls": lambda: [run(f"build: {n} declarations", decls_game(n), *BUILD)
                      for n in DECL_COUNTS] and None,
    "die": lambda: run("build: die faces 1..10^7", die_game(), *BUILD) and None,
    "track": lambda: run("check: track 0..10^9, gain 10^9", track_game(), "check") and None,
}


if __name__ == "__main__":
    for name in sys.argv[1:] or list(CASES):
        print(name)
        CASES[name]()
