"""A bounded slice of the check benchmark (`benchmarks/bench_check.py`, issue 12).

Never an absolute time: the suite runs on machines of every speed, under load. What is
checked is how the time grows (the issue's target: ten times the cards cost at most
eleven times the time; checked loosely here, where a quadratic step would cost a hundred
times) and what makes the fast paths fast: a warm run beats a cold one, `ludex --help`
imports no command, the lazy command table says what each command's own module says.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

from ludex.cli.main import COMMANDS, add_commands
from ludex.pipeline import compile_paths
from ludex.syntax.cache import ParseCache

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import bench_check  # noqa: E402

SMALL, LARGE = 200, 2_000
GROWTH = 20  # the target is 11x; a busy machine adds noise, a quadratic step gives ~100x


def _game(folder: Path, n: int) -> Path:
    bench_check.generate(folder, n)
    return folder / "game"


def _seconds(game: Path, cache: ParseCache | None = None) -> float:
    start = time.perf_counter()
    comp = compile_paths([game], cache=cache)
    assert not comp.diags.has_errors, [str(d) for d in comp.diags][:3]
    return time.perf_counter() - start


def test_ten_times_the_cards_cost_about_ten_times_the_time(tmp_path: Path) -> None:
    """Linear growth, measured in turns (small, large, small, large, ...) and the best of
    three of each kept, so that a burst of other work on the machine skews neither."""
    small = _game(tmp_path / "small", SMALL)
    large = _game(tmp_path / "large", LARGE)
    _seconds(small)  # the grammar and the imports, once
    smalls, larges = [], []
    for _ in range(3):
        smalls.append(_seconds(small))
        larges.append(_seconds(large))
    ratio = min(larges) / min(smalls)
    assert ratio <= GROWTH, f"{LARGE} cards took {ratio:.1f}x the time of {SMALL}"


def test_the_benchmark_game_checks_clean_and_its_json_matches_its_cards(tmp_path: Path) -> None:
    data = bench_check.generate(tmp_path, 120)
    comp = compile_paths([tmp_path / "game"])
    assert list(comp.diags) == []
    assert data["cards"] == 120 and data["rules"] == 3
    assert sum(1 for g in comp.games for f in g.files for d in f.decls) == 120 + 3 + 3


def test_help_imports_no_command() -> None:
    probe = ("import sys, contextlib, io\n"
             "from ludex.cli.main import main\n"
             "with contextlib.redirect_stdout(io.StringIO()):\n"
             "    try:\n"
             "        main(['--help'])\n"
             "    except SystemExit:\n"
             "        pass\n"
             "print(sorted(m for m in sys.modules if m.startswith('ludex.')))\n")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True).stdout
    assert eval(out) == ["ludex.cli", "ludex.cli.exits", "ludex.cli.main"]  # noqa: S307


def test_the_lazy_command_table_says_what_each_command_says() -> None:
    full = argparse.ArgumentParser()
    add_commands(full.add_subparsers(dest="command"))
    actions = [a for a in full._actions if isinstance(a, argparse._SubParsersAction)]
    helps = {c.dest: c.help for c in actions[0]._choices_actions}
    assert helps == COMMANDS
    assert list(helps) == list(COMMANDS)
