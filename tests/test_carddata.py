"""Card data kept as JSON: validated by the same kind schemas, diagnostics at JSON lines."""

from __future__ import annotations

import json
from pathlib import Path

from .conftest import run_cli

GAME = '''game g "G":
  > Cards in a data file.
kind district "District":
  field guards: int 0..3
district harbour "Harbour":
  guards: 1
kind card "Card":
  field power: int 0..9
  field school: one of fire, water
  field home: optional ref district
section cards "Cards":
  > The cards.
'''


def _folder(tmp_path: Path, cards: object) -> Path:
    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "game.ludex").write_text(GAME, encoding="utf-8")
    text = cards if isinstance(cards, str) else json.dumps(cards, indent=1)
    (folder / "deck.cards.json").write_text(text, encoding="utf-8")
    return folder


def test_cards_from_json_are_instances_like_any_other(tmp_path: Path) -> None:
    folder = _folder(tmp_path, {"kind": "card", "within": "cards", "cards": [
        {"id": "bolt", "title": "Bolt", "power": 3, "school": "fire", "home": "harbour",
         "prose": ["Bolt deals 3 damage."]}]})
    run = run_cli("check", "--no-checks", str(folder))
    assert run.code == 0, run.out + run.err
    data = json.loads(run_cli("export", "--json", str(folder)).out)
    files = {Path(f["path"]).name: f for f in data["games"][0]["files"]}
    bolt = files["deck.cards.json"]["decls"][0]
    assert (bolt["node"], bolt["keyword"], bolt["qualname"]) == ("Instance", "card", "cards.bolt")
    assert bolt["prose"][0]["text"] == "Bolt deals 3 damage."


def test_card_data_errors_point_at_json_lines(tmp_path: Path) -> None:
    folder = _folder(tmp_path, """{"kind": "card", "cards": [
  {"id": "splash", "title": "Splash",
   "power": 12, "school": "mud",
   "home": "harbor"},
  {"id": "drip", "power": 1, "colour": "blue"}
]}
""")
    run = run_cli("check", "--no-checks", str(folder))
    assert run.code == 1
    path = folder / "deck.cards.json"
    lines = path.read_text("utf-8").splitlines()
    for message, needle in [("field `power`: must be at most 9, got 12", '"power": 12'),
                            ('field `school`: expected one of fire, water; got "mud"',
                             '"school": "mud"'),
                            ("reference `harbor` names nothing declared", '"home": "harbor"'),
                            ("`colour` is not a field of kind `card`", '"colour"'),
                            ("card `drip`: missing field `school`", '"id": "drip"')]:
        line = next(i for i, text in enumerate(lines, start=1) if needle in text)
        assert f"{path}:{line}:" in run.out.split(message)[0].splitlines()[-1], message
    assert "did you mean `harbour`?" in run.out


def test_malformed_card_data_is_a_diagnostic(tmp_path: Path) -> None:
    folder = _folder(tmp_path, '{"kind": "card", "cards": [\n  {"id": "x",}\n]}\n')
    run = run_cli("check", str(folder))
    assert run.code == 1 and "Traceback" not in run.err
    assert "deck.cards.json:2:" in run.out and "error[E109]: card data is not valid JSON" in run.out
    (folder / "deck.cards.json").write_text('{"cards": 3}', encoding="utf-8")
    run = run_cli("check", str(folder))
    assert 'error[E109]: card data must be an object with "kind"' in run.out


def test_deeply_nested_card_data_is_a_diagnostic(tmp_path: Path) -> None:
    folder = _folder(tmp_path, '{"kind": "card", "cards": [' + "[" * 50_000 + "]" * 50_000 + "]}")
    run = run_cli("check", str(folder))
    assert run.code == 1 and "internal error" not in run.err
    assert "error[E109]: card data is nested too deeply" in run.out
