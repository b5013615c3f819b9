"""Shared test helpers: run the CLI in-process, find the books, refresh goldens."""

from __future__ import annotations

import contextlib
import io
import os
from dataclasses import dataclass
from pathlib import Path

import pytest
from ludex.cli.main import main
from ludex.pipeline import compile_paths
from ludex.semantics.compilation import Compilation

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"
SEEDS = ROOT.parent / "shared" / "seeds"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-goldens", action="store_true",
                     help="rewrite expected-output files from the current output")


@pytest.fixture
def update_goldens(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-goldens"))


@dataclass
class Run:
    code: int
    out: str
    err: str


def run_cli(*args: str, cwd: Path = ROOT) -> Run:
    """Run `ludex ARGS` in-process from `cwd`, capturing its output."""
    out, err = io.StringIO(), io.StringIO()
    old = Path.cwd()
    os.chdir(cwd)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(list(args))
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else 2
    finally:
        os.chdir(old)
    return Run(code, out.getvalue(), err.getvalue())


def book(name: str) -> Path:
    path = SEEDS / name
    if not path.exists():
        pytest.skip(f"the rulebook {name} is not present at {SEEDS} (shared/seeds is "
                    "laid beside the repository on developer machines and in CI)")
    return path


def compiled_game(path: Path, *, warnings: bool = True) -> Compilation:
    """A test game of the fixtures compiled (no checks), from the repository's root; none
    of its findings an error (and, with `warnings=False`, none a warning either)."""
    with contextlib.chdir(ROOT):
        comp = compile_paths([path], checks=False)
    refused = {"error"} if warnings else {"error", "warning"}
    assert [str(d) for d in comp.diags if d.severity in refused] == []
    return comp
