"""The command line's shared arguments, importing nothing heavy: `--help` and a
no-change `ludex build --check` (answered from the build memo) build their parsers from
these without loading the compiler."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from .exits import EXIT_CODES
from .term import COLORS


def command(subparsers: Any, name: str, help_text: str) -> argparse.ArgumentParser:
    """A sub-command with the shared epilog and the PATH argument."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        name, help=help_text, epilog=EXIT_CODES,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="*", type=Path, default=[], metavar="PATH",
                        help="a rules folder, a game folder or a .ludex file (default: the "
                        "configuration's paths, else rules)")
    conventions(parser)
    return parser


def conventions(parser: argparse.ArgumentParser) -> None:
    """The options every command takes: verbosity and colour."""
    parser.add_argument("-q", "--quiet", action="count", default=0,
                        help="print less (repeat for less still)")
    parser.add_argument("-v", "--verbose", action="count", default=0,
                        help="print more (repeat for more still)")
    parser.add_argument("--color", choices=COLORS, default="auto",
                        help="colour diagnostics: auto (on a terminal, honouring NO_COLOR and "
                        "FORCE_COLOR), always or never (default: auto)")


def build_arguments(parser: argparse.ArgumentParser) -> None:
    """`ludex build`'s own options."""
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 when generated output is stale")
    parser.add_argument("--no-cache", action="store_true",
                        help="neither read nor write the parse cache (.ludex_cache/)")
    parser.add_argument("--force", action="store_true",
                        help="overwrite files the output folder's manifest does not list, and "
                        "adopt a folder that has no manifest (never writes through a symbolic "
                        "link or outside the project)")
    parser.add_argument("--engine-dir", type=Path, default=None,
                        help="where engine packages go (default: the configuration's "
                        "engine-dir, else generated)")
    parser.add_argument("--site-dir", type=Path, default=None,
                        help="the MkDocs project (default: the configuration's site-dir, "
                        "else site)")
    parser.add_argument("--grammar-dir", type=Path, default=None,
                        help="where the editor grammar (ludex.tmLanguage.json) goes (default: "
                        "grammar, in Ludex's own repository only)")
