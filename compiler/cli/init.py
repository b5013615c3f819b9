"""`ludex init NAME`: start a new game in the folder NAME.

The folder gets the smallest game that shows each part of the language at work: the game,
a kind with a field, a card of that kind, a stat bounded by the field, a rule that acts
and a worked example that runs the rule and checks its outcome. It checks clean (no error,
no warning) and its example passes `ludex test`, so an author starts from green. NAME's
last part, made an identifier, names the game. A folder that exists and holds anything is
refused: nothing of an author's is ever overwritten.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import Any

from ..backends.write import write_atomic
from ..core.diagnostics import visible
from .common import EXIT_CODES, OK, USAGE, conventions, verbosity

FILES = {
    "game.ludex": '''game {id} "{title}":
  > Say here, in a line or two, what the game is about.

kind hero "Hero":
  field max_danger: int 0..20

stat danger "Danger":
  per: hero
  range: 0..max_danger
  overflow: clamp_remember
''',
    "cards.ludex": '''hero ada "Ada":
  max_danger: 9
''',
    "rules.ludex": '''rule rest "Rest":
  > Ada rests and loses 2 Danger.
  when: action
  effect:
    lose 2 danger from ada
''',
    "examples.ludex": '''example ada_rests "Ada rests":
  for: rest
  > Ada is at 8 Danger and rests: she is at 6.
  given:
    set ada.danger to 8
  actions:
    trigger rest
  expect:
    ada.danger == 6
''',
}


def add(subparsers: Any) -> None:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "init", help="create a new game folder that checks clean and passes its test",
        epilog=EXIT_CODES, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("name", type=Path, metavar="NAME",
                        help="the folder to create; its name, made an identifier, names the game")
    conventions(parser)
    parser.set_defaults(run=run)


def identifier(name: str) -> str:
    """A folder name as a game id: lower case, words joined by `_`, never starting with a
    digit."""
    ident = re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_") or "game"
    return f"game_{ident}" if ident[0].isdigit() else ident


def run(args: argparse.Namespace) -> int:
    folder: Path = args.name
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        print(f"ludex init: {visible(str(folder))} already exists and is not an empty folder",
              file=sys.stderr)
        return USAGE
    ident = identifier(folder.resolve().name)
    title = ident.replace("_", " ").title()
    for name, text in FILES.items():
        write_atomic(folder / name, text.format(id=ident, title=title))
    if verbosity(args) >= 0:
        print(f"created {visible(str(folder))}: game `{ident}` in {len(FILES)} files; "
              f"next: ludex check {visible(str(folder))} && ludex test {visible(str(folder))}")
    return OK
