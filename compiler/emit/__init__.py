"""Emitters: the compilation in, `{relative path: text}` out, one per target.

Each emitter is a pure function; `ludex build` computes every output before
it writes any, and writes only inside its output folders.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..driver import Compilation

Emitter = Callable[[Compilation], dict[str, str]]


@dataclass(frozen=True, slots=True)
class Target:
    """An output folder, the emitter that fills it, and the files it owns there."""

    name: str
    root: Path
    emit: Emitter
    owned: Callable[[Path], bool]  # may `build` delete this existing file as stale?


def targets(engine_dir: Path, site_dir: Path) -> list[Target]:
    from . import to_python, to_site

    return [
        Target("engine", engine_dir, to_python.emit, lambda p: p.suffix in (".py", ".json")),
        Target("site", site_dir, to_site.emit, to_site.owns),
    ]
