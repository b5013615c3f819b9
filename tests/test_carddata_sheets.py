"""Card data from spreadsheets and YAML: cells typed by the kind, findings at the cell.

`tests/fixtures/cards/legion/units.cards.csv` holds 300 units with 13 planted
mistakes (written by hand into an otherwise regular sheet); every report format
must give exactly those, at their rows and columns.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from ludex.core.diagnostics import Diagnostics
from ludex.core.source import SourceFile
from ludex.pipeline import compile_paths
from ludex.semantics.schema import instance_data
from ludex.syntax import ast
from ludex.syntax.carddata_sheet import cell_starts, parse_sheet

from .conftest import FIXTURES, run_cli

CARDS = FIXTURES / "cards"

# (line, column, code, what the message says) of each planted mistake
PLANTED = [
    (1, 57, "E401", "column `colour` is not a field of kind `unit`"),
    (12, 18, "E401", "'Unit 11' (unit_011): field `cost`: expected a whole number, "
     'got "three"'),
    (25, 18, "E401", "'Unit 24' (unit_024): field `cost`: must be at most 20, got 25"),
    (40, 23, "E401", "'Unit 39' (unit_039): field `role`: expected one of infantry, "
     'cavalry, archer, mage; got "wizard"'),
    (55, 1, "E302", "'Unit 54' (unit_053): `unit_053` is already declared in this scope"),
    (70, 31, "E301", "'Unit 69' (unit_069): field `faction`: reference `east` names nothing "
     "declared"),
    (85, 20, "E401", "'Unit 84' (unit_084): missing field `power`"),  # at its empty cell
    (100, 28, "E109", "'Unit 99' (unit_099): row has 6 cells, the header has 11: the card "
     "is left out"),
    (115, 1, "E109", "'Unit 114': card id `iron golem` is not a Ludex id"),
    (130, 38, "E401", "'Unit 129' (unit_129): field `flying`: expected yes or no, "
     'got "maybe"'),
    (145, 42, "E401", "'Unit 144' (unit_144): field `keywords[1]`: expected one of swift, "
     'armoured, ranged, healer; got "flying"'),
    (160, 60, "E109", "'Unit 159' (unit_159): row has 12 cells, the header has 11: the card "
     "is left out"),
    (175, 40, "E401", "'Unit 174' (unit_174): field `upkeep`: must be at least 0, got -1"),
]
SHEET = "legion/units.cards.csv"


def test_the_planted_mistakes_are_reported_in_text_at_their_cells() -> None:
    run = run_cli("check", "--no-checks", "legion", cwd=CARDS)
    assert run.code == 1
    assert run.err == ""  # the report is on stdout
    text = run.out
    found = [line for line in text.splitlines() if line.startswith(SHEET)]
    assert found == [f"{SHEET}:{line}:{col}: error[{code}]: {message}"
                     for line, col, code, message in PLANTED]
    assert "\n13 errors, 0 warnings, " in text


def test_the_planted_mistakes_are_reported_in_json() -> None:
    run = run_cli("check", "--no-checks", "--format", "json", "legion", cwd=CARDS)
    findings = json.loads(run.out)["findings"]
    assert [(f["line"], f["col"], f["code"], f["message"]) for f in findings] == PLANTED
    assert {f["file"] for f in findings} == {SHEET}


def test_the_planted_mistakes_are_reported_in_sarif() -> None:
    run = run_cli("check", "--no-checks", "--format", "sarif", "legion", cwd=CARDS)
    results = json.loads(run.out)["runs"][0]["results"]
    got = [(r["physicalLocation"]["region"]["startLine"],
            r["physicalLocation"]["region"]["startColumn"], res["ruleId"])
           for res in results for r in [res["locations"][0]]]
    assert got == [(line, col, code) for line, col, code, _ in PLANTED]
    assert all(res["message"]["text"].startswith(message)
               for res, (_, _, _, message) in zip(results, PLANTED, strict=True))


GAME = '''game g "G":
  > Cards in data files.
kind district "District":
  field guards: int 0..3
district harbour "Harbour":
  guards: 1
kind card "Card":
  field power: int 0..9
  field school: one of fire, water, no
  field home: optional ref district
  field flying: optional bool
  field tags: optional list of text
  field bonus: int 0..9 | one of all
section cards "Cards":
  > The cards.
'''


def _game(tmp_path: Path, name: str, text: str) -> Path:
    folder = tmp_path / "g"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.ludex").write_text(GAME, encoding="utf-8")
    (folder / name).write_text(text, encoding="utf-8")
    return folder


def _cards(folder: Path) -> list[tuple[str, str | None, list[str], dict[str, object]]]:
    """Every card of the game: qualname, title, prose and field values, by qualname."""
    comp = compile_paths([folder], checks=False)
    assert comp.models and not [d for d in comp.diags if d.severity == "error"]
    return sorted((sym.qualname, sym.decl.title, [p.text for p in sym.decl.prose],
                   instance_data(sym.decl)) for sym in comp.models[0].symbols.values()
                  if isinstance(sym.decl, ast.Instance) and sym.decl.keyword == "card")


def _export(folder: Path, *args: str) -> str:
    out = folder.parent / "export.out"
    run = run_cli("export", *args, "-o", str(out), str(folder))
    assert run.code == 0, run.err
    return out.read_text("utf-8")


SHEET_TEXT = '''id,Title,Power,school,home,flying,tags,bonus,prose,within
bolt,Bolt,3,fire,harbour,yes,hot; quick,all,"Bolt deals 3.

Then it rests.",cards
splash,"Splash, ""big""",0,no,,n,,4,,cards
'''


def test_cells_are_read_by_their_fields_types(tmp_path: Path) -> None:
    folder = _game(tmp_path, "cards.cards.csv", SHEET_TEXT)
    run = run_cli("check", "--no-checks", str(folder))
    assert run.code == 0, run.err
    (bolt, _, bolt_prose, _), (_, splash_title, _, _) = _cards(folder)
    assert bolt == "cards.bolt" and bolt_prose == ["Bolt deals 3.", "Then it rests."]
    assert splash_title == 'Splash, "big"'
    sheet = SourceFile("g/card.cards.csv", SHEET_TEXT)
    parsed = parse_sheet(sheet, Diagnostics(), {"card": _kind(folder)})
    assert parsed is not None and parsed.within is not None
    values = {p.name: p.value for p in parsed.decls[1].props}
    assert values["power"] == ast.IntLit(values["power"].span, 0)
    assert values["flying"] == ast.BoolLit(values["flying"].span, False)
    assert values["school"] == ast.StrLit(values["school"].span, "no")  # a one-of, not no
    assert values["bonus"] == ast.IntLit(values["bonus"].span, 4)
    assert "home" not in values  # an empty cell is an absent field


def _kind(folder: Path) -> ast.Kind:
    comp = compile_paths([folder], checks=False)
    return next(d for d in comp.models[0].decls() if isinstance(d, ast.Kind) and d.id == "card")


@pytest.mark.parametrize("raw, cells", [
    ('a,"b, c",d\n', [(0, 1), (2, 8), (9, 10)]),
    ('"x ""y""",,\n', [(0, 9), (10, 10), (11, 11)]),
    ("", [(0, 0)]),
])
def test_cells_are_found_where_csv_splits_them(raw: str, cells: list[tuple[int, int]]) -> None:
    assert cell_starts(raw, ",") == cells


def test_a_tsv_sheet_reads_as_a_csv_one(tmp_path: Path) -> None:
    _game(tmp_path, "deck.cards.tsv", "kind\tid\tpower\tschool\tbonus\n"
          "card\tbolt\t3\tfire\tall\ncard\tdrip\tten\twater\t1\n")
    run = run_cli("check", "--no-checks", "g", cwd=tmp_path)
    assert run.code == 1
    assert "g/deck.cards.tsv:3:11: error[E401]: card `drip`: field `power`: expected a whole " \
           'number, got "ten"' in run.out


def test_every_finding_on_a_row_names_its_card() -> None:
    """The title and id of the card (or, for a bad id, its title) start each message."""
    assert all(message.startswith("'Unit ") for line, _, _, message in PLANTED if line > 1)


def test_a_missing_field_is_reported_at_its_empty_cell_or_its_row(tmp_path: Path) -> None:
    folder = _game(tmp_path, "cards.cards.csv", "id,title,power,bonus,school\n"
                   "bolt,Bolt,,all,fire\nsplash,,3,all,\n")
    (folder / "card.cards.csv").write_text("id,title,power,bonus\ndrip,Drip,1,2\n", "utf-8")
    run = run_cli("check", "--no-checks", "g", cwd=tmp_path)
    assert run.code == 1 and run.err == ""
    lines = run.out.splitlines()
    assert [line for line in lines if "missing field" in line] == [
        "g/card.cards.csv:2:1: error[E401]: 'Drip' (drip): missing field `school`",
        "g/cards.cards.csv:2:11: error[E401]: 'Bolt' (bolt): missing field `power`",
        "g/cards.cards.csv:3:15: error[E401]: card `splash`: missing field `school`"]
    assert "    hint: add a `school` column, with a value in every row" in lines


def test_a_sheet_with_a_stray_quote_is_an_error_at_its_line(tmp_path: Path) -> None:
    _game(tmp_path, "card.cards.csv", 'id,power,school,bonus\nbolt,3,fire,1\n"spl"x,1,water,2\n')
    run = run_cli("check", "--no-checks", "g", cwd=tmp_path)
    assert "g/card.cards.csv:3:1: error[E109]: card data is not a valid sheet" in run.out


YAML_TEXT = '''kind: card
within: cards
cards:
  - id: bolt
    title: Bolt
    power: 3
    bonus: all
    school: no
    flying: yes
    tags: [hot, quick]
    prose: Bolt deals 3.
  - id: drip
    power: "4"
    bonus: 2
    school: mud
    home: harbor
