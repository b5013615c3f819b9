"""Hostile input in diagnostics, limits on numbers and ids, and outputs never lost.

Every text from the input reaches the terminal, a CI log or a report only made
visible (`ludex.core.diagnostics.visible`): a newline, an ESC or a line starting
`::error file=...::` cannot forge a GitHub Actions annotation or colour a
terminal, in any format. A number of 5,000 digits, a lone surrogate in card data
and a 300-character id are findings (E110, E109), never internal errors. Two
declarations that would write one output file are E308.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from ludex.backends.collisions import check_outputs
from ludex.core.diagnostics import Diagnostic, Diagnostics, visible
from ludex.pipeline import compile_paths

from .conftest import ROOT, Run, run_cli

GAME = '''game g "G":
  > Cards in a data file.
kind card "Card":
  field power: int 0..9
section cards "Cards":
  > The cards.
'''
FORMATS = ("text", "json", "sarif", "markdown")
FORGED = "::error file=x::forged"
# every line break str.splitlines knows, the C0 and C1 controls, DEL, the bidi controls
LINE_BREAKS = "\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029"
BIDI = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"


def _game(tmp_path: Path, cards: str | None = None, name: str = "g",
          ludex: str = GAME) -> Path:
    folder = tmp_path / name
    folder.mkdir()
    (folder / "game.ludex").write_text(ludex, encoding="utf-8")
    if cards is not None:
        (folder / "deck.cards.json").write_text(cards, encoding="utf-8")
    return folder


def _check(folder: Path, fmt: str = "text", *extra: str) -> Run:
    return run_cli("check", "--no-checks", "--format", fmt, *extra, folder.name,
                   cwd=folder.parent)


def _output(run: Run) -> str:
    assert run.err == ""  # no traceback, no usage error
    assert run.code == 1, run.out + run.err
    return run.out  # the report; nothing else is printed


def _strings(value: object) -> list[str]:
    """Every string inside decoded JSON."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in [k, *_strings(v)]]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def _safe(text: str) -> None:
    """Nothing in `text` can forge an annotation or reach the terminal as a control."""
    assert not any(line.startswith("::") for line in text.splitlines()), text
    assert not any(ch in text for ch in "\x1b\x00\x85\u2028\u2029\u202e"), ascii(text)


# ---------------------------------------------------------------- visible


def test_visible_escapes_every_control_line_break_and_bidi_character() -> None:
    controls = "".join(map(chr, [*range(0x20), *range(0x7f, 0xa0)]))
    shown = visible(f"a{controls}{LINE_BREAKS}{BIDI}\ud800z")
    assert shown.isascii() and shown.isprintable()
    assert len(shown.splitlines()) == 1
    assert visible("\x1b[31m\n\t\r\x7f\x85\u2028\u202e\ud800") == \
        "\\x1b[31m\\n\\t\\r\\x7f\\x85\\u2028\\u202e\\ud800"


def test_visible_keeps_ordinary_text_and_is_idempotent() -> None:
    text = "Crème brûlée, 3 ≤ x, «quoted», 😀, `code` and a\\nliteral backslash"
    assert visible(text) == text
    once = visible(f"x\n{FORGED}\x1b")
    assert visible(once) == once == f"x\\n{FORGED}\\x1b"


def test_every_way_of_making_a_diagnostic_makes_it_visible() -> None:
    diags = Diagnostics()
    diags.add("E401", "bad\nkey", None, "hint\x1b", "a\u2028b")
    made = Diagnostic("W610", "x\u202ey", None, "\x85")
    assert [(d.message, d.hint, d.decl) for d in [*diags, made]] == [
        ("bad\\nkey", "hint\\x1b", "a\\u2028b"), ("x\\u202ey", "\\x85", None)]


# ---------------------------------------------------------------- card data, every format


def test_card_key_with_escape_sequence_shows_escaped_in_every_format(tmp_path: Path) -> None:
    folder = _game(tmp_path, '{"kind": "card", "cards": [{"id": "a", "power": 1, '
                             '"a\\u001b[31mred": 1}]}')
    text = _output(_check(folder))
    assert "g/deck.cards.json:1:52: error[E401]: card `a`: `a\\x1b[31mred` is not a field " \
           "of kind `card`" in text
    for fmt in FORMATS:
        out = _output(_check(folder, fmt))
        _safe(out)
        shown = {"text": "a\\x1b[31mred", "markdown": "a\\\\x1b\\[31mred"}
        assert shown.get(fmt, "a\\\\x1b[31mred") in out
        if fmt in ("json", "sarif"):
            assert not any("\x1b" in s for s in _strings(json.loads(out)))
            assert any("`a\\x1b[31mred`" in s for s in _strings(json.loads(out)))


