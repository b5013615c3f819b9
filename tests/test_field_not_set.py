"""A field of a card or instance is printed on it: `set x.field to v` is never taken in
silence (it once made a counter of that name that nothing read, and the field kept its
printed value): the run stops, saying so."""

from __future__ import annotations

from pathlib import Path

from .conftest import run_cli

GAME = '''game g "G":
  page: 1

kind titan "Titan"
titan solon "Solon"
titan hero "Hero"

kind figure "Figure":
  field titan: optional ref titan

stat junction "The Titan a figure junctions with":
  per: figure

figure solon_figure "Solon's figure"

example field_set "A field set in an example":
  given:
    set solon_figure.titan to hero
  expect:
    solon_figure.titan == hero

example stat_set "A stat set in an example":
  given:
    set solon_figure.junction to hero
  expect:
    solon_figure.junction == hero
'''


def test_setting_a_printed_field_blocks_and_a_stat_is_set(tmp_path: Path) -> None:
    (tmp_path / "g.ludex").write_text(GAME, "utf-8")
    run = run_cli("test", str(tmp_path / "g.ludex"))
    assert run.code == 1
    assert "BLOCK g/field_set" in run.out
    assert "`titan` is a field of solon_figure, printed on it: it cannot be set" in run.out
    assert "PASS  g/stat_set" in run.out
