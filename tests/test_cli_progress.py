"""Progress bars (issue 13, item 6): on stderr, on a terminal only, after a moment.

The commands run in a child process whose stderr is a pseudo-terminal (`pty`) and whose
stdout is a pipe, as `ludex check | grep` would have it: the bar is drawn on the
terminal, the report reaches the pipe whole and without a single control character.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from ludex.cli.term import Progress

from .conftest import FIXTURES, ROOT, run_cli

pty = pytest.importorskip("pty")  # POSIX only


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_bar_draws_its_stages_then_clears_its_line() -> None:
    tty = _Tty()
    bar = Progress(1, "files read", tty, wait=0)
    bar.tell("files read", 0, 3)
    bar.tell("files read", 3, 3)
    bar.tell("games resolved", 1, 1)
    bar.close()
    out = tty.getvalue()
    assert "0/3 files read" in out and "3/3 files read" in out and "1/1 games resolved" in out
    assert out.endswith("\r" + " " * len(out.split("\r")[-2]) + "\r")  # the line is blank
    bar.close()  # twice is harmless: nothing more is written
    assert tty.getvalue() == out


def test_no_bar_off_a_terminal_nor_before_the_moment_passes() -> None:
    pipe = io.StringIO()
    bar = Progress(2, "games", pipe, wait=0)
    bar.update(1)
    bar.close()
    assert pipe.getvalue() == ""
    tty = _Tty()
    slow = Progress(2, "games", tty, wait=60)
    slow.update(1)
    slow.close()
    assert tty.getvalue() == ""


def test_the_delay_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    from ludex.cli import term

    monkeypatch.setenv("LUDEX_PROGRESS_DELAY", "0")
    assert term.delay() == 0
    monkeypatch.setenv("LUDEX_PROGRESS_DELAY", "soon")
    assert term.delay() == term.DELAY


def _on_a_terminal(args: list[str], cwd: Path) -> tuple[int, str, str]:
    """Run `ludex ARGS` with stderr on a pseudo-terminal: (exit code, stdout, what the
    terminal showed)."""
    controller, terminal = pty.openpty()
    env = {**os.environ, "LUDEX_PROGRESS_DELAY": "0", "TERM": "xterm"}
    env.pop("NO_COLOR", None)
    with subprocess.Popen([sys.executable, "-m", "ludex", *args], cwd=cwd, env=env,
                          stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                          stderr=terminal) as proc:
        os.close(terminal)
        shown = b""
        while True:
            try:
                chunk = os.read(controller, 4096)
            except OSError:  # the child closed the terminal (EIO on Linux)
                break
            if not chunk:
                break
            shown += chunk
        assert proc.stdout is not None
        out = proc.stdout.read().decode("utf-8")
        code = proc.wait(timeout=120)
    os.close(controller)
    return code, out, shown.decode("utf-8", "replace")


def test_check_draws_its_stages_on_the_terminal_and_a_clean_report_on_stdout() -> None:
    code, out, shown = _on_a_terminal(["check", "--no-checks", "legion"], FIXTURES / "cards")
    assert code == 1
    assert "\r[" in shown and "files read" in shown and "games resolved" in shown
    assert "error[" not in shown  # the findings are the report's: on stdout
    assert out.splitlines()[-1].startswith("13 errors, 0 warnings")
    assert "\r" not in out and "\x1b" not in out  # a pipe: no bar, no colour


def test_test_draws_its_games_on_the_terminal(tmp_path: Path) -> None:
    assert run_cli("init", "g", cwd=tmp_path).code == 0
    code, out, shown = _on_a_terminal(["test", "g"], tmp_path)
    assert code == 0, out + shown
    assert "1/1 games" in shown
    assert out.splitlines()[-1] == "1 passed, 0 failed, 0 blocked, 0 prose only"
    quiet = _on_a_terminal(["test", "-q", "g"], tmp_path)
    assert quiet[2] == ""  # -q: no bar either


def test_simulate_draws_its_games_on_the_terminal() -> None:
    code, out, shown = _on_a_terminal(
        ["simulate", "rules/crazy_eights", "--games", "2", "--workers", "1",
         "--players", "3"], ROOT)
    assert code == 0, out + shown
    assert "2/2 games" in shown and "\r" not in out
