"""The forms that shape a procedure's run, on a small game of the tests' own
(`tests/fixtures/engine/structure.ludex`): `end` and `skip to`."""

from __future__ import annotations

from typing import Any

import pytest
from ludex.runtime import Ctx, Game, Illegal, NotExecutable
from ludex.runtime.defs import ProcedureDef, RuleDef
from ludex.syntax.format import format_text
from ludex.verify.examples import PASS, engine_of, example_results

from .conftest import FIXTURES, compiled_game

STRUCTURE = FIXTURES / "engine" / "structure.ludex"


@pytest.fixture(scope="module")
def defs() -> Any:
    return engine_of(compiled_game(STRUCTURE).models[0]).DEFINITIONS


def test_the_games_examples_pass() -> None:
    results = example_results(compiled_game(STRUCTURE))
    assert {r.example: r.status for r in results} == {
        name: PASS for name in ("full_attack", "blocked_attack", "dodged_attack", "riposted",
                                  "wounds_change_hands", "each_fighter_takes_a_turn",
                                  "pollux_goes_first", "storm_in_two_rounds",
                                  "harvest_on_the_third_day", "the_ship_sinks")}


def _steps(game: Game) -> list[str]:
    return [e.what for e in game.log if e.kind in ("step", "rule", "end", "skip_to")]


def test_end_skips_the_rest_and_the_end_hooks_still_run(defs: Any) -> None:
    game = Game(defs)
    game.set(None, "guard", 2)
    game.trigger("attack")
    assert _steps(game) == ["attack.aim", "block", "attack", "tally"]
    assert [e.detail for e in game.log if e.kind == "end"] == ["ended early"]
    assert game.get(None, "hits") == 1 and game.get(None, "cleared") == 1


def test_skip_to_goes_on_from_the_step(defs: Any) -> None:
    game = Game(defs)
    game.set(None, "guard", 1)
    game.trigger("attack")
    assert _steps(game) == ["attack.aim", "dodge", "attack", "attack.clear", "tally"]
    assert [e.detail for e in game.log if e.kind == "skip_to"] == ["attack.clear"]


def test_a_bare_end_ends_the_innermost_procedure_and_the_rule_counts_as_used(
        defs: Any) -> None:
    game = Game(defs)
    game.set(None, "guard", 3)
    game.trigger("attack")
    assert _steps(game) == ["attack.aim", "attack.strike", "riposte", "attack", "tally"]
    assert game.get(None, "hits") == 13
    assert game.running_procedures == []


def test_end_and_skip_to_outside_a_run_are_refused(defs: Any) -> None:
    game = Game(defs)
    with pytest.raises(Illegal, match="no procedure is running"):
        game.end_procedure(None)
    with pytest.raises(Illegal, match="attack is not running"):
        game.end_procedure("attack")
    with pytest.raises(Illegal, match="attack is not running"):
        game.skip_to("attack", "attack.clear")


def _looping() -> Game:
    """A procedure whose second step skips back to its first, forever."""
    from dataclasses import replace

    from ludex.runtime.defs import Definitions

    def back(g: Game, ctx: Ctx) -> None:
        g.skip_to("loop", "loop.one")

    rules = {"loop.one": RuleDef("loop.one", kind="step"),
             "loop.two": RuleDef("loop.two", kind="step", effect=back)}
    defs = replace(Definitions("looping"), rules=rules,
                   procedures={"loop": ProcedureDef("loop", steps=("loop.one", "loop.two"))})
    return Game(defs)


def test_skipping_back_forever_is_a_runaway() -> None:
    game = _looping()
    with pytest.raises(NotExecutable, match="skipped back 10000 times"):
        game.trigger("loop")


def test_an_end_of_an_outer_procedure_ends_the_inner_one_and_its_period() -> None:
    from dataclasses import replace

    from ludex.runtime.defs import Definitions

    def stop(g: Game, ctx: Ctx) -> None:
        g.end_procedure("battle")

    def inner(g: Game, ctx: Ctx) -> None:
        g.trigger("round", ctx)

    rules = {"battle.fight": RuleDef("battle.fight", kind="step", effect=inner),
             "battle.after": RuleDef("battle.after", kind="step"),
             "round.strike": RuleDef("round.strike", kind="step", effect=stop),
             "round.more": RuleDef("round.more", kind="step")}
    defs = replace(Definitions("battles"), rules=rules, procedures={
        "battle": ProcedureDef("battle", steps=("battle.fight", "battle.after")),
        "round": ProcedureDef("round", steps=("round.strike", "round.more"))})
    game = Game(defs)
    game.trigger("battle")
    assert [e.what for e in game.log if e.kind in ("step", "end")] == [
        "battle.fight", "round.strike", "battle"]
    assert game.running == [] and game.running_procedures == []


def test_fmt_lays_out_the_forms() -> None:
    messy = ('procedure attack "A":\n  step aim "Aim":\n    effect:\n'
             '        end   attack\n        skip   to  attack.aim\n        end\n'
             '        schedule  storm   in 2  rounds\n'
             '        schedule storm  when day   reaches day+3\n')
    assert format_text(messy + '        end  game with   "won"\n') == (
        'procedure attack "A":\n  step aim "Aim":\n    effect:\n'
        '      end attack\n      skip to attack.aim\n      end\n'
        '      schedule storm in 2 rounds\n'
        '      schedule storm when day reaches day + 3\n      end game with "won"\n')


