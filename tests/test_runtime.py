"""`ludex.runtime` on its own: hand-written definitions, no compiler involved."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import pytest
from ludex.runtime import (
    Choice,
    Ctx,
    DeckDef,
    Definitions,
    DieDef,
    Duration,
    FirstChooser,
    Game,
    Illegal,
    InteractiveChooser,
    Limit,
    NotExecutable,
    ProcedureDef,
    RandomChooser,
    Record,
    Reward,
    Row,
    RuleDef,
    ScriptedChooser,
    StatDef,
    TableDef,
    Timing,
    TrackDef,
    ZoneDef,
    by_name,
    explore,
    queries,
)


@dataclass(frozen=True, slots=True, kw_only=True)
class Hero(Record):
    KIND: ClassVar[str] = "hero"
    FIELDS: ClassVar[dict[str, str]] = {"max_trust": "max_trust", "class": "class_"}

    max_trust: int
    class_: str = "rogue"


@dataclass(frozen=True, slots=True, kw_only=True)
class Card(Record):
    KIND: ClassVar[str] = "card"
    FIELDS: ClassVar[dict[str, str]] = {"level": "level"}

    level: int


RECORDS = {"akira": Hero(id="akira", max_trust=8), "julie": Hero(id="julie", max_trust=3),
           "a1": Card(id="a1", level=1), "a2": Card(id="a2", level=2),
           "a3": Card(id="a3", level=3)}


def _rule(name: str, **kw: object) -> RuleDef:
    return RuleDef(name=name, **kw)  # type: ignore[arg-type]


def game(*, rules: tuple[RuleDef, ...] = (), seed: int = 0, chooser: object = None,
         options: tuple[str, ...] = (), **defs: object) -> Game:
    base: dict[str, object] = dict(
        game="test",
        stats=by_name(
            StatDef("trust", per="hero", lo=0, hi="max_trust", overflow="discard"),
            StatDef("danger", per="hero", lo=0, hi=9, overflow="clamp_remember"),
            StatDef("fate", lo=0, hi=9),
            StatDef("rage", lo=0, hi=9, overflow="forbid"),
            StatDef("phase", lo=None, start="voyage")),
        decks=by_name(
            DeckDef("levels", contains=("card",), cards=("a1", "a2", "a3")),
            DeckDef("once", cards=("b1",), reshuffle="never", discard_to="removed"),
            DeckDef("trauma", cards=("t1", "t2"), discard_to="bottom")),
        zones=by_name(ZoneDef("hand", capacity=2, overflow="bottom_of_deck"),
                      ZoneDef("city", capacity=1, overflow="forbid")),
        dice=by_name(DieDef("d6", faces=(1, 2, 3, 4, 5, 6)),
                     DieDef("breakdown", faces=("gears", "explosion"))),
        records=RECORDS, kinds={"hero": ("akira", "julie"), "card": ("a1", "a2", "a3")},
        options={"pockets": "module", "quiet": "variant"},
        rules=by_name(*rules))
    base.update(defs)
    return Game(Definitions(**base), seed=seed, chooser=chooser,  # type: ignore[arg-type]
                options=options)


# ---------------------------------------------------------------- stats


def test_discard_keeps_the_bound_from_the_owners_field() -> None:
    g = game()
    g.gain("trust", 10, "julie")
    assert g.get("julie", "trust") == 3
    assert [e.kind for e in g.log][-1] == "overflow"


def test_clamp_remember_keeps_the_real_value_until_the_resolution_ends() -> None:
    g = game(rules=(_rule("crash", effect=lambda g, ctx: g.gain("danger", 3, "akira")),))
    g.set("akira", "danger", 8)
    g.gain("danger", 3, "akira")
    assert (g.get("akira", "danger"), g.treated("akira", "danger")) == (9, 11)
    g.trigger("crash")  # a new gain from 9: the real value is 12, forgotten afterwards
    assert g.treated("akira", "danger") == 9


def test_forbid_and_payments_are_illegal_past_the_bounds() -> None:
    g = game()
    g.set(None, "rage", 8)
    with pytest.raises(Illegal):
        g.gain("rage", 2, None)
    g.set("akira", "trust", 1)
    with pytest.raises(Illegal):
        g.pay("trust", 2, "akira")
    g.pay("trust", 1, "akira")
    assert queries.paid(g, "akira", "trust") == 1
    g.lose("trust", 5, "akira")
    assert g.get("akira", "trust") == 0


def test_a_stat_with_no_range_is_never_paid_below_nothing() -> None:
    g = game(stats=by_name(StatDef("ambrosia", per="hero", lo=None),
                           StatDef("debt", per="hero", lo=-5, hi=5)))
    g.set("akira", "ambrosia", 1)
    with pytest.raises(Illegal, match="cannot pay 2"):
        g.pay("ambrosia", 2, "akira")
    g.pay("ambrosia", 1, "akira")
    assert g.get("akira", "ambrosia") == 0
    g.set("akira", "debt", 0)
    g.pay("debt", 3, "akira")  # a range below 0 says a debt can be run up
    assert g.get("akira", "debt") == -3


def test_values_outside_a_range_cannot_be_set() -> None:
    with pytest.raises(Illegal):
        game().set("akira", "danger", 10)


def test_counters_start_at_zero_and_unknown_values_are_not_executable() -> None:
    g = game()
    g.gain("supply", 4, "you")
    assert g.get("you", "supply") == 4
    assert g.get(None, "phase") == "voyage"
    assert g.get("akira", "class") == "rogue"
    with pytest.raises(NotExecutable):
        g.get("you", "bonds")
    with pytest.raises(NotExecutable):
        g.amount("many")


def test_a_bound_naming_a_missing_field_is_not_executable() -> None:
    with pytest.raises(NotExecutable):
        game().gain("trust", 1, "you")


# ---------------------------------------------------------------- tracks


def test_track_rewards_go_to_the_first_to_reach_a_space() -> None:
    rows = (Reward("int", lo=2, effect=lambda g, ctx: g.gain("supply", 1, ctx.actor)),
            Reward("range", lo=4, hi=5, effect=lambda g, ctx: g.gain("supply", 10, ctx.actor)))
    g = game(tracks=by_name(TrackDef("heat", lo=0, hi=5, rewards="first_only", rows=rows)))
    g.gain("heat", 2, "julie")
    g.gain("heat", 9, "akira")  # space 2 went to Julie; 4 and 5 pay Akira
    assert g.get("akira", "heat") == 5
    assert (g.get("akira", "supply"), g.get("julie", "supply")) == (20, 1)


# ---------------------------------------------------------------- decks and zones


def test_draws_take_the_top_and_never_reshuffle_when_told_so() -> None:
    g = game()
    assert g.draw("levels", 2, "table") == ["a1", "a2"]
    assert g.draw("once", 2) == ["b1"]
    g.discard("b1")  # "once" discards to `removed`: nothing comes back
    assert queries.empty(g, "once") and queries.contains(g, "removed", "b1")
    assert g.draw("once", 1) == []


def test_discard_policies_and_reshuffle_from_the_discard_pile() -> None:
    g = game()
    g.draw("levels", 3, "table")
    g.discard("a1")
    assert queries.contains(g, "levels.discard_pile", "a1")
    assert g.draw("levels", 1, "table") == ["a1"]  # the discard pile is reshuffled
    g.draw("trauma", 1, "table")
    g.discard("t1")
    assert queries.top(g, "trauma") == "t2" and g.members("trauma")[-1] == "t1"
    g.discard(None)
    assert g.log.events[-1].kind == "skip"


def test_zone_capacity_sends_the_chosen_card_to_the_bottom_of_its_deck() -> None:
    g = game(chooser=ScriptedChooser({"overflow": "a1"}))
    g.draw("levels", 3, "hand")
    assert g.members("hand") == ["a3", "a2"]
    assert g.members("levels")[-1] == "a1"


def test_a_full_zone_refuses_a_newcomer_when_overflow_is_forbidden() -> None:
    g = game()
    g.place("token", "city")
    g.place("token2", "city")
    assert g.members("city") == ["token"]


def test_each_copy_is_an_entity_and_a_rule_says_which() -> None:
    """Five copies of a card: placing one takes a copy from the supply; acting on the name
    while several are in play is Illegal unless the rule names the place it comes from;
    the copy in that place is the one that moves, never another one."""
    g = game(decks=by_name(DeckDef("stack", cards=("tok",) * 5)))
    assert g.members("stack") == [f"tok#{n}" for n in range(1, 6)]
    g.place("tok", "district")
    g.place("tok", "set_aside")
    assert g.members("district") == ["tok#1"] and g.members("set_aside") == ["tok#2"]
    with pytest.raises(Illegal, match="2 copies of tok are in play"):
        g.move("tok", "hand")
    g.move("tok", "hand", source="district")
    assert g.members("hand") == ["tok#1"] and g.members("set_aside") == ["tok#2"]
    with pytest.raises(Illegal, match="tok is not in district"):
        g.discard("tok", source="district")
    g.discard("tok#2")
    assert g.members("stack.discard_pile") == ["tok#2"]
    assert queries.contains(g, "hand", "tok") and queries.count(g, "stack") == 3


def test_rigged_draws_replay_a_books_example() -> None:
    g = game()
    g.set_fact("draw_order", ["levels"], ["a3"])
    g.shuffle("levels")
    assert g.draw("levels", 1) == ["a3"]
    g.set_fact("draw_order", ["levels"], ["zz"])
    with pytest.raises(Illegal):
        g.draw("levels", 1)


def test_moves_adds_removes_and_places() -> None:
    g = game()
    g.place("akira", "grand_citadel")
    g.move("akira", "art_district")
    g.relocate("akira", "tower")
    g.place("a1", "levels", bottom=True)
    g.add("a9", "levels")
    g.remove("a2", "levels")
    with pytest.raises(Illegal, match="a2 is not in levels"):  # not there any more
        g.remove("a2", "levels")
    g.shuffle("tower", "levels")
    g.reveal(2, "levels")
    assert queries.contains(g, "levels", "akira") and queries.in_play(g, "akira")
    assert not queries.in_play(g, "a2")
    g.set_place("board", ["x", "y"])
    assert g.members("board") == ["x", "y"]
    with pytest.raises(NotExecutable):
        g.members("nowhere")


# ---------------------------------------------------------------- dice and tables


def test_dice_are_seeded_and_can_be_rigged() -> None:
    rolls = [[game(seed=7).roll("d6", Ctx()) for _ in range(1)] for _ in range(3)]
    assert rolls[0] == rolls[1] == rolls[2]
    g = game()
    g.set_fact("roll_order", ["breakdown"], ["explosion"])
    assert g.roll("breakdown", Ctx()) == "explosion"
    with pytest.raises(NotExecutable):
        g.roll("assault_die", Ctx())
    g.set_fact("roll_order", ["breakdown"], ["blank"])
    with pytest.raises(Illegal):
        g.roll("breakdown", Ctx())


def test_tables_lookup_threshold_and_cumulative() -> None:
    rows = (Row("atleast", lo=14, value="horribly"), Row("atleast", lo=18, value="legend"),
            Row("range", lo=1, hi=3, value="low"), Row("text", text="Obol", value="obol"))
    assert [r.value for r in TableDef("t", mode="cumulative", rows=rows).select(19)] == [
        "horribly", "legend"]
    assert [r.value for r in TableDef("t", mode="threshold", rows=rows).select(19)] == ["legend"]
    assert [r.value for r in TableDef("t", rows=rows).select(2)] == ["low"]
    assert [r.value for r in TableDef("t", rows=rows).select("Obol")] == ["obol"]
    g = game(tables=by_name(TableDef("chart", rows=rows), TableDef(
        "danger_chart", mode="cumulative", by=lambda g, ctx: g.treated(ctx.actor, "danger"),
        rows=(Row("atleast", lo=10, effect=lambda g, ctx: g.note("obol")),))))
    assert queries.lookup(g, "chart", 15) == "horribly"
    assert queries.lookup(g, "chart", 0) is None
    g.set("akira", "danger", 9)
    g.gain("danger", 2, "akira")
    g.trigger("danger_chart", Ctx(actor="akira"))
    assert g.log.events[-1].what == "obol"
    g.trigger("chart", Ctx(target="Obol"))
    with pytest.raises(NotExecutable):
        g.trigger("chart")


# ---------------------------------------------------------------- rules, limits, durations


def test_a_limit_refuses_a_second_use_until_the_period_ends() -> None:
    rule = _rule("emitter", limit=Limit(1, per="round"), duration=Duration("until_end", "round"))
    g = game(rules=(rule,))
    g.act("emitter", actor="akira")
    assert queries.used(g, "emitter") and queries.active(g, "emitter")
    with pytest.raises(Illegal):
        g.act("emitter", actor="akira")
    g.act("emitter", actor="julie")  # uses are counted per actor
    g.end("round")
    assert not queries.used(g, "emitter") and not queries.active(g, "emitter")
    g.act("emitter", actor="akira")


def test_in_play_maximum_applies_after_the_effect() -> None:
    rule = _rule("draw_two", limit=Limit(1, max_in="table"),
                 effect=lambda g, ctx: g.draw("levels", 2, "table"))
    g = game(rules=(rule,), chooser=ScriptedChooser({"overflow": "a2"}))
    g.trigger("draw_two")
    assert g.members("table") == ["a1"]


def test_who_gives_the_default_actor_and_refuses_others() -> None:
    rule = _rule("julie_only", who=("julie",), effect=lambda g, ctx: g.gain("supply", 1,
                                                                             ctx.subject))
    by_kind = _rule("heroes", who=("hero",), effect=lambda g, ctx: None)
    g = game(rules=(rule, by_kind))
    g.trigger("julie_only")
    assert g.get("julie", "supply") == 1
    with pytest.raises(Illegal):
        g.act("julie_only", actor="akira")
    g.act("heroes", actor="akira")
    with pytest.raises(Illegal):
        g.act("heroes", actor="a1")


def test_conditions_skip_and_requirements_refuse() -> None:
    rules = (_rule("never", check=lambda g, ctx: False, effect=lambda g, ctx: g.note("ran")),
             _rule("strict", effect=lambda g, ctx: g.require(False, "1 > 2")))
    g = game(rules=rules)
    g.trigger("never")
    assert g.log.events[-1].kind == "skip"
    with pytest.raises(Illegal, match="1 > 2"):
        g.trigger("strict")


def test_hooks_run_around_procedures_steps_and_outside_events() -> None:
    def note(text: str) -> RuleDef:
        return _rule(text, effect=lambda g, ctx: g.note(text))

    rules = (
        _rule("draw.one", kind="step", effect=lambda g, ctx: g.note("step")),
        RuleDef("before", when=Timing("before", "draw"), effect=lambda g, ctx: g.note("before")),
        RuleDef("after", when=Timing("after", "draw"), effect=lambda g, ctx: g.note("after")),
        RuleDef("on_setup", when=Timing("during", "setup"),
                effect=lambda g, ctx: g.note("setup")),
        RuleDef("forbidden", when=Timing("after", "draw"),
                check=lambda g, ctx: g.require(False, "a rule that may not be used now")),
        RuleDef("ending", when=Timing("end", "battle"), effect=lambda g, ctx: g.note("end")),
        note("unused"))
    g = game(rules=rules, procedures=by_name(ProcedureDef("draw", steps=("draw.one",))))
    g.trigger("draw", Ctx(actor="akira"))
    g.trigger("setup")
    g.end("battle")
    notes = [e.what for e in g.log if e.kind == "log"]
    assert notes == ["before", "step", "after", "setup", "end"]
    assert queries.runs(g, "draw", "akira") == 1
    assert any(e.kind == "skip" and e.what == "forbidden" for e in g.log)


def test_an_override_replaces_its_rule_when_in_play_and_its_condition_holds() -> None:
    rules = (_rule("pick", effect=lambda g, ctx: g.note("loud")),
             _rule("quiet_pick", overrides="pick", scope=("quiet",),
                   check=lambda g, ctx: ctx.actor == "akira",
                   effect=lambda g, ctx: g.note("quiet")))
    plain, chosen = game(rules=rules), game(rules=rules, options=("quiet",))
    plain.act("pick", actor="akira")
    chosen.act("pick", actor="julie")
    chosen.act("pick", actor="akira")
    chosen.trigger("quiet_pick", Ctx(actor="akira"))
    assert [e.what for e in plain.log if e.kind == "log"] == ["loud"]
    assert [e.what for e in chosen.log if e.kind == "log"] == ["loud", "quiet", "quiet"]
    assert not plain.holds("quiet") and chosen.holds("pockets")
    plain.trigger("quiet_pick")
    assert plain.log.events[-1].kind == "skip"
    with pytest.raises(ValueError):
        game(options=("nonsense",))


def test_rules_timed_after_a_stat_run_once_per_change_in_declaration_order() -> None:
    seen: list[tuple[str, object]] = []

    def note(name: str) -> RuleDef:
        return RuleDef(name, when=Timing("after", "danger", stat=True),
                       check=lambda g, ctx: g.treated(ctx.get("owner"), "danger") > 9,
                       effect=lambda g, ctx: seen.append((name, ctx.get("owner"))))

    before = RuleDef("before_danger", when=Timing("before", "danger", stat=True),
                     effect=lambda g, ctx: seen.append(("before", None)))
    g = game(rules=(note("first"), note("second"), before))
    g.set("akira", "danger", 9)  # not over 9: the conditions do not hold, nothing is logged
    g.gain("danger", 2, "akira")
    g.lose("danger", 1, "akira")
    g.pay("danger", 1, "akira")
    assert seen == [("first", "akira"), ("second", "akira")]
    assert [(e.what, e.detail) for e in g.log if e.kind == "hook"] == [
        ("first", "after danger changed: now 9, treated as 11"),
        ("second", "after danger changed: now 9, treated as 11")]
    assert not [e for e in g.log if e.kind == "skip"]


def test_a_stat_hook_that_may_not_run_now_is_skipped_one_that_cannot_run_blocks() -> None:
    broken = RuleDef("broken", when=Timing("after", "fate", stat=True),
                     check=lambda g, ctx: g.fact("x"))
    failing = RuleDef("failing", when=Timing("after", "fate", stat=True),
                      effect=lambda g, ctx: g.require(False, "no"))
    g = game(rules=(failing,))
    g.gain("fate", 1, None)
    assert [(e.kind, e.what) for e in g.log if e.kind in ("skip", "hook")] == [
        ("hook", "failing"), ("skip", "failing")]
    g = game(rules=(broken, failing))
    with pytest.raises(NotExecutable, match="not modelled"):
        g.gain("fate", 1, None)
    assert [(e.kind, e.what) for e in g.log if e.kind in ("skip", "hook", "blocked")] == [
        ("blocked", "broken")]


def test_gained_what_the_last_change_added() -> None:
    g = game()
    g.set("akira", "danger", 8)
    assert queries.gained(g, "akira", "danger") == 0
    g.gain("danger", 3, "akira")
    assert queries.gained(g, "akira", "danger") == 3  # past the bound too
    g.lose("danger", 1, "akira")
    assert queries.gained(g, "akira", "danger") == 0


def test_resolving_names_what_is_being_resolved() -> None:
    seen: list[bool] = []
    rules = (RuleDef("during_attack", when=Timing("during", "attack"),
                     effect=lambda g, ctx: seen.append(queries.resolving(g, "attack"))),)
    g = game(rules=rules)
    g.trigger("attack")
    assert seen == [True] and not queries.resolving(g, "attack")


def _obol_game(*rules: RuleDef) -> Game:
    procedures = by_name(ProcedureDef("obol", steps=("obol.draw",), at_once=True),
                         ProcedureDef("plain", steps=("obol.draw",)))
    step = _rule("obol.draw", kind="step", effect=lambda g, ctx: g.note("drawn"))
    return game(rules=(step, *rules), procedures=procedures)


def test_requests_of_a_counted_procedure_wait_for_the_end_of_the_effect() -> None:
    counts: list[int] = []
    twice = _rule("twice", effect=lambda g, ctx: (
        g.trigger("obol", ctx), counts.append(queries.at_once(g, "obol", "akira")),
        g.trigger("obol", ctx), g.note("effect done")))
    g = _obol_game(twice)
    g.act("twice", actor="akira")
    assert counts == [1]
    assert [e.what for e in g.log if e.kind == "log"] == ["effect done", "drawn", "drawn"]
    with g.effect():
        g.trigger("plain", Ctx(actor="akira"))  # not counted: resolved at once
        assert [e.what for e in g.log if e.kind == "log"][-1] == "drawn"
        g.trigger("obol", Ctx(actor="julie"))
        g.trigger("obol", Ctx(actor="akira"))  # another subject: another group
        assert queries.at_once(g, "obol", "akira") == 1
    assert queries.runs(g, "obol") == 4


def test_an_override_replaces_the_requests_made_at_once_together() -> None:
    dies = _rule("two_at_once", overrides="obol",
                 check=lambda g, ctx: queries.at_once(g, "obol", ctx.subject) >= 2,
                 effect=lambda g, ctx: g.trigger("titan_death", ctx))
    g = _obol_game(dies)
    with g.effect():
        g.trigger("obol", Ctx(actor="akira"))
        g.trigger("obol", Ctx(actor="akira"))
        g.trigger("obol", Ctx(actor="julie"))
    assert queries.dead(g, "akira") and not queries.dead(g, "julie")
    assert queries.runs(g, "obol", "akira") == 0 and queries.runs(g, "obol", "julie") == 1
    assert g.log.of_kind("replace")[0].detail == (
        "2 requests at once, all replaced by two_at_once")


def test_remembered_values_last_until_the_effect_ends() -> None:
    g = game()
    g.set("akira", "danger", 9)
    with g.effect():
        g.gain("danger", 2, "akira")
        g.trigger("nothing_much")
        assert g.treated("akira", "danger") == 11
    assert g.treated("akira", "danger") == 9


def test_setting_paid_changes_what_a_payment_counts_as() -> None:
    g = game()
    g.set("akira", "trust", 5)
    g.pay("trust", 2, "akira")
    g.set_fact("paid", ["akira", "trust"], 2 * queries.paid(g, "akira", "trust"))
    assert queries.paid(g, "akira", "trust") == 4 and g.get("akira", "trust") == 3


def test_runaway_triggers_stop() -> None:
    loop = _rule("loop", effect=lambda g, ctx: g.trigger("loop", ctx))
    with pytest.raises(NotExecutable, match="deep"):
        game(rules=(loop,)).trigger("loop")


def test_outside_events_and_deaths() -> None:
    g = game()
    g.trigger("titan_death", Ctx(actor="akira"))
    assert queries.dead(g, "akira") and not queries.dead(g, "julie")
    with pytest.raises(NotExecutable):
        g.trigger(3)


# ---------------------------------------------------------------- context, facts, queries


def test_context_builtins() -> None:
    ctx = Ctx(actor="akira")
    assert (ctx.get("you"), ctx.get("owner"), ctx.subject) == ("akira", "akira", "akira")
    assert Ctx().get("you") == "you" and Ctx().get("target") is None
    with pytest.raises(NotExecutable):
        Ctx().need("target")
    assert ctx.but(target="x").need("target") == "x"


def test_facts_are_given_by_the_caller() -> None:
    g = game()
    with pytest.raises(NotExecutable):
        g.fact("majority", "big_ben")
    g.set_fact("majority", ["big_ben"], "purebred")
    assert g.fact("majority", "big_ben") == "purebred"
    g.set_fact("holds", ["feats_draft"], True)
    assert g.holds("feats_draft")


def test_card_queries_by_level() -> None:
    g = game()
    assert queries.has_level(g, "levels", 2) and queries.count_level(g, "levels", 3) == 1
    assert queries.card_of_level(g, "levels", 2) == "a2"
    assert queries.lowest_level(g, "levels") == 1 and queries.lowest_card(g, "levels") == "a1"
    assert queries.random_card(g, "levels", 3) == "a3"
    assert queries.all_(g, "hero") == ["akira", "julie"]
    assert queries.is_(g, "a1", "card") and queries.has(g, "levels", "a1")
    assert queries.natural(g, 10) == 10 and queries.top(g, "levels") == "a1"
    g.set_place("nothing_here", [])
    assert queries.lowest_level(g, "nothing_here") is None
    assert queries.random_card(g, "nothing_here") is None
    g.set_place("odd", ["akira"])
    with pytest.raises(NotExecutable):
        queries.lowest_level(g, "odd")


def test_every_query_is_documented() -> None:
    for name, func in queries.QUERIES.items():
        assert func.__doc__ or name in ("count", "contains", "empty", "top", "has_level",
                                        "count_level", "card_of_level", "lowest_level",
                                        "lowest_card"), name


# ---------------------------------------------------------------- choosers and log


def test_choosers() -> None:
    pick = Choice("card", "game.rule", "akira", ("a", "b", "c"), 2, 2)
    one = Choice("card", "game.rule", "akira", ("a", "b", "c"))
    assert FirstChooser().choose(pick) == ["a", "b"]
    scripted = ScriptedChooser({"game.rule.card": ["a", "c"], "other": "b"},
                               then=FirstChooser())
    assert scripted.choose(pick) == ["a", "c"]
    assert scripted.choose(Choice("other", "x", None, ("a", "b"))) == ["b"]
    assert scripted.choose(Choice("unknown", "x", None, ("a", "b"))) == ["a"]  # falls back
    with pytest.raises(NotExecutable, match="nobody answers"):
        ScriptedChooser({}).choose(one)
    with pytest.raises(Illegal, match="not a legal choice"):
        one.check(["z"])
    assert RandomChooser(3).choose(pick) == RandomChooser(3).choose(pick)
    answers = iter(["9", "2"])
    told: list[str] = []
    person = InteractiveChooser(lambda _: next(answers), told.append)
    assert person.choose(one) == ["b"]
    assert "  2. b" in told and "please answer with the numbers of the options" in told
    seen = [path for path, _ in explore(lambda c: c.choose(one) + c.choose(pick))]
    assert len(seen) == 3 * 3  # every answer to the first, then to the second


def test_choose_is_logged_with_its_cause_and_prose_stops_the_rule() -> None:
    def effect(g: Game, ctx: Ctx) -> None:
        g.choose("pick", [("x", "X")], 1)
        g.prose("Say hello.")

    g = game(rules=(_rule("pick", effect=effect),))
    with pytest.raises(NotExecutable, match="the step is stated in words: Say hello."):
        g.trigger("pick")
    kinds = [(e.kind, e.why) for e in g.log]
    assert ("choose", "pick") in kinds
    assert ("blocked", None) in [(e.kind, None) for e in g.log if e.what == "pick"]
    assert "choose pick" in g.log.text() and len(g.log.of_kind("rule")) == 1


def test_expectations_report_what_they_got() -> None:
    g = game()
    assert g.expect("1 == 1", lambda: 1, "==", lambda: 1).ok
    failed = g.expect("x == 2", lambda: 3, "==", lambda: 2)
    assert not failed.ok and failed.got == "3 == 2"
    stopped = g.expect("fact", lambda: g.fact("nothing"))
    assert not stopped.ok and stopped.got.startswith("NotExecutable")
