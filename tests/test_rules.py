"""The flagship corpus: all of rules/ compiles, and the encoded slices cover their books."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from ludex.backends.trace import trace

from .conftest import ROOT, book, run_cli

# book file -> game folder -> book line ranges that are encoded completely
SLICES = {
    "000_150bdaf784086fe0.txt": ("escalation", [(1, 10_000)]),
    "002_0adc0851a91be915.txt": ("dei_old_london", [(1, 10_000)]),
    "003_1e20baba3c875fa5.txt": ("aeon_trespass", [
        (1, 2), (284, 332), (378, 391), (1129, 1157), (1413, 1429)]),
}


def test_all_rules_check_without_errors() -> None:
    run = run_cli("check", "rules")
    assert run.code == 0, run.out + run.err
    assert run.out.rstrip().splitlines()[-1].startswith("0 errors")


@pytest.mark.parametrize("book_name", sorted(SLICES))
def test_encoded_slices_cover_their_book(book_name: str) -> None:
    from ludex.pipeline import compile_paths

    folder, lines = SLICES[book_name]
    text = book(book_name).read_text("utf-8")
    comp = compile_paths([ROOT / "rules" / folder])
    result = trace(text, comp.games, comp.sources, lines)
    missing = [f"{p.line}: {p.text[:70]}" for p in result.uncovered]
    assert missing == [], f"{len(missing)} paragraphs of {book_name} not covered"
    assert result.covered_count > 0


def test_trace_command_reports_percentage() -> None:
    path = book("000_150bdaf784086fe0.txt")
    run = run_cli("trace", "--source", str(path), "--lines", "47-193", "rules/escalation")
    assert run.code == 0, run.out + run.err
    assert run.out.rstrip().endswith("0 waived, 0 not covered (100.0% of 60 rule paragraphs)")


def test_trace_fail_under_and_waivers(tmp_path: Path) -> None:
    path = book("002_0adc0851a91be915.txt")
    slice_run = run_cli("trace", "--source", str(path), "--lines", "1-249",
                        "--fail-under", "100", "rules/dei_old_london")
    assert slice_run.code == 0, slice_run.out
    assert "1 waived, 0 not covered (100.0%" in slice_run.out.splitlines()[-1]
    whole = run_cli("trace", "--source", str(path), "--fail-under", "100", "rules/dei_old_london")
    assert whole.code == 0, whole.out
    # The same game with the Thames module's opening paragraph taken out of its prose.
    game = tmp_path / "dei_old_london"
    shutil.copytree(ROOT / "rules" / "dei_old_london", game)
    thames = game / "thames.ludex"
    lines = thames.read_text("utf-8").splitlines(keepends=True)
    opening = next(i for i, line in enumerate(lines) if "The Big Old Thames" in line)
    del lines[opening:opening + 4]  # the paragraph's three lines and the blank `>` after it
    thames.write_text("".join(lines), "utf-8")
    cut = run_cli("trace", "--source", str(path), "--fail-under", "100", str(game))
    assert cut.code == 1, cut.out
    assert f"{path}:252: not covered: The Big Old Thames, the river" in cut.out
