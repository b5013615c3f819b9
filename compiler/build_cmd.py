"""`ludex build`: emit engines and the site, or with `--check` say what is stale.

Every output is computed before anything is written; files are written
atomically and only inside the output folders; files an emitter owns but no
longer produces are removed, so the output is exactly what the rules give.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .driver import Compilation
from .emit import Target, targets
from .write import inside, write_atomic


def planned(comp_targets: list[Target], comp: Compilation) -> dict[Path, str]:
    out: dict[Path, str] = {}
    for target in comp_targets:
        for rel, text in target.emit(comp).items():
            path = target.root / rel
            if not inside(target.root, path):
                raise ValueError(f"emitter {target.name} tried to write outside "
                                 f"{target.root}: {rel}")
            out[path] = text
    return out


def stale_files(comp_targets: list[Target], plan: dict[Path, str]) -> list[Path]:
    """Owned files on disk that the build would not produce."""
    found = []
    for target in comp_targets:
        if target.root.exists():
            for path in sorted(target.root.rglob("*")):
                if path.is_file() and path not in plan and target.owned(path):
                    found.append(path)
    return found


def run(args: argparse.Namespace, comp: Compilation) -> int:
    comp_targets = targets(args.engine_dir, args.site_dir)
    plan = planned(comp_targets, comp)
    extra = stale_files(comp_targets, plan)
    if args.check:
        differs = [p for p, text in sorted(plan.items())
                   if not p.exists() or p.read_text("utf-8") != text]
        for path in differs:
            print(f"stale: {path}", file=sys.stderr)
        for path in extra:
            print(f"stale (no longer generated): {path}", file=sys.stderr)
        if differs or extra:
            print("generated output is stale: run `ludex build`", file=sys.stderr)
            return 1
        print(f"up to date: {len(plan)} files", file=sys.stderr)
        return 0
    written = 0
    for path, text in sorted(plan.items()):
        if not path.exists() or path.read_text("utf-8") != text:
            write_atomic(path, text)
            written += 1
    for path in extra:
        path.unlink()
    print(f"built {len(plan)} files ({written} changed, {len(extra)} removed)",
          file=sys.stderr)
    return 0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 when generated output is stale")
    parser.add_argument("--engine-dir", type=Path, default=Path("generated"),
                        help="where engine packages go (default: generated)")
    parser.add_argument("--site-dir", type=Path, default=Path("site"),
                        help="the MkDocs project (default: site)")
