"""Timing features on a small game of the tests' own (`tests/fixtures/engine/timing.ludex`):
limits keyed by a value (`once per round per target`, `per PARAM`, `per source`)."""

from __future__ import annotations

from typing import Any

import pytest
from ludex.runtime import Ctx, Game, Illegal, NotExecutable
from ludex.verify.examples import PASS, engine_of, example_results

from .conftest import FIXTURES, compiled_game

TIMING = FIXTURES / "engine" / "timing.ludex"


@pytest.fixture(scope="module")
def defs() -> Any:
    return engine_of(compiled_game(TIMING, warnings=False).models[0]).DEFINITIONS


def test_the_games_examples_pass() -> None:
    results = example_results(compiled_game(TIMING, warnings=False))
    assert {r.example: r.status for r in results} == {
        r.example: PASS for r in results}
    assert len(results) >= 2


def test_a_keyed_limit_counts_each_target_apart(defs: Any) -> None:
    game = Game(defs)
    game.trigger("rally", Ctx(actor="ann", target="north"))
    game.trigger("rally", Ctx(actor="ann", target="south"))
    with pytest.raises(Illegal, match="once per round for each target"):
        game.trigger("rally", Ctx(actor="ann", target="north"))
    assert game.usage.used("rally", "ann", "north") == 1
    assert game.usage.used("rally", "ann") == 2  # without a key: every target's uses


def test_a_keyed_limit_starts_again_with_its_period(defs: Any) -> None:
    game = Game(defs)
    game.trigger("rally", Ctx(actor="ann", target="north"))
    game.trigger("round")
    game.trigger("rally", Ctx(actor="ann", target="north"))
    assert game.usage.used("rally", "ann", "north") == 1


def test_a_limit_keyed_by_a_param_reads_the_value_given(defs: Any) -> None:
    game = Game(defs)
    game.trigger("read_code", Ctx(args=(("code", "0074"),)))
    with pytest.raises(Illegal):
        game.trigger("read_code", Ctx(args=(("code", "0074"),)))
    game.trigger("read_code", Ctx(args=(("code", "1138"),)))


def test_a_keyed_limit_without_its_value_cannot_run(defs: Any) -> None:
    """A use with no target is not counted under some made-up key: the run is blocked."""
    game = Game(defs)
    with pytest.raises(NotExecutable, match="per target"):
        game.trigger("rally", Ctx(actor="ann"))


def test_gained_reads_a_stat_of_the_whole_game_past_its_bound(defs: Any) -> None:
    game = Game(defs)
    game.set(None, "progress", 8)
    game.gain("progress", 3, None)
    assert game.get(None, "progress_tokens") == 3  # 9 is the bound; 3 were gained


def test_gained_of_a_stat_kept_per_owner_must_say_whose(defs: Any) -> None:
    from ludex.runtime import queries

    with pytest.raises(NotExecutable, match="say whose"):
        queries.gained(Game(defs), "score")


def test_what_waits_for_the_end_of_a_step_comes_before_the_next_step(defs: Any) -> None:
    game = Game(defs)
    game.trigger("voyage")
    assert game.get(None, "order") == 13245
    due = [e for e in game.log.events if e.kind == "due"]
    assert [e.what for e in due] == ["adventure"]


def test_what_waits_for_the_end_of_a_period_comes_when_it_ends(defs: Any) -> None:
    game = Game(defs)
    game.start("turn", "ann")
    game.schedule_at_end("adventure", Ctx(), "turn")
    assert game.get(None, "order") == 0
    assert [e.what for e in game.scheduled] == ["adventure"]
    game.end("turn")
    assert game.get(None, "order") == 4
    assert game.scheduled == []


def test_the_order_of_the_rules_of_one_moment_is_the_players_choice(defs: Any) -> None:
    """Nobody answering stops the run: the engine never picks the order itself."""
    game = Game(defs)
    with pytest.raises(NotExecutable, match="nobody answers .*dusk_effects"):
        game.trigger("dusk")


def test_an_effect_invalidated_by_another_is_no_longer_resolved(defs: Any) -> None:
    game = Game(defs)
    game.answer_queue[("dusk_effects", None)] = ["fog_rolls_in"]
    game.trigger("dusk")
    assert game.get(None, "order") == 23
    skipped = [e for e in game.log.events if e.kind == "skip" and e.what == "lanterns"]
    assert skipped and "no longer" in skipped[0].detail


def test_a_disabled_rule_does_not_fire_on_its_hook_and_triggering_it_does_nothing(
        defs: Any) -> None:
    game = Game(defs)
    game.disable("watch", Ctx(), "until_end", "round")
    game.answer_queue[("dusk_effects", None)] = ["lanterns"]
    game.trigger("dusk")  # lanterns, then the fog; the watch is disabled
    assert game.get(None, "order") == 12
    game.trigger("watch")
    assert game.get(None, "order") == 12
    assert [e.detail for e in game.log.events if e.what == "watch"][-1] == "disabled"


def test_a_disable_ends_with_its_period(defs: Any) -> None:
    game = Game(defs)
    game.disable("watch", Ctx(), "until_end", "round")
    game.trigger("round_of_watch")
    assert not game.is_disabled("watch")
    game.trigger("watch")
    assert game.get(None, "order") == 3