# ---------------------------------------------------------------- places per instance


def test_a_place_per_fighter_exists_once_for_each_with_its_own_cards(defs: Any) -> None:
    assert defs.zones["wounds"].per == "fighter" and not defs.zones["wounds"].per_player
    assert defs.place_owners == {"kit": ("castor", "pollux"), "wounds": ("castor", "pollux"),
                                 "belt": ("castor", "pollux")}
    game = Game(defs)
    assert game.members("kit@castor") == ["tonic#1@castor", "tonic#2@castor"]
    assert game.members("kit@pollux") == ["tonic#1@pollux", "tonic#2@pollux"]
    game.trigger("take_wound", Ctx(actor="castor"))
    assert game.get("castor", "wounds") == "wounds@castor"
    assert len(game.members("wounds@castor")) == 1 and game.members("wounds@pollux") == []


def test_a_place_per_fighter_of_someone_else_is_not_executable(defs: Any) -> None:
    game = Game(defs)
    with pytest.raises(NotExecutable, match="has no `wounds`"):
        game.place_of("tonic", "wounds")
    with pytest.raises(NotExecutable, match="has no `wounds`"):
        game.trigger("take_wound")  # no fighter acts: whose Wounds?


def test_a_place_per_fighter_can_be_set_and_its_events_name_the_fighter(defs: Any) -> None:
    game = Game(defs)
    game.set("pollux", "wounds", ["graze"])
    assert len(game.members("wounds@pollux")) == 1
    game.trigger("pass_wound", Ctx(actor="pollux"))
    moved = [e for e in game.log if e.kind == "move"]
    assert moved and moved[-1].detail.endswith("wounds@castor")


# ---------------------------------------------------------------- turns of characters


def test_each_fighter_takes_a_turn_as_the_actor_and_its_end_hooks_are_its_own(
        defs: Any) -> None:
    assert defs.procedures["fighter_turn"].each == "fighter"
    assert not defs.procedures["fighter_turn"].each_player
    game = Game(defs)
    game.trigger("fighter_turn")
    turns = [(e.what, e.who) for e in game.log if e.kind in ("procedure", "rule")]
    assert turns == [("fighter_turn", "castor"), ("catch_breath", "castor"),
                     ("fighter_turn", "pollux"), ("catch_breath", "pollux")]
    assert game.running == []


def test_turns_in_a_chosen_order_are_asked_each_time(defs: Any) -> None:
    from ludex.runtime import ScriptedChooser

    game = Game(defs, chooser=ScriptedChooser({"chosen_turns": "pollux"}))
    game.trigger("chosen_turns")
    assert (game.get("pollux", "position"), game.get("castor", "position")) == (1, 2)
    asked = [e.detail for e in game.log if e.kind == "choose"]
    assert asked == ["chosen: pollux", "forced: castor"]  # the last one left is no choice
    with pytest.raises(NotExecutable):
        Game(defs).trigger("chosen_turns")  # nobody answers who goes first


# ---------------------------------------------------------------- scheduling


def test_a_period_schedule_counts_the_periods_that_begin(defs: Any) -> None:
    game = Game(defs)
    game.trigger("call_storm")
    assert [(e.kind, e.what, e.detail) for e in game.log if e.kind == "schedule"] == [
        ("schedule", "storm", "in 2 round")]
    game.start("round")
    game.end("round")
    assert game.get(None, "storms") == 0 and len(game.scheduled) == 1
    game.start("round")  # a caller driving the periods: the same count
    assert game.get(None, "storms") == 1 and game.scheduled == []
    assert [e.detail for e in game.log if e.kind == "due"] == ["the round it waited for began"]


def test_a_stat_schedule_already_reached_is_due_at_once(defs: Any) -> None:
    game = Game(defs)
    game.set(None, "day", 4)
    game.schedule("harvest", Ctx(), 3, stat="day")
    assert game.get(None, "crops") == 1 and game.scheduled == []


def test_a_period_schedule_needs_one_period_at_least(defs: Any) -> None:
    with pytest.raises(Illegal, match="1 or more"):
        Game(defs).schedule("storm", Ctx(), 0, period="round")


# ---------------------------------------------------------------- the game's outcome


def test_end_game_with_an_outcome_ends_the_game_and_no_run_follows(defs: Any) -> None:
    from ludex.runtime import Match, queries

    game = Game(defs)
    game.trigger("game")  # `until: no`: only the outcome ends it
    assert game.ended_with == "lost: the ship sank"
    assert queries.game_outcome(game) == game.ended_with
    assert queries.runs(game, "round") == 3 and game.get(None, "hull") == 0
    assert [(e.what, e.why, e.detail) for e in game.log if e.kind == "ended"] == [
        ("game", "sunk", "lost: the ship sank")]
    assert game.running == [] and game.running_procedures == []
    match = Match(defs)
    assert match.is_over() and match.ended_with() == "lost: the ship sank"


def test_mutate_sends_a_skip_to_another_step_of_its_procedure() -> None:
    from ludex.verify.mutate.changes import mutants
    from ludex.verify.mutate.run import _Places

    model = compiled_game(STRUCTURE).models[0]
    dodge = next(s for s in model.symbols.values() if s.qualname == "dodge")
    ids = [m.id for m in mutants(dodge.decl, "dodge", _Places(model))]
    assert "dodge: effect 1: to attack.clear -> to attack.aim" in ids
    assert "dodge: effect 1: drop `skip to attack.clear`" in ids
