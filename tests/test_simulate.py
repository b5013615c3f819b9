"""`ludex simulate`: random playouts of a small game written for the test (the `duel`
of tests/test_match.py) and of Crazy Eights: the report, the same with 1 and 2 workers,
and every dead end with the seed and actions that reproduce it."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from ludex.cli.term import Progress
from ludex.pipeline import compile_paths
from ludex.runtime import Match, NotExecutable
from ludex.verify.playouts import definitions, engine_files

from .conftest import ROOT, run_cli
from .test_match import DUEL

UNUSED = """
rule bonus "A bonus nothing grants":
  effect:
    gain 1 score
"""


def folder(tmp_path: Path, text: str, name: str = "duel") -> Path:
    (tmp_path / name).mkdir()
    (tmp_path / name / "game.ludex").write_text(text, encoding="utf-8")
    return tmp_path / name


def test_the_report_is_the_same_with_one_worker_and_two(tmp_path: Path) -> None:
    game = folder(tmp_path, DUEL + UNUSED)
    one = run_cli("simulate", str(game), "--games", "24", "--seed", "5", "--workers", "1",
                  "--format", "json")
    two = run_cli("simulate", str(game), "--games", "24", "--seed", "5", "--workers", "2",
                  "--format", "json")
    assert one.code == two.code == 0 and one.out == two.out and one.err == ""
    report = json.loads(one.out)
    assert (report["games"], report["finished"], report["dead_ends"]) == (24, 24, [])
    # three players (the declared ones), two cards each: six turns, each plays a card
    assert (report["counted"], report["median"], report["maximum"]) == ("turns", 6, 6)
    assert report["fired"]["turn.play"] == 24 * 6 and report["fired"]["game.deal"] == 24
    assert report["never_fired"] == ["bonus"]
    text = run_cli("simulate", str(game), "--games", "24", "--seed", "5", "--workers", "2")
    assert "24 finished, 0 dead ends" in text.out and "median 6, maximum 6" in text.out
    assert "rules never fired: bonus" in text.out


def test_a_state_with_no_legal_action_is_a_dead_end_that_replays(tmp_path: Path) -> None:
    # the rounds never end, and the empty hand's choice says nothing for that case
    endless = DUEL.replace("== 0\n", "== 99\n").replace(
        '      else:\n        log "nothing left to play"\n', "")
    game = folder(tmp_path, endless)
    run = run_cli("simulate", str(game), "--games", "3", "--seed", "7", "--workers", "1",
                  "--format", "json")
    assert run.code == 1
    dead = json.loads(run.out)["dead_ends"]
    assert [d["seed"] for d in dead] == [7, 8, 9]
    assert {d["kind"] for d in dead} == {"no legal action"}
    # a choice for each first card (the last is forced: no decision), then stuck
    assert all(len(d["actions"]) == 3 for d in dead)
    defs = definitions(engine_files(compile_paths([game], checks=False).models[0]), "duel")
    match = Match(defs, seed=dead[0]["seed"])
    for name in dead[0]["actions"][:-1]:
        match.apply(name)
    with pytest.raises(NotExecutable, match="nothing to choose"):
        match.apply(dead[0]["actions"][-1])


def test_a_playout_past_the_step_limit_is_a_dead_end(tmp_path: Path) -> None:
    game = folder(tmp_path, DUEL)
    run = run_cli("simulate", str(game), "--games", "2", "--seed", "1", "--max-steps", "2",
                  "--workers", "1")
    assert run.code == 1
    assert "0 finished, 2 dead ends" in run.out
    assert "DEAD END seed 1: step limit: still playing after 2 decisions" in run.out
    actions = run.out.split("DEAD END seed 1")[1].splitlines()[1].split(": ", 1)[1].split()
    defs = definitions(engine_files(compile_paths([game], checks=False).models[0]), "duel")
    match = Match(defs, seed=1)
    for name in actions:
        match.apply(name)
    assert not match.is_over() and len(match.actions) == 2


def test_an_engine_error_is_a_dead_end(tmp_path: Path) -> None:
    # the card played is moved from the hand a second time: a rule error at the first turn
    twice = "gain c.rank score\n        move c from hand to table"
    broken = DUEL.replace("gain c.rank score", twice)
    run = run_cli("simulate", str(folder(tmp_path, broken)), "--games", "1", "--workers", "1")
    assert run.code == 1 and "DEAD END seed 0: error: Illegal:" in run.out
    assert "is not in hand" in run.out


def test_wrong_arguments_are_usage_errors(tmp_path: Path) -> None:
    game = folder(tmp_path, DUEL)
    assert run_cli("simulate", str(game), "--players", "7").code == 2
    assert run_cli("simulate", str(game), "--games", "0").code == 2


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_progress_bar_draws_only_on_a_terminal(tmp_path: Path) -> None:
    tty = _Tty()
    bar = Progress(4, "games", tty, wait=0)
    for done in range(1, 5):
        bar.update(done)
    bar.close()
    out = tty.getvalue()
    assert out.startswith("\r[") and "4/4 games" in out and out.endswith("\r")
    run = run_cli("simulate", str(folder(tmp_path, DUEL)), "--games", "3", "--workers", "1")
    assert run.err == ""  # the test's stderr is no terminal


def test_crazy_eights_plays_to_its_end() -> None:
    run = run_cli("simulate", str(ROOT / "rules" / "crazy_eights"), "--games", "3",
                  "--seed", "1", "--players", "4", "--workers", "1", "--format", "json")
    report = json.loads(run.out)
    assert run.code == 0 and report["finished"] == 3 and report["counted"] == "turns"
    assert report["fired"]["deal"] == 3 and report["maximum"] >= report["median"] > 0


def test_a_game_without_a_turn_counts_decisions(tmp_path: Path) -> None:
    no_turn = DUEL.replace("procedure turn ", "procedure go ").replace("trigger turn", "trigger go")
    run = run_cli("simulate", str(folder(tmp_path, no_turn)), "--games", "4", "--players", "2",
                  "--workers", "1", "--format", "json")
    report = json.loads(run.out)
    # two players with two cards each: the first card of each is a choice, the last forced
    assert run.code == 0 and (report["counted"], report["median"]) == ("decisions", 2)


def test_a_playout_past_its_time_limit_is_a_dead_end(tmp_path: Path) -> None:
    run = run_cli("simulate", str(folder(tmp_path, DUEL)), "--games", "2", "--workers", "1",
                  "--time-limit", "1e-9", "--format", "json")
    dead = json.loads(run.out)["dead_ends"]
    assert run.code == 1 and [(d["seed"], d["kind"]) for d in dead] == [(0, "time limit"),
                                                                        (1, "time limit")]
    assert all(d["actions"] == [] for d in dead)  # stopped at the first decision