'''


def test_yaml_cards_are_typed_by_their_kind_and_reported_at_their_nodes(
        tmp_path: Path) -> None:
    _game(tmp_path, "deck.cards.yaml", YAML_TEXT)
    run = run_cli("check", "--no-checks", "g", cwd=tmp_path)
    lines = [line for line in run.out.splitlines() if line.startswith("g/deck")]
    assert lines == [
        "g/deck.cards.yaml:13:12: error[E401]: card `drip`: field `power`: expected a whole "
        'number, got "4"',
        "g/deck.cards.yaml:15:13: error[E401]: card `drip`: field `school`: expected one of "
        'fire, water, no; got "mud"',
        "g/deck.cards.yaml:16:11: error[E301]: card `drip`: field `home`: reference `harbor` "
        "names nothing declared"]


@pytest.mark.parametrize("text, message", [
    ("kind: card\ncards:\n  - &a {id: bolt, power: 1, school: fire}\n  - *a\n",
     "g/deck.cards.yaml:3:5: error[E109]: card data holds a value with an anchor"),
    ("- !!python/object/apply:os.system [touch pwned]\n",
     "g/deck.cards.yaml:1:3: error[E109]: card data holds the tag "
     "`tag:yaml.org,2002:python/object/apply:os.system`"),
    ("kind: card\ncards: [\n", "g/deck.cards.yaml:3:1: error[E109]: card data is not "
     "valid YAML"),
])
def test_hostile_yaml_is_refused_before_anything_is_built(tmp_path: Path, text: str,
                                                          message: str) -> None:
    _game(tmp_path, "deck.cards.yaml", text)
    run = run_cli("check", "--no-checks", "g", cwd=tmp_path)
    assert run.code == 1 and message in run.out
    assert not (tmp_path / "pwned").exists()


LUDEX_CARDS = ('card ember "Ember":\n  power: 1\n  school: fire\n  home: harbour\n'
               '  tags: ["warm", "red"]\n  bonus: 3\n  > Ember glows.\n'
               'card ash "Ash":\n  power: 0\n  school: water\n  flying: no\n  bonus: all\n')


@pytest.mark.parametrize("fmt", ["csv", "tsv", "yaml", "json"])
@pytest.mark.parametrize("source", ["sheet", "ludex"])
def test_export_then_import_gives_the_same_cards(tmp_path: Path, fmt: str,
                                                 source: str) -> None:
    if source == "sheet":
        folder = _game(tmp_path / "a", "cards.cards.csv", SHEET_TEXT)
    else:
        folder = _game(tmp_path / "a", "notes.md", "")
        (folder / "notes.md").unlink()
        (folder / "game.ludex").write_text(GAME + LUDEX_CARDS, encoding="utf-8")
    original = _cards(folder)
    text = _export(folder, "--cards", "g.card", "--format", fmt)
    again = _game(tmp_path / "b", f"card.cards.{fmt}", text)
    assert len(original) == 2
    assert _cards(again) == original


def test_kinds_export_gives_the_schema_of_a_card_data_file(tmp_path: Path) -> None:
    import jsonschema
    import yaml

    folder = _game(tmp_path, "cards.cards.csv", SHEET_TEXT)
    schemas = json.loads(_export(folder, "--kinds"))
    schema = schemas["g.card.cards"]
    jsonschema.Draft202012Validator.check_schema(schema)
    for fmt in ("json", "yaml"):
        text = _export(folder, "--cards", "card", "--format", fmt)
        jsonschema.validate(yaml.safe_load(text), schema)
        jsonschema.validate(yaml.safe_load(text)["cards"], schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate([{"id": "two words", "power": 1, "school": "fire"}], schema)


def test_a_file_the_game_does_not_read_is_a_note(tmp_path: Path) -> None:
    folder = _game(tmp_path, "units.csv", "id,power\nbolt,3\n")
    (folder / ".editorconfig").write_text("root = true\n", encoding="utf-8")
    run = run_cli("check", "--no-checks", "--show-notes", "g", cwd=tmp_path)
    assert run.code == 0, run.out
    assert "note[N503]: g/units.csv is not read: Ludex reads `.ludex` files and card data" \
        in run.out
    assert ".editorconfig" not in run.out
    assert "\n0 errors, 0 warnings, 1 note, " in run.out