def test_kind_with_a_forged_annotation_never_starts_a_line(tmp_path: Path) -> None:
    folder = _game(tmp_path, json.dumps({"kind": f"card\n{FORGED}\u2028{FORGED}",
                                         "cards": [{"id": "b"}]}))
    for fmt in FORMATS:
        out = _output(_check(folder, fmt))
        _safe(out)
        if fmt in ("json", "sarif"):
            for s in _strings(json.loads(out)):
                _safe(s)
    text = _output(_check(folder))
    assert f"error[E304]: `card\\n{FORGED}\\u2028{FORGED}` is neither" in text


def test_within_with_controls_is_escaped(tmp_path: Path) -> None:
    folder = _game(tmp_path, json.dumps({"kind": "card", "within": f"w\x1b[31m\n{FORGED}",
                                         "cards": [{"id": "b", "power": 1}]}))
    text = _output(_check(folder))
    _safe(text)
    assert f"error[E301]: `within w\\x1b[31m\\n{FORGED}` names no declaration" in text


def test_bidi_override_in_a_card_key_is_escaped(tmp_path: Path) -> None:
    folder = _game(tmp_path, json.dumps({"kind": "card", "cards": [
        {"id": "b", "power": 1, "safe\u202eevil\u2066": 2}]}))
    for fmt in FORMATS:
        out = _output(_check(folder, fmt))
        assert not any(ch in out for ch in BIDI)
    assert "`safe\\u202eevil\\u2066`" in _output(_check(folder))


def test_markdown_report_cannot_inject_markup(tmp_path: Path) -> None:
    folder = _game(tmp_path, json.dumps({"kind": "card", "cards": [
        {"id": "b", "power": 1, "<svg onload=location=name x=>[l](j) ~~s~~": 2}]}))
    out = _output(_check(folder, "markdown"))
    row = next(line for line in out.splitlines() if "svg" in line)
    assert "<" not in row and ">" not in row
    assert "&lt;svg onload=location=name x=&gt;\\[l\\]\\(j\\) &#126;&#126;s&#126;&#126;" in row


# ---------------------------------------------------------------- file and folder names


def test_file_and_folder_names_are_escaped_in_every_format(tmp_path: Path) -> None:
    name = f"g\x1b[31m\n{FORGED}"
    folder = _game(tmp_path, name=name, ludex='game g "G":\n  see: nowhere\n')
    (folder / f"more\n{FORGED}.ludex").write_text('stat s "S":\n  per: nothing\n', "utf-8")
    text = _output(_check(folder))
    _safe(text)
    assert f"g\\x1b[31m\\n{FORGED}/game.ludex:2:8: error[E301]" in text
    assert f"g\\x1b[31m\\n{FORGED}/more\\n{FORGED}.ludex:2:8: error[E301]" in text
    for fmt in ("json", "sarif", "markdown"):
        _safe(_output(_check(folder, fmt)))
    files = {f["file"] for f in json.loads(_output(_check(folder, "json")))["findings"]}
    assert f"g\\x1b[31m\\n{FORGED}/game.ludex" in files
    sarif = json.loads(_output(_check(folder, "sarif")))
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            for r in sarif["runs"][0]["results"]}
    assert "g%1B%5B31m%0A%3A%3Aerror%20file%3Dx%3A%3Aforged/game.ludex" in uris


def test_suppression_reason_is_escaped(tmp_path: Path) -> None:
    folder = _game(tmp_path, ludex=f'''game g "G":
  > x
stat trust "Trust":
  range: 0..9
  suppress W610 "kept\\n{FORGED}"
''')
    run = run_cli("check", folder.name, cwd=tmp_path)
    assert run.code == 0, run.out + run.err
    _safe(run.out)
    assert f"suppressed W610 at `trust` (g/game.ludex:5:12): kept\\n{FORGED}" in run.out
    data = json.loads(run_cli("check", "--format", "json", folder.name, cwd=tmp_path).out)
    assert data["suppressions"][0]["reason"] == f"kept\\n{FORGED}"


