"""Which lines changed since a git revision (for `ludex check --changed-since`)."""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterable
from pathlib import Path

_HUNK = re.compile(r"^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@", re.MULTILINE)


class GitError(Exception):
    pass


def _git(*args: str) -> str:
    try:
        done = subprocess.run(["git", *args], capture_output=True, text=True, check=False)
    except OSError as err:
        raise GitError(f"cannot run git: {err.strerror}") from err
    if done.returncode != 0:
        raise GitError(done.stderr.strip() or f"git {' '.join(args)} failed")
    return done.stdout


def changed_lines(rev: str, files: Iterable[str]) -> dict[str, set[int] | None]:
    """{file: changed line numbers}; None means the whole file is new."""
    root = Path(_git("rev-parse", "--show-toplevel").strip())
    _git("rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}")
    out: dict[str, set[int] | None] = {}
    for file in files:
        path = Path(file).resolve()
        rel = path.relative_to(root).as_posix() if path.is_relative_to(root) else file
        if not _git("ls-files", "--", rel).strip() or not _known_at(rev, rel):
            out[file] = None
            continue
        diff = _git("diff", "--unified=0", "--no-color", rev, "--", rel)
        lines: set[int] = set()
        for match in _HUNK.finditer(diff):
            start, count = int(match.group(1)), int(match.group(2) or "1")
            lines.update(range(start, start + count))
        out[file] = lines
    return out


def _known_at(rev: str, rel: str) -> bool:
    try:
        _git("cat-file", "-e", f"{rev}:{rel}")
    except GitError:
        return False
    return True
