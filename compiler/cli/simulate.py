"""`ludex simulate GAME --games N --seed S`: random playouts of one game, and the report
(games finished, turns per game, how often each rule fired, rules never fired, every
dead end with the seed and actions that reproduce it); exit 1 on any dead end.

The playouts are `ludex.verify.playouts`; this module reads the arguments, draws the
progress bar (on standard error, only when it is a terminal) and writes the report,
as text or JSON. Nothing in the report depends on the number of workers or on time.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from argparse import Namespace
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

from ..core.diagnostics import visible
from ..runtime import Definitions, IllegalAction
from ..runtime.match import main_procedure
from ..verify.playouts import (
    MAX_STEPS,
    TIME_LIMIT,
    Settings,
    Summary,
    definitions,
    engine_files,
    simulate,
)
from .common import FINDINGS, OK, USAGE, compiled, conventions, data_stream, progress_bar

SHOWN_ACTIONS = 40  # a dead end's actions in the text report (all of them in JSON)
COUNTED = {"turns": "counted as runs of the turn-period procedure",
           "decisions": "counted as decisions: the game has no turn period"}


def add(subparsers: Any) -> None:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "simulate", help="play random games of one game and report what happened",
        description="Random playouts: game i uses seed S+i for the game and its players.")
    parser.add_argument("game", type=Path, metavar="GAME", help="the game's folder")
    parser.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed (default 0)")
    parser.add_argument("--players", type=int, default=None,
                        help="how many players (default: the game's)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="processes to spread the games over (default: every core)")
    parser.add_argument("--max-steps", type=int, default=MAX_STEPS,
                        help=f"decisions per game before it is a dead end (default {MAX_STEPS})")
    parser.add_argument("--time-limit", type=float, default=TIME_LIMIT,
                        help=f"seconds per game before it is a dead end (default {TIME_LIMIT:g})")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    conventions(parser)
    parser.set_defaults(run=run)


def one_game(path: Path, name: str, args: argparse.Namespace | None = None
             ) -> tuple[str, dict[str, str], Definitions] | None:
    """The game of a folder, compiled: its name, its engine's files and its definitions;
    None, with the reason, when it has errors or is not one playable game (the errors and
    a game that cannot start are findings, on stdout unless it carries JSON; a folder of
    several games is a usage mistake, on stderr)."""
    comp = compiled([path], name, args)
    if comp is None:
        return None
    if len(comp.models) != 1:
        print(f"ludex {name}: {path} holds {len(comp.models)} games: name one game's folder",
              file=sys.stderr)
        return None
    model = comp.models[0]
    files = engine_files(model)
    defs = definitions(files, model.name)
    try:
        main_procedure(defs)
    except IllegalAction as err:
        print(f"ludex {name}: {visible(str(err))}", file=data_stream(args or Namespace()))
        return None
    return model.name, files, defs


def seats_error(defs: Definitions, players: int | None) -> str | None:
    """Why a number of players cannot play this game, if it cannot."""
    if players is None:
        return None
    if defs.players is None:
        return f"{defs.game} declares no players (`players:`)"
    lo, hi = defs.seats or (1, len(defs.seat_names()) or players)
    if not lo <= players <= hi:
        return f"{defs.game} is for {lo} to {hi} players, not {players}"
    return None


def run(args: argparse.Namespace) -> int:
    if args.games < 1 or args.workers < 1 or args.max_steps < 1 or args.time_limit <= 0:
        print("ludex simulate: --games, --workers, --max-steps and --time-limit must be "
              "positive", file=sys.stderr)
        return USAGE
    found = one_game(args.game, "simulate", args)
    if found is None:
        return FINDINGS
    label, files, defs = found
    if (why := seats_error(defs, args.players)) is not None:
        print(f"ludex simulate: {why}", file=sys.stderr)
        return USAGE
    bar = progress_bar(args, args.games, "games")
    settings = Settings(args.players, args.max_steps, args.time_limit)
    try:
        summary = simulate(files, label, args.games, args.seed, settings,
                           min(args.workers, args.games), bar.update)
    except BrokenProcessPool as err:  # a worker killed (out of memory, a signal)
        bar.close()
        print(f"ludex simulate: a worker process died: {visible(str(err))}", file=sys.stderr)
        return FINDINGS
    finally:
        bar.close()
    if args.format == "json":
        print(json.dumps(summary.as_data(), indent=2, ensure_ascii=True))
    else:
        sys.stdout.write(to_text(summary))
    return FINDINGS if summary.dead_ends else OK


def to_text(summary: Summary) -> str:
    """The report for a reader."""
    data = summary.as_data()
    lines = [f"{summary.game}: {summary.games} games from seed {summary.seed}, "
             f"{summary.finished} finished, {len(summary.dead_ends)} dead end"
             f"{'s' * (len(summary.dead_ends) != 1)}",
             f"{summary.counted} per game ({COUNTED[summary.counted]}): "
             f"median {data['median']:g}, maximum {data['maximum']}",
             "rules fired (times):"]
    width = max((len(r) for r in summary.fired), default=0)
    lines += [f"  {name:<{width}}  {count}" for name, count in sorted(
        summary.fired.items(), key=lambda item: (-item[1], item[0]))]
    never = summary.never_fired
    lines.append(f"rules never fired: {', '.join(never) if never else 'none'}")
    for dead in summary.dead_ends:
        shown = list(dead.actions[:SHOWN_ACTIONS])
        more = len(dead.actions) - len(shown)
        lines.append(f"DEAD END seed {dead.seed}: {dead.kind}: {visible(dead.message)}")
        lines.append(f"  actions ({len(dead.actions)}): {' '.join(shown) or '(none)'}"
                     + (f" ... and {more} more (--format json lists them all)" if more else ""))
    return "\n".join(lines) + "\n"

