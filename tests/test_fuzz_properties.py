"""Property-based fuzzing of the parser, the card-data reader, the emitters and the
highlighter (Hypothesis; see `tests/fuzz/README.md`).

Every property runs under the fuzz profile (`LUDEX_FUZZ=full` for the long run). A
failing example is saved in `tests/fuzz/corpus/` and, once the bug is fixed, replayed
by `test_corpus_entry` on every run.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from ludex.backends.highlight import LudexLexer

from .fuzz import CORPUS, examples, save_failure
from .fuzz.oracle import assert_checks_cleanly, assert_emits, write
from .fuzz.strategies import card_json, game_text, mutated_text, vocabulary_text

CARD_GAME = '''game g "G":
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


def _saving(folder: str, suffix: str, text: str, check: Callable[[], object]) -> None:
    try:
        check()
    except Exception:
        save_failure(folder, text, suffix)
        raise


def _scratch(factory: pytest.TempPathFactory, name: str) -> Path:
    folder = factory.getbasetemp() / name
    folder.mkdir(exist_ok=True)
    return folder


def check_ludex(folder: Path, text: str) -> None:
    """The parser oracle, and the emitters' when the text checks clean."""
    path = write(folder / "case.ludex", text)
    if assert_checks_cleanly(path, folder).code == 0:
        assert_emits(path)


def check_cards(folder: Path, text: str) -> None:
    game = folder / "g"
    game.mkdir(exist_ok=True)
    (game / "game.ludex").write_text(CARD_GAME, encoding="utf-8")
    write(game / "deck.cards.json", text)
    assert_checks_cleanly(game, folder)


# ---------------------------------------------------------------- properties


@examples(ci=60, full=6000)
@given(text=vocabulary_text)
def test_text_of_the_languages_words_checks_cleanly(
        tmp_path_factory: pytest.TempPathFactory, text: str) -> None:
    folder = _scratch(tmp_path_factory, "vocabulary")
    _saving("parse", ".ludex", text, lambda: check_ludex(folder, text))


@examples(ci=60, full=6000)
@given(text=mutated_text())
def test_edited_rule_files_check_cleanly(
        tmp_path_factory: pytest.TempPathFactory, text: str) -> None:
    folder = _scratch(tmp_path_factory, "mutated")
    _saving("parse", ".ludex", text, lambda: check_ludex(folder, text))


@examples(ci=60, full=6000)
@given(text=card_json())
def test_card_data_checks_cleanly(tmp_path_factory: pytest.TempPathFactory, text: str) -> None:
    folder = _scratch(tmp_path_factory, "cards")
    _saving("cards", ".cards.json", text, lambda: check_cards(folder, text))


@examples(ci=25, full=1200)
@given(text=game_text())
def test_games_with_hostile_text_check_clean_and_emit(
        tmp_path_factory: pytest.TempPathFactory, text: str) -> None:
    folder = _scratch(tmp_path_factory, "games")

    def check() -> None:
        path = write(folder / "case.ludex", text)
        run = assert_checks_cleanly(path, folder)
        assert run.code == 0, (run.out + run.err)[-3000:]
        assert assert_emits(path) > 0

    _saving("parse", ".ludex", text, check)


@examples(ci=150, full=20000)
@given(text=vocabulary_text | mutated_text())
def test_highlighter_keeps_every_character(text: str) -> None:
    """The site's Pygments lexer never raises and drops or invents no character."""
    tokens = list(LudexLexer().get_tokens_unprocessed(text))
    assert "".join(value for _, _, value in tokens) == text


# ---------------------------------------------------------------- the corpus


def _corpus() -> list[object]:
    params: list[object] = []
    for path in sorted([*(CORPUS / "parse").glob("*.ludex"),
                        *(CORPUS / "cards").glob("*.cards.json")]):
        reason = path.with_name(path.name + ".xfail")
        marks = [pytest.mark.xfail(strict=True, reason=reason.read_text("utf-8").strip())] \
            if reason.exists() else []
        params.append(pytest.param(path, id=f"{path.parent.name}/{path.name}", marks=marks))
    return params


@pytest.mark.parametrize("entry", _corpus())
def test_corpus_entry(tmp_path: Path, entry: Path) -> None:
    """Every saved seed and every example a fuzz run found still satisfies the oracle."""
    text = entry.read_bytes().decode("utf-8", "surrogatepass")
    if entry.parent.name == "cards":
        check_cards(tmp_path, text)
    else:
        check_ludex(tmp_path, text)
