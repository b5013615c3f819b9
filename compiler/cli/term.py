"""The terminal: whether to colour, the colouring of a report, and a progress bar.

Colour follows the usual conventions, strongest first: `--color always|never`, then
`NO_COLOR` (set and not empty: no colour), then `FORCE_COLOR` (set and not empty: colour),
then `--color auto` (the default): colour only when the stream is a terminal, so a pipe
or a file never receives escape codes. Only the severity and the code of a diagnostic's
head line are coloured; the text was already made visible (`diagnostics.visible`), so the
escapes added here are the only ones in the output.

The progress bar is written to stderr and only when stderr is a terminal: a log or a CI
run sees none of it. It waits half a second before drawing (`LUDEX_PROGRESS_DELAY`
seconds when that is set), so work that takes no more than a moment shows none; `stage`
starts a new count under a new label (`ludex check`: files read, games resolved, examples
run, checks run).
"""

from __future__ import annotations

import os
import re
import time
from typing import TextIO

COLORS = ("auto", "always", "never")
_SGR = {"error": "1;31", "warning": "1;33", "note": "1;36", "code": "1", "ok": "32"}
_HEAD = re.compile(r"^(?P<where>.*?)(?P<sev>error|warning|note)\[(?P<code>[EWN]\d{3})\]:",
                   re.MULTILINE)
BAR_WIDTH = 30
DELAY = 0.5  # seconds of work before a bar is worth drawing


def delay() -> float:
    """`LUDEX_PROGRESS_DELAY` when it is a number of seconds, else `DELAY`."""
    try:
        return max(0.0, float(os.environ.get("LUDEX_PROGRESS_DELAY", DELAY)))
    except ValueError:
        return DELAY


def use_color(choice: str, stream: TextIO) -> bool:
    """Whether to colour what goes to `stream` (see the module's docstring)."""
    if choice != "auto":
        return choice == "always"
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty()) and os.environ.get("TERM") != "dumb"


def paint(text: str, style: str) -> str:
    return f"\x1b[{_SGR[style]}m{text}\x1b[0m"


def colorize(report: str) -> str:
    """A text report with each diagnostic's severity and code coloured."""
    def head(match: re.Match[str]) -> str:
        sev = match["sev"]
        return f"{match['where']}{paint(sev, sev)}[{paint(match['code'], 'code')}]:"

    return _HEAD.sub(head, report)


class Progress:
    """A bar of `total` steps on a terminal; does nothing when `out` is not one (or is
    None), so callers never test for it."""

    def __init__(self, total: int, what: str, out: TextIO | None,
                 wait: float | None = None) -> None:
        self.total, self.what, self.start, self.shown = max(total, 1), what, time.monotonic(), -1
        self.out = out if out is not None and out.isatty() else None
        self.shows_after = self.start + (delay() if wait is None else wait)
        self.width = 0  # of the longest line drawn, to clear it

    def stage(self, what: str, total: int) -> None:
        """Count `total` steps of another kind of work from now on."""
        self.total, self.what, self.start, self.shown = max(total, 1), what, time.monotonic(), -1
        self.update(0)

    def tell(self, what: str, done: int, total: int) -> None:
        """`done` of `total` steps of `what`, a new stage when `what` or `total` changes
        (the shape `compile_paths` and `mutate_game` report progress in)."""
        if what != self.what or max(total, 1) != self.total:
            self.stage(what, total)
        self.update(done)

    def update(self, done: int) -> None:
        if self.out is None:
            return
        now = time.monotonic()
        if now < self.shows_after:
            return
        filled = min(done, self.total) * BAR_WIDTH // self.total
        if filled == self.shown and done < self.total:
            return
        self.shown = filled
        rate = done / max(now - self.start, 1e-9)
        line = (f"[{'#' * filled}{'.' * (BAR_WIDTH - filled)}] {done}/{self.total} "
                f"{self.what}, {rate:.1f}/s")
        self.out.write("\r" + line.ljust(self.width))
        self.width = max(self.width, len(line))
        self.out.flush()

    def close(self) -> None:
        """Clear the bar's line, so the report that follows starts clean."""
        if self.out is not None and self.width:
            self.out.write("\r" + " " * self.width + "\r")
            self.out.flush()
        self.width, self.shown = 0, -1