def test_source_line_is_counted_as_the_parser_counts_it(tmp_path: Path) -> None:
    """A U+2028 or a form feed inside a line is not a line break: the line shown is the
    line of the error, and the separator in it is no raw character."""
    folder = _game(tmp_path, ludex='game g "G":\n  > one\u2028two\fthree\n  see: nowhere\n')
    text = _output(_check(folder))
    _safe(text)
    assert "g/game.ludex:3:8: error[E301]" in text
    assert "\n      see: nowhere\n" in text


# ---------------------------------------------------------------- limits: E110, E109


def test_number_of_5000_digits_is_e110_not_an_internal_error(tmp_path: Path) -> None:
    folder = _game(tmp_path, ludex='game g "G":\n  > x\nstat s "S":\n  range: 0..'
                   + "9" * 5000 + "\n")
    text = _output(_check(folder))
    assert "g/game.ludex:4:13: error[E110]: a number of 5000 digits: numbers have at most " \
           "18 digits" in text
    assert "internal error" not in text


def test_numbers_up_to_18_digits_are_fine(tmp_path: Path) -> None:
    folder = _game(tmp_path, ludex='game g "G":\n  > x\nstat s "S":\n  range: 0..'
                   '999999999999999999\n  start: 000000000000000000000000007\n')
    run = _check(folder)
    assert run.code == 0, run.out + run.err


def test_huge_numbers_in_card_data_are_e110(tmp_path: Path) -> None:
    folder = _game(tmp_path, '{"kind": "card", "cards": [\n  {"id": "a",\n   "power": '
                   + "9" * 5000 + '},\n  {"id": "b", "power": [-' + "1" * 19 + ']}\n]}')
    text = _output(_check(folder))
    assert "g/deck.cards.json:3:4: error[E110]: a number of 5000 digits" in text
    assert "g/deck.cards.json:4:15: error[E110]: a number of 19 digits" in text


@pytest.mark.parametrize("text", ['"\\ud800"', '"ok \\udfff"', '"\\ud83d"'])
def test_lone_surrogate_in_card_data_is_e109_at_its_line(tmp_path: Path, text: str) -> None:
    folder = _game(tmp_path, '{"kind": "card", "cards": [\n  {"id": "c", "power": 1,\n'
                             f'   "title": {text}}}\n]}}')
    out = _output(_check(folder))
    assert "g/deck.cards.json:3:13: error[E109]: card data holds a text that is not " \
           "Unicode" in out
    assert "internal error" not in out
    for fmt in FORMATS:
        _safe(_output(_check(folder, fmt)))


def test_lone_surrogate_in_a_card_key_is_e109(tmp_path: Path) -> None:
    folder = _game(tmp_path, '{"kind": "card", "cards": [\n  {"id": "c", "power": 1,\n'
                             '   "\\udc00": 1}\n]}')
    assert "g/deck.cards.json:3:4: error[E109]" in _output(_check(folder))


def test_surrogate_pairs_are_characters(tmp_path: Path) -> None:
    folder = _game(tmp_path, '{"kind": "card", "cards": [{"id": "c", "power": 1, '
                             '"title": "\\ud83d\\ude00"}]}')
    run = _check(folder)
    assert run.code == 0, run.err


@pytest.mark.parametrize("prose", ["5", "null", '["x", {}]'])
def test_card_prose_that_is_not_text_is_e202(tmp_path: Path, prose: str) -> None:
    folder = _game(tmp_path, '{"kind": "card", "cards": [{"id": "c", "power": 1, '
                             f'"prose": {prose}}}]}}')
    assert "g/deck.cards.json:1:52: error[E202]: a card's `prose` is a text or a list of " \
           "texts" in _output(_check(folder))


def test_card_prose_may_be_one_text(tmp_path: Path) -> None:
    folder = _game(tmp_path, '{"kind": "card", "cards": [{"id": "c", "power": 1, '
                             '"prose": "One paragraph."}]}')
    assert _check(folder).code == 0
    data = json.loads(run_cli("export", "--json", folder.name, cwd=tmp_path).out)
    card = next(f for f in data["games"][0]["files"] if f["path"].endswith(".json"))
    assert [p["text"] for p in card["decls"][0]["prose"]] == ["One paragraph."]


