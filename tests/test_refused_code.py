"""A `refused:` as an example's action is one effect and one `with` in the generated
engine (`with g.effect(), g.refused(...):`), on a small game of the tests' own
(`tests/fixtures/engine/refusals.ludex`); nested `with` blocks were rejected by ruff
(SIM117), which checks every generated engine."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from ludex.backends.to_python import emit
from ludex.pipeline import compile_paths
from ludex.verify.examples import PASS, example_results

from .conftest import FIXTURES, ROOT

REFUSALS = FIXTURES / "engine" / "refusals.ludex"


def test_a_refused_action_is_one_with_and_passes_ruff(tmp_path: Path) -> None:
    comp = compile_paths([REFUSALS], checks=False)
    assert [str(d) for d in comp.diags if d.severity == "error"] == []
    files = emit(comp)
    examples = next(text for rel, text in files.items() if rel.endswith("/examples.py"))
    assert "with g.effect(), g.refused(" in examples
    assert "with g.effect():\n        with g.refused(" not in examples
    for rel, text in files.items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "--config",
                           str(ROOT / "pyproject.toml"), str(tmp_path)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert [r.status for r in example_results(comp)] == [PASS]
