"""Coverage-guided fuzzing of load → parse → resolve → validate → checks, with Atheris
(libFuzzer for Python). Optional: Atheris is not a dependency of Ludex; install it
into the venv first (`.venv/bin/pip install atheris`, wheels for Linux x86-64).

Run from the repository root:

    mkdir -p /tmp/ludex-atheris
    .venv/bin/python tests/fuzz/atheris_parse.py /tmp/ludex-atheris \\
        tests/fuzz/corpus/parse tests/fixtures/good rules/escalation \\
        -max_total_time=1200 -artifact_prefix=tests/fuzz/corpus/parse/atheris-

The first folder is libFuzzer's working corpus (it writes every input that reaches
new code there; keep it out of the repository), the others are read-only seeds.
Each input is read as a `.ludex` file through the real loader and compiled in
memory; an uncaught exception, a finding outside the file or a raw control
character in a rendered finding stops the run and writes the input to
`tests/fuzz/corpus/parse/atheris-crash-<sha1>`. Rename it to `<what>.ludex` to
keep it: `tests/test_fuzz_properties.py` replays every corpus file.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import atheris

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT))  # tests.fuzz.oracle, when run as a script
sys.setrecursionlimit(10_000)  # as deep as a test run allows

with atheris.instrument_imports(include=["ludex"]):
    from ludex.checks import run_checks
    from ludex.core.diagnostics import Diagnostics, render
    from ludex.pipeline import parse_game
    from ludex.semantics.resolve import build_symbols, link_bases, resolve_game
    from ludex.semantics.schema import validate_game
    from ludex.syntax.load import GameFiles, read_source

from tests.fuzz.oracle import RAW_CONTROL  # noqa: E402

SCRATCH = Path(tempfile.mkdtemp(prefix="ludex-atheris-")) / "fuzz.ludex"


def compile_one(data: bytes) -> None:
    SCRATCH.write_bytes(data)
    diags = Diagnostics()
    source, text = read_source(SCRATCH, diags)
    if source is not None:
        game = parse_game(GameFiles(str(SCRATCH.parent), (source,)), diags)
        models = [build_symbols(game, diags)]
        link_bases(models, diags)
        resolve_game(models[0], diags)
        validate_game(models[0], diags)
        diags.extend(run_checks(models)[0])
    lines = (text or "").split("\n")
    for diag in diags:
        if diag.span is not None:
            assert 1 <= diag.span.line <= len(lines), f"line outside the file: {diag}"
            assert 1 <= diag.span.col <= len(lines[diag.span.line - 1]) + 1, str(diag)
        shown = render(diag, {diag.span.file: text or ""} if diag.span else {})
        assert not RAW_CONTROL.search(shown), repr(shown)


def main() -> None:
    atheris.Setup(sys.argv, compile_one)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
