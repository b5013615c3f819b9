"""What every fuzzed input must satisfy, whatever it holds: `ludex check` exits 0 or 1
without a traceback, every finding points at a line and column inside the file, and
no line of the report carries a raw control character or line separator."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from ..conftest import Run, run_cli

# C0 and C1 controls except the newline, DEL, and the line and paragraph separators:
# printed raw they colour terminals, forge CI annotations or split lines
RAW_CONTROL = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029]")

# findings about a whole game folder, which may have no position: no `game` declared
FOLDER_CODES = frozenset({"E305"})


def write(path: Path, text: str) -> Path:
    """Write `text` as UTF-8; lone surrogates are written as the bytes a broken encoder
    would produce, so the loader sees invalid UTF-8."""
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    return path


def decoded_lines(path: Path) -> list[str]:
    """The file's lines as the loader sees them (BOM dropped, CRLF read as LF)."""
    text = path.read_bytes().decode("utf-8", "replace").removeprefix("\ufeff")
    return text.replace("\r\n", "\n").split("\n")


def assert_checks_cleanly(path: Path, cwd: Path) -> Run:
    """Run `ludex check` on `path`, a file or a game folder, from `cwd` (text and JSON
    reports) and assert the oracle."""
    run = run_cli("check", "--show-notes", "--max-diagnostics", "1000", str(path), cwd=cwd)
    assert run.code in (0, 1), f"exit {run.code}: {run.err[-3000:]}"
    assert "Traceback" not in run.err and "internal error" not in run.err, run.err[-3000:]
    for line in (run.out + run.err).split("\n"):
        assert not RAW_CONTROL.search(line), f"raw control character in output: {line!r}"
    report = run_cli("check", "--format", "json", str(path), cwd=cwd)
    assert report.code == run.code, f"json exit {report.code}: {report.err[-3000:]}"
    for finding in json.loads(report.out)["findings"]:
        assert_inside(finding, cwd)
    return run


def assert_inside(finding: dict[str, Any], cwd: Path) -> None:
    where = f"{finding['code']} {finding['message']!r} at {finding['line']}:{finding['col']}"
    if finding["file"] is None and finding["code"] in FOLDER_CODES:
        return
    assert finding["file"] is not None, f"no file: {where}"
    lines = decoded_lines(cwd / finding["file"])
    line, col = finding["line"], finding["col"]
    assert 1 <= line <= len(lines), f"line outside the file ({len(lines)} lines): {where}"
    assert 1 <= col <= len(lines[line - 1]) + 1, \
        f"column outside line {line} ({len(lines[line - 1])} characters): {where}"


def assert_emits(path: Path) -> int:
    """For a game that checks clean: the engine's every module compiles on its own (no
    `__future__` flags inherited from this module) and the site renders. Returns the
    number of engine modules."""
    from ludex.backends import to_python, to_site
    from ludex.pipeline import compile_paths

    comp = compile_paths([path])
    assert not comp.diags.has_errors
    modules = to_python.emit(comp)
    for name, text in modules.items():
        compile(text, name, "exec", dont_inherit=True)
    assert to_site.emit(comp)
    return len(modules)
