"""A bounded slice of the playout benchmark (`benchmarks/bench_playouts.py`): 20 games
of Crazy Eights through the engine and by the hand-written implementation. It checks
what the benchmark prints (both rates, the ratio between them, the comparison of the
two sets of games), never how fast anything is."""

from __future__ import annotations

import re
import subprocess
import sys

from .conftest import ROOT

BENCH = ROOT / "benchmarks" / "bench_playouts.py"
NUMBER = r"([\d,]+(?:\.\d+)?)"


def number(text: str) -> float:
    return float(text.replace(",", ""))


def test_twenty_games_print_both_rates_and_the_ratio() -> None:
    done = subprocess.run([sys.executable, str(BENCH), "--games", "20"], cwd=ROOT,
                          capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Crazy Eights, 4 players, 20 playouts (seeds 1..20)" in out
    assert f"Python {sys.version.split()[0]}" in out
    summary = re.search(rf"engine: {NUMBER} playouts/s; hand-written: {NUMBER} playouts/s; "
                        rf"ratio: the engine is {NUMBER}x slower", out)
    assert summary is not None, out
    engine, hand, ratio = (number(g) for g in summary.groups())
    assert engine > 0 and hand > 0
    assert abs(ratio - hand / engine) <= max(1.0, 0.01 * ratio)  # the ratio of the two rates
    rows = {line[:30].strip(): line[30:].split() for line in out.splitlines()
            if line.startswith("  ") and len(line[30:].split()) == 2}
    for row in ("playouts per second", "turns per game: mean", "turns per game: median",
                "turns per game: max", "decisions per game: median", "blocked hands"):
        assert row in rows, out
    turns = [number(v) for v in rows["turns per game: mean"]]
    assert all(t >= 1 for t in turns)  # each implementation played whole hands
    assert re.search(r"same rules\? (plausible|NOT plausible): the hand-written mean turns "
                     r"per game is [+-][\d.]+% from the engine's", out), out
    assert re.search(r"wall time: [\d.]+ s", out)


def test_games_must_be_positive() -> None:
    done = subprocess.run([sys.executable, str(BENCH), "--games", "0"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 2
    assert "--games must be at least 1" in done.stderr
