"""`ludex play`: a game played in the terminal from a script feeding its input, against
seeded random players; hidden information stays hidden; end of input ends it politely."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from .conftest import ROOT, Run, run_cli
from .test_match import DUEL

CRAZY_EIGHTS = ROOT / "rules" / "crazy_eights"


def play(monkeypatch: pytest.MonkeyPatch, answers: str, *args: str) -> Run:
    monkeypatch.setattr("sys.stdin", io.StringIO(answers))
    return run_cli("play", *args)


@pytest.fixture
def duel(tmp_path: Path) -> Path:
    (tmp_path / "duel").mkdir()
    (tmp_path / "duel" / "game.ludex").write_text(DUEL, encoding="utf-8")
    return tmp_path / "duel"


def test_a_script_plays_a_small_game_to_its_end(monkeypatch: pytest.MonkeyPatch,
                                               duel: Path) -> None:
    run = play(monkeypatch, "1\n" * 20, str(duel), "--players", "2", "--seed", "3")
    assert run.code == 0, run.err
    assert "you play ann; seats ann, bob; seed 3" in run.out
    assert "== ann, your decision ==" in run.out and "  1. " in run.out
    assert run.out.count("your action (1-2): 1") == 1  # two cards: one decision, then forced
    result = run.out.rsplit("result: ", 1)[1].strip()
    assert re.fullmatch(r"ann: \d+, bob: \d+", result)
    assert sum(int(n) for n in re.findall(r"\d+", result)) == 2 + 12 + 2 + 12  # all 4 played
    again = play(monkeypatch, "1\n" * 20, str(duel), "--players", "2", "--seed", "3")
    assert again.out == run.out  # the same seed, the same answers: the same game


def test_the_other_seat_and_wrong_answers(monkeypatch: pytest.MonkeyPatch, duel: Path) -> None:
    run = play(monkeypatch, "x\n0\n2\n", str(duel), "--seat", "bob", "--players", "2")
    assert run.code == 0 and "you play bob" in run.out and "== bob, your decision ==" in run.out
    assert run.out.count("please answer with a number from 1 to 2") == 2
    assert play(monkeypatch, "", str(duel), "--seat", "zed").code == 2


def test_the_end_of_input_ends_the_game_politely(monkeypatch: pytest.MonkeyPatch,
                                                 duel: Path) -> None:
    run = play(monkeypatch, "", str(duel))
    assert run.code == 1 and "no more input: the game is left unfinished" in run.out
    assert "Traceback" not in run.out + run.err


def test_crazy_eights_is_played_to_the_end_without_seeing_hidden_cards(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # always the second action: a card when one can be played (the first is to draw)
    run = play(monkeypatch, "2\n" * 5000, str(CRAZY_EIGHTS), "--players", "3", "--seed", "2")
    assert run.code == 0, run.err
    assert "== the game is over ==" in run.out
    assert re.search(r"result: ann: \d+, bob: \d+, cid: \d+\n$", run.out)
    assert "your action" in run.out and "pile: " in run.out and "stock: " in run.out
    # never another player's hand, the stock's order, or what another player chose
    assert not re.search(r"  hand@(bob|cid): (?!\d+ hidden\n)", run.out)
    assert re.search(r"  hand@bob: \d+ hidden\n", run.out)
    assert not re.search(r"draw \w+: stock -> hand@(bob|cid)", run.out)
    assert not re.search(r"draw \w+: [\w@]+ -> stock", run.out)
    assert not re.search(r"choose \S+ \[(bob|cid)\]: chosen", run.out)
    assert "draw a card: stock -> hand@bob" in run.out
    assert re.search(r"move \w+: hand@bob -> pile", run.out)  # a card played is seen