@pytest.mark.parametrize("depth", [60, 400, 490])
def test_deeply_nested_card_field_is_e109(tmp_path: Path, depth: int) -> None:
    folder = _game(tmp_path, '{"kind": "card", "cards": [{"id": "a", "power": '
                   + "[" * depth + "]" * depth + "}]}")
    out = _output(_check(folder))  # deeper still, the JSON reader itself says so
    assert "error[E109]: a card field nests lists more than 48 deep" in out or \
        (depth > 60 and "error[E109]: card data is nested too deeply" in out)


def test_id_of_300_characters_is_e110_and_build_writes_nothing(tmp_path: Path) -> None:
    folder = _game(tmp_path, ludex=f'game g "G":\n  > x\nsection {"a" * 300} "S":\n  > y\n')
    text = _output(_check(folder))
    assert "g/game.ludex:3:9: error[E110]: an id of 300 characters, more than the 64 an id " \
           "may have" in text
    run = run_cli("build", "--engine-dir", "out/gen", "--site-dir", "out/site", folder.name,
                  cwd=tmp_path)
    assert run.code == 1 and "Traceback" not in run.err and "internal error" not in run.err
    assert not (tmp_path / "out").exists()


def test_game_id_and_card_id_beyond_the_limit_are_e110(tmp_path: Path) -> None:
    long = "c" * 65
    folder = _game(tmp_path, json.dumps({"kind": "card", "cards": [
        {"id": long, "power": 1}]}), ludex=GAME.replace("game g ", f"game {'g' * 65} "))
    text = _output(_check(folder))
    assert "g/game.ludex:1:6: error[E110]: an id of 65 characters" in text
    assert "g/deck.cards.json:1:29: error[E110]: a card id of 65 characters" in text


# ---------------------------------------------------------------- E308: no silent loss


def _models(tmp_path: Path, games: dict[str, str]) -> tuple[list[Path], Diagnostics]:
    paths = [_game(tmp_path, name=name, ludex=text) for name, text in games.items()]
    comp = compile_paths([p.relative_to(ROOT) if p.is_relative_to(ROOT) else p
                          for p in paths], checks=False)
    diags = Diagnostics()
    check_outputs(comp.models, diags)
    return paths, diags


def test_games_sharing_an_engine_package_are_e308(tmp_path: Path) -> None:
    paths, diags = _models(tmp_path, {g: f'game {g} "G":\n  > x\n'
                                      for g in ("Chess", "chess", "_chess_")})
    found = [(d.code, Path(d.span.file).parent.name, d.message) for d in diags if d.span]
    assert [f[:2] for f in found] == [("E308", "_chess_"), ("E308", "chess")]
    assert "game `chess` would write its engine to `chess/`, as game `Chess` does" in \
        found[1][2]


def test_section_index_and_case_only_ids_are_e308(tmp_path: Path) -> None:
    _, diags = _models(tmp_path, {"s": '''game s "S":
  > x
section index "Index":
  > y
section rules "Rules":
  section index "Rules index":
    > w
section Setup "Setup":
  > a
section setup "Setup again":
  > b
'''})
    found = [(d.span.line, d.message) for d in diags if d.span]
    assert [line for line, _ in found] == [3, 6, 10]
    assert "`section index` would be written to `docs/s/index.md`, over the overview page " \
           "of game `s`" in found[0][1]
    assert "`section rules.index` would be written to `docs/s/rules/index.md`, over " \
           "`section rules`" in found[1][1]
    assert "`section setup` would be written to `docs/s/setup.md`, over `section Setup`" in \
        found[2][1]


def test_distinct_games_and_pages_are_no_e308(tmp_path: Path) -> None:
    _, diags = _models(tmp_path, {"a": 'game a "A":\n  > x\nsection index_of_rules "I":\n'
                                       '  > y\n', "b": 'game b "B":\n  > x\n'})
    assert list(diags) == []


def test_the_rules_corpus_has_no_output_collision() -> None:
    comp = compile_paths([ROOT / "rules"], checks=False)
    diags = Diagnostics()
    check_outputs(comp.models, diags)
    assert list(diags) == []


def test_output_collisions_fail_check_through_the_cli(tmp_path: Path) -> None:
    """Needs `check_outputs` called from `driver.compile_paths`."""
    for name in ("Chess", "chess"):
        _game(tmp_path, name=name, ludex=f'game {name} "G":\n  > x\n')
    run = run_cli("check", "--no-checks", "Chess", "chess", cwd=tmp_path)
    assert run.code == 1, run.out + run.err
    assert "chess/game.ludex:1:1: error[E308]: game `chess` would write its engine to " \
           "`chess/`" in run.out
