"""Events and triggers: a `when:` with alternatives, events that carry values (`params:`,
`after guard_broken(d)`), a `trigger` that gives a rule its values or its `target`, on the
tests' own game `tests/fixtures/engine/signals.ludex`."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from ludex.runtime import Ctx, Game, NotExecutable, Timing
from ludex.runtime.errors import NotRefused
from ludex.semantics.compilation import Compilation
from ludex.syntax import ast, unparse
from ludex.verify.examples import PASS, engine_of, example_results

from .conftest import FIXTURES, compiled_game

SIGNALS = FIXTURES / "engine" / "signals.ludex"


@pytest.fixture(scope="module")
def signals() -> Compilation:
    return compiled_game(SIGNALS)


@pytest.fixture
def game(signals: Compilation) -> Iterator[Game]:
    engine = engine_of(signals.models[0])
    yield engine.new_game(seed=1)


def test_the_games_examples_pass(signals: Compilation) -> None:
    status = {r.example: r.status for r in example_results(signals)}
    assert status == {"alternatives": PASS, "carried": PASS, "targeted": PASS,
                      "replaced": PASS, "gate_refused": PASS, "next_round": PASS,
                      "bonus_refused": PASS, "ignored": PASS}


def test_a_rule_timed_instead_of_an_event_replaces_it(game: Game) -> None:
    game.set("ann", "keys", 2)
    game.trigger("blackout")
    assert game.get("big_ben", "alarm") == 0
    assert [e.detail for e in game.log.of_kind("override")] == ["replaced by calm_night"]
    game.set("ann", "keys", 0)
    game.trigger("blackout")
    assert game.get("big_ben", "alarm") == 1


def test_a_rule_whose_condition_does_not_hold_is_refused(game: Game) -> None:
    with game.refused("trigger bonus"):
        game.act("bonus", actor="ann")
    assert "its condition does not hold" in game.log.of_kind("refused")[0].detail
    from ludex.runtime import queries

    assert queries.happened(game, "bonus") == 0  # tried, kept apart: it did not happen
    assert [e.what for e in game.log.tried] == ["bonus"]
    game.set("ann", "score", 5)
    with pytest.raises(NotRefused), game.refused("trigger bonus"):
        game.act("bonus", actor="ann")


def test_since_counts_the_periods_begun_since_the_event(game: Game) -> None:
    from ludex.runtime import queries

    assert queries.since(game, "objective_done", "round") is None
    assert queries.happened(game, "objective_done") == 0
    game.trigger("round")
    game.trigger("objective_done")
    assert queries.happened(game, "objective_done") == 1
    assert queries.since(game, "objective_done", "round") == 0
    game.trigger("round")
    game.trigger("round")
    assert queries.since(game, "objective_done", "round") == 2
    game.trigger("objective_done")  # it happens again: counted from then
    assert queries.since(game, "objective_done", "round") == 0
    assert queries.happened(game, "objective_done") == 2


def test_a_refused_action_leaves_the_game_as_it_was(game: Game) -> None:
    game.set("ann", "keys", 1)
    with game.refused("trigger open_gate"):
        game.act("open_gate", actor="ann")  # gains 5 score, then cannot pay 2 keys
    assert (game.get("ann", "score"), game.get("ann", "keys")) == (0, 1)
    refused = game.log.of_kind("refused")
    assert [e.what for e in refused] == ["trigger open_gate"]
    assert "Illegal" in refused[0].detail
    assert [e.kind for e in game.log.tried if e.kind == "gain"]  # the attempt is kept,
    assert not game.log.of_kind("gain")  # apart from what happened


def test_an_allowed_action_said_refused_fails(game: Game) -> None:
    game.set("ann", "keys", 2)
    with pytest.raises(NotRefused, match="`trigger open_gate` was not refused"), \
            game.refused("trigger open_gate"):
        game.act("open_gate", actor="ann")


def test_an_override_of_an_outside_event_runs_instead_of_it(game: Game) -> None:
    game.trigger("lockdown")
    assert (game.get("docks", "alarm"), game.get("big_ben", "alarm")) == (1, 0)
    assert [e.what for e in game.log.of_kind("override")] == ["lockdown"]


def test_a_timing_with_alternatives_is_one_rule_hooked_to_each(signals: Compilation) -> None:
    rule = next(d for d in signals.models[0].decls() if d.id == "watchful")
    assert isinstance(rule, ast.Rule) and rule.clauses.when is not None
    when = rule.clauses.when
    assert when.kind == "any" and [m.target.dotted for m in when.moments if m.target] == \
        ["hero_roll", "enemy_roll"]
    assert unparse.timing(when) == "after hero_roll or after enemy_roll"
    defs = engine_of(signals.models[0]).DEFINITIONS
    assert defs.rules["watchful"].when == Timing("any", options=(
        Timing("after", "hero_roll"), Timing("after", "enemy_roll")))


def test_each_alternative_fires_the_rule_once(game: Game) -> None:
    game.trigger("enemy_roll")
    assert game.get("ann", "score") == 1
    game.trigger("hero_roll")
    game.trigger("hero_roll")
    assert game.get("ann", "score") == 3


def test_an_event_carries_its_values_to_the_hooked_rule(game: Game) -> None:
    game.trigger("guard_broken", Ctx(args=(("district", "docks"),)))
    assert game.get("docks", "alarm") == 0  # the condition reads `d`: not Big Ben
    game.trigger("guard_broken", Ctx(args=(("district", "big_ben"),)))
    assert game.get("big_ben", "alarm") == 1


def test_an_event_without_its_value_blocks_the_rule_that_reads_it(game: Game) -> None:
    with pytest.raises(NotExecutable, match="`district` is not known here"):
        game.trigger("guard_broken")


def test_a_rule_is_given_its_params_and_target_by_the_caller(game: Game) -> None:
    game.act("suffer", target="raid", args={"where": "docks"})
    assert game.get("docks", "alarm") == 3
    with pytest.raises(NotExecutable, match="`where` is not known here"):
        game.act("suffer", target="raid")


def test_the_trigger_statement_names_positional_values_by_params(
        signals: Compilation) -> None:
    from ludex.backends.to_python import emit_game

    rules = emit_game(signals.models[0])["rules.py"]
    assert "g.trigger('suffer', ctx.but(target=c, args=(('where', catalog.DOCKS.id),)))" in \
        rules.replace('"', "'")
    assert "ctx.arg('district')" in rules.replace('"', "'")


def test_unparse_gives_back_binders_and_named_values() -> None:
    from ludex.core.diagnostics import Diagnostics
    from ludex.core.source import SourceFile
    from ludex.syntax.parse import parse

    text = ('game g "G"\n\nrule r:\n  when: after a(x, y) or end of b\n'
            '  effect: trigger c(1, target = x)\n')
    diags = Diagnostics()
    file = parse(SourceFile("t.ludex", text), diags)
    assert file is not None and list(diags) == []
    rule = file.decls[1]
    assert isinstance(rule, ast.Rule) and rule.clauses.when is not None
    assert unparse.timing(rule.clauses.when) == "after a(x, y) or end of b"
    assert unparse.stmt(rule.clauses.effect[0]) == "trigger c(1, target = x)"
