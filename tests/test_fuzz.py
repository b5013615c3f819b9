"""Hostile input at scale: seeded random edits of real `.ludex` files never crash the
compiler (a diagnostic and exit 1, or a clean build), and whatever still checks
clean also emits an engine that compiles and a site."""

from __future__ import annotations

import random
from pathlib import Path

from ludex.backends import to_python, to_site
from ludex.pipeline import compile_paths

from .conftest import FIXTURES, ROOT, run_cli

SOURCES = sorted([*ROOT.glob("rules/*/*.ludex"), *(FIXTURES / "good").glob("*.ludex")])
INSERTS = (":", '"', "[", "]", "(", ")", ">", "  ", "\t", "#", "..", "+", "-", ",", "\\", "|",
           "{", "\x00", "é", " or yes", " not", "0")


def mutate(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    for _ in range(rng.randint(1, 4)):
        j = rng.randrange(len(lines))
        op = rng.randrange(6)
        if op == 0:
            lines[j] = lines[j][: rng.randrange(len(lines[j]) + 1)]
        elif op == 1:
            lines.insert(j, lines[rng.randrange(len(lines))])
        elif op == 2 and len(lines) > 1:
            del lines[j]
        elif op == 3:
            k = rng.randrange(len(lines[j]) + 1)
            lines[j] = lines[j][:k] + rng.choice(INSERTS) + lines[j][k:]
        elif op == 4:
            lines[j] = "  " + lines[j]
        else:
            lines[j] = lines[j].lstrip()
    return "\n".join(lines)


def test_random_edits_never_crash(tmp_path: Path) -> None:
    rng = random.Random(20261129)
    case = tmp_path / "case.ludex"
    clean = 0
    for _ in range(400):
        case.write_text(mutate(rng.choice(SOURCES).read_text("utf-8"), rng), encoding="utf-8")
        run = run_cli("check", str(case))
        assert run.code in (0, 1), run.err
        assert "internal error" not in run.err and "Traceback" not in run.err, case.read_text()
        if run.code == 0:
            clean += 1
            comp = compile_paths([case])
            for path, text in to_python.emit(comp).items():
                compile(text, path, "exec", dont_inherit=True)
            assert to_site.emit(comp)
    assert clean > 0  # some edits keep the file valid: the emitters were exercised
