"""Rules of Escalation and D.E.I. that were wrong or dead in the engine, each run on the
engine generated from `rules/` (issue 10, "Rules that are wrong or dead in the engine").

Each test drives the generated engine the way a game would (a `Game` on the game's
definitions, rules triggered with an actor and a target, facts the engine does not
model given with `set_fact`) and says in its docstring what the engine did before the fix.
The three worked examples re-encoded to run the real rules are checked too: they pass, and
each fires the rules its `for:` names.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest
from ludex.runtime import Ctx, Definitions, Game, Illegal, NotExecutable
from ludex.verify.examples import PASS, engine_of, example_results

from .conftest import ROOT
from .test_engine import compiled

JULIE = "revolution.julie"
HIDEOUT = "revolution.julie.hideout"
FEATS = "purebred.feats"
VENGEANCE = "vengeance_mode"
RANK = {n: f"{VENGEANCE}.vengeance_lower.rank_{n}_space" for n in (1, 2, 3)}  # the lower spaces


@pytest.fixture(scope="module")
def escalation() -> Definitions:
    return engine_of(compiled(ROOT / "rules" / "escalation").models[0]).DEFINITIONS


@pytest.fixture(scope="module")
def dei() -> Definitions:
    return engine_of(compiled(ROOT / "rules" / "dei_old_london").models[0]).DEFINITIONS


def game(defs: Definitions, facts: dict[tuple[str, tuple[Any, ...]], Any] | None = None,
         options: Iterable[str] = ()) -> Game:
    """A game in play (with the Vengeance Mode, for D.E.I.), the facts given."""
    modes = [VENGEANCE] if VENGEANCE in defs.options else []
    g = Game(defs, seed=1, options=[*modes, *options])
    for (name, args), value in (facts or {}).items():
        g.set_fact(name, list(args), value)
    return g


def fired(g: Game, rule: str) -> bool:
    """The rule ran (its condition held): the log has it resolved as what it is (a rule, a
    card), not skipped (a Feat's token shares its name, so its moves are not counted)."""
    kind = g.defs.rules[rule].kind
    return any(e.what == rule and e.kind == kind for e in g.log)


# ---------------------------------------------------------------- Escalation


def test_julie_pays_one_trust_per_guard_to_reach_the_hideout(escalation: Definitions) -> None:
    """Before: `cost: pay guards trust` passed the word "guards" as the amount, so the move
    to the Smugglers Hideout always stopped (NotExecutable) and Julie never got there."""
    g = game(escalation, {("guards_in", ("art_district",)): 2,
                          ("access_district", (JULIE,)): f"{JULIE}.smugglers_hideout"})
    g.set(JULIE, "trust", 5)
    g.place(JULIE, "art_district")
    g.trigger(f"{HIDEOUT}.move_to_hideout")  # then her turn is finished (the core game's)
    assert fired(g, f"{HIDEOUT}.no_actions")
    assert g.get(JULIE, "trust") == 3
    assert g.places.where(JULIE) == f"{JULIE}.smugglers_hideout"


def test_julie_cannot_reach_the_hideout_without_the_trust(escalation: Definitions) -> None:
    g = game(escalation, {("guards_in", ("art_district",)): 3,
                          ("access_district", (JULIE,)): f"{JULIE}.smugglers_hideout"})
    g.set(JULIE, "trust", 2)
    g.place(JULIE, "art_district")
    with pytest.raises(Illegal):
        g.trigger(f"{HIDEOUT}.move_to_hideout")


def test_julie_receives_4_trust_only_in_the_hideout(escalation: Definitions) -> None:
    """Before: the condition "Julie is in the Smugglers Hideout at the beginning of the
    round" was free text the engine answered "yes": Julie took 4 Trust from anywhere."""
    away = game(escalation)
    away.set(JULIE, "trust", 0)
    away.place(JULIE, "commerce_district")
    away.trigger(f"{HIDEOUT}.income")
    assert away.get(JULIE, "trust") == 0
    home = game(escalation)
    home.set(JULIE, "trust", 0)
    home.place(JULIE, f"{JULIE}.smugglers_hideout")
    home.trigger(f"{HIDEOUT}.income")
    assert home.get(JULIE, "trust") == 4


def test_julie_exits_the_hideout_to_her_access_card_district(escalation: Definitions) -> None:
    """Before: `exit_hideout` moved Julie to `target`, which nothing gave, so the move was
    skipped; the free-move example moved her by itself instead of running the rule."""
    g = game(escalation, {("access_district", (JULIE,)): "art_district"})
    g.set(JULIE, "trust", 3)
    g.place(JULIE, f"{JULIE}.smugglers_hideout")
    g.trigger(f"{HIDEOUT}.exit_hideout")
    assert g.places.where(JULIE) == "art_district"
    assert g.get(JULIE, "trust") == 3
    stay = game(escalation, {("access_district", (JULIE,)): f"{JULIE}.smugglers_hideout"})
    stay.place(JULIE, f"{JULIE}.smugglers_hideout")
    stay.trigger(f"{HIDEOUT}.exit_hideout")
    assert stay.places.where(JULIE) == f"{JULIE}.smugglers_hideout"
    assert not fired(stay, f"{HIDEOUT}.exit_hideout")


def test_no_access_on_the_way_to_the_hideout_still_ends_there(escalation: Definitions) -> None:
    """Before: the special case was timed in words ("when Julie is detained while moving to
    the Smugglers Hideout and ... 'No Access!'"), so it never fired."""
    rule = f"{HIDEOUT}.no_access_case"
    g = game(escalation)
    g.place(JULIE, "art_district")
    g.trigger("no_access")  # applied to a Hero who is not on her way to the Hideout
    assert not fired(g, rule)
    g.log.causes.append(f"{HIDEOUT}.move_to_hideout")  # detained while moving there
    g.trigger("no_access")
    assert fired(g, rule)
    assert g.places.where(JULIE) == f"{JULIE}.smugglers_hideout"


def test_the_jammer_reactivation_spends_the_great_machines_bonds(
        escalation: Definitions) -> None:
    """Before: the reactivation charged 2 Bonds to `servants`, who never have any (the Bonds
    go to `great_machine`), so a deactivated Servant could never become active again."""
    g = game(escalation)
    g.gain("bonds", 3, "great_machine")
    g.set("servants_module.phantasmer", "deactivated", 1)
    g.trigger("revolution.akira.inventions_guide.jammer.reactivate")
    assert g.get("great_machine", "bonds") == 1
    assert g.get("servants_module.phantasmer", "deactivated") == 0


def test_every_invention_runs_the_breakdown_roll(escalation: Definitions) -> None:
    """Before: the Breakdown roll was timed in words ("after the effect of an Invention is
    applied"), so it never fired; each Invention repeated its statements instead, and the
    Communicator example, which names it, never ran it (W616)."""
    jump_pack = "revolution.akira.inventions_guide.jump_pack"
    breakdown = "revolution.akira.invention_cards.breakdown"
    g = game(escalation, {("roll_order", ("revolution.akira.breakdown_die",)):
                          ["malfunction"],
                          ("answer", ("use_jump_pack",)): True})
    g.place(jump_pack, "revolution.akira.inventions_in_play")
    # the Jump Pack's own effect is in words: the run stops there, before its Breakdown
    with pytest.raises(NotExecutable, match="You may ignore Guards"):
        g.trigger(jump_pack, Ctx(actor="revolution.akira"))
    assert not fired(g, breakdown)


def test_a_hooked_invention_is_akiras_own_and_in_play(escalation: Definitions) -> None:
    """Before: the Disruption Field, the Hyperbolic Emitter and the Jump Pack were hooked to
    the core game's detainment, Assault roll and movement with no condition: each was used
    (and rolled the Breakdown die) at every such moment, whoever's, with the card in the
    Invention deck or not."""
    field = "revolution.akira.inventions_guide.disruption_field"
    g = game(escalation, {("answer", ("use_disruption_field",)): True,
                          ("answer", ("finish_your_turn",)): False})
    g.trigger("detainment", Ctx(actor="revolution.enkidu"))
    g.trigger("detainment", Ctx(actor="revolution.akira"))
    assert not fired(g, field)
    g.place(field, "revolution.akira.inventions_in_play")
    g.trigger("detainment", Ctx(actor="revolution.enkidu"))
    assert not fired(g, field)
    g.trigger("detainment", Ctx(actor="revolution.akira"))
    assert fired(g, field)


def test_the_bond_without_servants_depends_on_the_servants_module(
        escalation: Definitions) -> None:
    """Before: the condition "the Servants of the Great Machine Module is not added" was free
    text answered "yes": the Great Machine gained a Bond every advance even with the module."""
    rule = "pockets.bond_without_servants"
    with_servants = game(escalation)
    with_servants.trigger("master_plan_advance")
    assert not fired(with_servants, rule)
    alone = game(escalation)
    alone.in_play = alone.in_play - {"servants_module"}
    alone.trigger("master_plan_advance")
    assert fired(alone, rule)
    assert alone.get("great_machine", "bonds") == 1


def test_a_resistance_token_takes_1_trust_off_an_exit(escalation: Definitions) -> None:
    """Before: the discount discarded `target`, which nothing gave (a step skipped), and took
    nothing off: "Pay 1 Trust less" was words only, and the Enkidu example paid its own
    already-discounted exits."""
    enkidu, token = "revolution.enkidu", "pockets.resistance_token"
    g = game(escalation, {("guards_in", ("art_district",)): 2,
                          ("answer", ("discard_for_exit",)): True})
    g.set(enkidu, "trust", 1)
    g.place(enkidu, "art_district")
    g.place(token, "art_district")
    g.place(token, "tower_of_law")
    g.trigger("pockets.resistance_tokens.exit_discount", Ctx(actor=enkidu))
    assert g.get(enkidu, "trust") == 0
    assert not g.places.holds("art_district", token)
    assert g.places.holds("tower_of_law", token)  # only the token in the Hero's District
    # no token left in the Art District: the rule is not used (its condition), nothing paid
    g.trigger("pockets.resistance_tokens.exit_discount", Ctx(actor=enkidu))
    assert g.get(enkidu, "trust") == 0
    assert g.places.holds("tower_of_law", token)
    assert any(e.kind == "skip" and e.what == "pockets.resistance_tokens.exit_discount"
               for e in g.log)


def test_a_random_district_is_the_games_seeded_draw(escalation: Definitions) -> None:
    """Before: "place a special Guard in a random District" (the Aeterna Security Protocol)
    and "pick a random District" (the Zeppelin's Step 9) were words only: no special Guard
    was added and the Zeppelin was never placed. Now each draws one of the City's Districts
    by the game's seeded draw: the same one for the same seed, not always the same one."""
    districts = ["grand_citadel", "art_district", "tower_of_law"]
    guards, zeppelins = set(), set()
    for seed in range(8):
        for _ in range(2):  # the same seed draws the same District
            g = Game(escalation, seed=seed, options=["aeterna"])
            g.set_fact("city_districts", [], districts)
            for d in districts:
                g.set_fact("special_guards_in", [d], 0)
            g.trigger("security_protocol")
            placed = [d for d in districts if g.fact("special_guards_in", d) == 1]
            assert len(placed) == 1
            assert [d for d in districts if g.places.holds(d, "aeterna.ae_token")] == placed
            guards.add((seed, placed[0]))
            z = Game(escalation, seed=seed)
            z.set_fact("city_districts", [], districts)
            z.trigger("final_steps")
            zeppelins.add((seed, z.places.where("zeppelin.surveillance_zeppelin")))
    assert len(guards) == 8 and len({d for _, d in guards}) > 1
    assert len(zeppelins) == 8 and {d for _, d in zeppelins} <= set(districts)
    assert len({d for _, d in zeppelins}) > 1


def test_julies_hideout_card_is_drawn_before_her_rule_is_weighed(
        escalation: Definitions) -> None:
    """Before: Julie's S&C rule as a Hero-Servant overrode her whole turn on the card she
    had chosen before the turn (the draw itself was words). Now the turn draws a card among
    her Access cards first; only the Smugglers Hideout card runs her rule (no move, no
    Action), any other card moves her there, where she takes the Action."""
    hideout = f"{JULIE}.smugglers_hideout"
    rule = "aeterna.other_mission_sets.compatibility_heroes.julie_servant"
    for cards in ([hideout], ["tower_of_law"]):
        g = Game(escalation, seed=1, options=["aeterna"])
        g.set_fact("access_cards_of", [JULIE], cards)
        g.set(JULIE, "hero_servant", 2)
        g.place(JULIE, "grand_citadel")
        g.trigger("aeterna.heroes_as_servants.next_round", Ctx(actor=JULIE))
        if cards == [hideout]:  # her card read as a Patrol Movement card: no move, no Action
            assert g.places.where(JULIE) == "grand_citadel" and fired(g, rule)
        else:
            assert g.places.where(JULIE) == "tower_of_law" and not fired(g, rule)


# ---------------------------------------------------------------- D.E.I.


def test_whistle_blowing_to_space_4_gives_2_technology(dei: Definitions) -> None:
    """Before: Whistle-blow raised the stat `vengeance_position` while the rewards sat on a
    separate `vengeance_track`: reaching space #4 gave no Technology."""
    card = f"{VENGEANCE}.rules.vengeance_cards.gathering"
    g = game(dei, {("majority", (f"{VENGEANCE}.big_ben_district",)): "red",
                   ("affected_opponents", (card,)): 1,
                   ("meets_threshold", ("blue", card)): True,
                   ("answer", ("gathering",)): "second_penalty",
                   ("answer", ("blow_the_whistle",)): True})
    g.set_place("faction", ["red", "blue"])
    g.set_place(RANK[2], [card])  # a Rank 2 card: its space's
    g.set("red", "vengeance_track", 2)
    g.trigger(f"{VENGEANCE}.rules.whistle_blow_section.whistle_blow",
              Ctx(actor="red", target=card))
    assert g.get("red", "vengeance_track") == 4
    assert g.get("red", "technology") == 2
    g.gain("vengeance_track", 4, "blue")
    assert g.stats.number("blue", "technology") == 0  # the first to reach it only


def test_whistle_blowing_is_an_option_taken_once_per_action_phase(dei: Definitions) -> None:
    """Before: Whistle-blow was hooked to every Action card and mandatory: a player with
    Majority in Big Ben Whistle-blew whether they wanted to or not ("they can")."""
    card = f"{VENGEANCE}.rules.vengeance_cards.gathering"
    blowing = f"{VENGEANCE}.rules.whistle_blow_section.whistle_blow.blowing"
    g = game(dei, {("majority", (f"{VENGEANCE}.big_ben_district",)): "red",
                   ("affected_opponents", (card,)): 1,
                   ("meets_threshold", ("blue", card)): False,
                   ("answer", ("blow_the_whistle",)): False})
    g.set_place("faction", ["red", "blue"])
    g.set_place(RANK[1], [card])
    after_card = Ctx(actor="red", target=card)
    g.trigger("action_card", after_card)  # a chance let go
    assert not fired(g, blowing)
    assert g.get("red", "vengeance_track") == 0
    g.set_fact("answer", ["blow_the_whistle"], True)
    g.trigger("action_card", after_card)  # a later Action card of the same Action phase
    g.trigger("action_card", after_card)  # and once is all
    assert g.get("red", "vengeance_track") == 1


def test_the_resolved_vengeance_card_goes_where_the_reshuffle_finds_it(
        dei: Definitions) -> None:
    """Before: resolved cards went to a zone `vengeance_discard`, while the deck's automatic
    reshuffle read `vengeance_deck.discard_pile`, and the rule meant to reshuffle had a
    free-text timing that never fired: with the deck empty, the board was never refilled."""
    deck = f"{VENGEANCE}.vengeance_deck"
    g = game(dei)
    cards = list(g.places.of(deck))
    assert len(cards) == 9
    for n, card in zip((3, 2, 1), cards[:3], strict=True):
        g.set_place(RANK[n], [card])
    for card in cards[3:]:
        g.discard(card)
    assert g.places.of(deck) == []
    g.trigger(f"{VENGEANCE}.rules.track_and_cards.discard_resolved",
              Ctx(actor="red", target=cards[1]))
    assert cards[1] not in g.places.of(RANK[2])
    g.trigger(f"{VENGEANCE}.rules.track_and_cards.refill_before_turn")
    # the Rank 1 card is discarded, the Rank 3 card slides to Rank 1, two cards are revealed
    assert g.places.of(RANK[1]) == [cards[0]]
    assert all(len(g.places.of(RANK[n])) == 1 for n in (1, 2, 3))
    # the 8 discarded cards (the 6, the resolved card, the Rank 1 card) became the new deck,
    # and 2 of them filled the empty spaces
    assert len(g.places.of(deck)) == 8 - 2
    assert g.places.of(f"{deck}.discard_pile") == []


def test_the_purebred_whistle_blow_keeps_one_card_of_three(dei: Definitions) -> None:
    """Before: the 3 cards the Purebred drew went nowhere in particular and the 2 not chosen
    were never discarded (words only), so they left the deck's cycle for good; and the rule
    ran after any Faction's Action card while the Purebred had Majority in Big Ben."""
    deck = f"{VENGEANCE}.vengeance_deck"
    whistle_blow = f"{VENGEANCE}.rules.whistle_blow_section.whistle_blow"
    cards = list(game(dei).places.of(deck))
    board, drawn = cards[:3], cards[3:6]
    g = game(dei, {("majority", (f"{VENGEANCE}.big_ben_district",)): "purebred",
                   ("draw_order", (deck,)): drawn, ("answer", ("c",)): drawn[1],
                   ("answer", ("blow_the_whistle",)): True})
    g.set_place("faction", ["purebred", "red"])
    for n, card in zip((3, 2, 1), board, strict=True):
        g.set_place(RANK[n], [card])
    g.trigger(whistle_blow, Ctx(actor="purebred", target=board[1]))  # the Rank 2 card
    assert [g.places.of(RANK[n]) for n in (3, 2, 1)] == [[board[0]], [drawn[1]], [board[2]]]
    assert sorted(g.places.of(f"{deck}.discard_pile")) == sorted([board[1], drawn[0], drawn[2]])
    assert g.get("purebred", "vengeance_track") == 2
    red = game(dei, {("majority", (f"{VENGEANCE}.big_ben_district",)): "purebred",
                     ("affected_opponents", (board[1],)): 0})
    red.trigger("action_card", Ctx(actor="red", target=board[1]))
    assert not fired(red, f"{VENGEANCE}.rules.purebred_whistle_blow_section."
                          "purebred_whistle_blow")


def test_the_extra_supplies_come_from_the_track_position(dei: Definitions) -> None:
    """Before: the space #4 example gained the Supplies itself (`gain you.vengeance_position
    supply to you`) and never ran the end-of-game rule; a Faction fourth or further back had
    no bonus row, so the rule stopped on it."""
    g = game(dei, {("standing", ("red", "vengeance_track")): 1,
                   ("standing", ("blue", "vengeance_track")): 4})
    g.set_place("faction", ["red", "blue"])
    g.set("red", "vengeance_track", 4)
    g.set("blue", "vengeance_track", 1)
    g.trigger(f"{VENGEANCE}.rules.extra_supplies.end_of_game_supplies")
    assert g.get("red", "supply") == 4 + 6
    assert g.get("blue", "supply") == 1 + 0


# What the other rules hooked to the same events read, so that they run (and do nothing):
# Boris is by an Outpost the Purebred do not control; they have no Supremacy in the Region;
# the Drone cannot affect Purebred Units.
TABLE: dict[tuple[str, tuple[Any, ...]], Any] = {
    ("outpost_in_region_of", ("purebred.rules.boris_ability.boris",)): "outpost",
    ("controls", ("purebred", "outpost")): False,
    ("supremacy_count", ("purebred", "big_ben")): 0,
    ("drone_can_affect", ("purebred",)): False,
}
FEAT_CASES = [  # the Feat, the event it follows, who acts for it, who does not, its facts
    ("bribe", "buy_action", "purebred", "red", {("answer", ("pay_for_candy_boost",)): True}),
    ("drones_command", "buy_action", "purebred", "red", {}),
    ("mechanical_arm", "drone", "purebred", "red", {}),
    ("inspection", "construction", "red", "purebred", {("answer", ("move_agent",)): True}),
    ("corruption", "collect_action", "purebred", "red",
     {("resources", ("purebred",)): 6, ("max_resources_of_others", ("purebred",)): 4,
      ("resources", ("red",)): 6, ("max_resources_of_others", ("red",)): 4,
      ("answer", ("enlist",)): True}),
]


@pytest.mark.parametrize("feat,event,acting,other,facts", FEAT_CASES)
def test_a_feat_applies_only_to_the_faction_that_holds_it(
        dei: Definitions, feat: str, event: str, acting: str, other: str,
        facts: dict[tuple[str, tuple[Any, ...]], Any]) -> None:
    """Before: the Feats had no condition on who holds them: each fired for every Faction's
    Buy Action, Drone, Construction or Collect Action, whether or not the Purebred had drawn
    that Feat."""
    rule = f"{FEATS}.{feat}"
    token = dei.rules[rule].this
    facts = {**TABLE, **facts}
    held = {**facts, ("feat_unlocked", (token,)): True}
    region = Ctx(target="big_ben")

    def after(event_actor: str, drawn: bool, given: dict[tuple[str, tuple[Any, ...]], Any],
              target: Any = "big_ben") -> Game:
        g = game(dei, given)
        for place in (target, "drone"):  # what the event acts on (a Region, a Market card)
            g.set_place(place, [])          # and the Drone hold nothing
        g.gain("technology", 1, "purebred")
        if drawn:
            g.place(token, f"{FEATS}.held_feats")
        g.trigger(event, region.but(actor=event_actor, target=target))
        return g

    drone_card = "drone_card" if feat == "drones_command" else "big_ben"
    assert not fired(after(acting, False, held, drone_card), rule)  # not drawn
    if (feat, other) == ("inspection", "purebred"):
        with pytest.raises(Illegal, match="requires no"):  # the Purebred build no Construction
            after(other, True, held, drone_card)
    else:
        assert not fired(after(other, True, held, drone_card), rule)  # not the holder's moment
    assert fired(after(acting, True, held, drone_card), rule)
    locked = {**facts, ("feat_unlocked", (token,)): False}
    assert not fired(after(acting, True, locked, drone_card), rule)


def test_what_the_book_says_the_purebred_can_do_is_their_choice(dei: Definitions) -> None:
    """Before: "you can pay 1 additional Technology Resource to get a Candy Boost" was
    mandatory: every Buy Action of the Purebred holding Bribe spent a Technology."""
    token = dei.rules[f"{FEATS}.bribe"].this
    for answer, technology in (True, 0), (False, 1):
        g = game(dei, {**TABLE, ("feat_unlocked", (token,)): True,
                       ("answer", ("pay_for_candy_boost",)): answer})
        g.set_place("market_card", [])
        g.place(token, f"{FEATS}.held_feats")
        g.gain("technology", 1, "purebred")
        g.trigger("buy_action", Ctx(actor="purebred", target="market_card"))
        assert g.get("purebred", "technology") == technology


def test_the_purebred_market_ban_binds_only_the_purebred(dei: Definitions) -> None:
    """Before: `who: purebred` did not stop a rule hooked to any Faction's Buy Action: the
    Purebred's ban on the Black Market refused every Faction's purchase there."""
    ban = "purebred.rules.military_discipline.no_black_or_industrial_market"
    other = game(dei, TABLE)
    other.set_place("black_market", [])
    other.trigger("buy_action", Ctx(actor="red", target="black_market"))
    assert not fired(other, ban)
    with pytest.raises(Illegal):
        game(dei, TABLE).trigger(ban, Ctx(actor="purebred", target="black_market"))


def test_the_purebred_draw_their_feats_into_their_own_tokens(dei: Definitions) -> None:
    """Before: the Setup drew the Feats tokens to nowhere in particular, so no rule could
    tell which Feats the Purebred hold."""
    g = game(dei, {("feats_draft_played", ()): False})
    g.set_place("outpost_color", ["red", "blue", "green"])
    g.trigger("purebred.rules.purebred_setup.phase_9_feats", Ctx(actor="purebred"))
    assert len(g.places.of(f"{FEATS}.held_feats")) == 3


def test_order_tokens_are_placed_only_in_a_regular_game(dei: Definitions) -> None:
    """Before: the condition "regular game, not for the Campaign mode" was words the
    engine answered "yes", in the Campaign too."""
    rule = "purebred.rules.purebred_setup.phase_11_order_tokens"
    for campaign, placed in (False, True), (True, False):
        g = game(dei, options=["campaign_mode"] if campaign else [])
        g.set_place("mission_column", [])
        g.trigger(rule, Ctx(actor="purebred"))
        assert fired(g, rule) is placed


def test_motivation_takes_the_resource_from_the_submissive_faction(dei: Definitions) -> None:
    """Before: Motivation's extra Resource came from nowhere (`gain 1 resource to actor`):
    the submissive Faction kept all its Resources."""
    token = dei.rules[f"{FEATS}.motivation"].this
    g = game(dei, {**TABLE, ("supremacy_count", ("purebred", "big_ben")): 1,
                   ("resources_in", ("big_ben",)): 0, ("feat_unlocked", (token,)): True,
                   ("in_submission", ("red", "big_ben")): True,
                   ("in_submission", ("blue", "big_ben")): False,
                   ("answer", ("take_resource",)): True})
    g.set_place("faction", ["purebred", "red", "blue"])
    g.place(token, f"{FEATS}.held_feats")
    g.gain("resource", 2, "red")
    g.trigger("collect_action", Ctx(actor="purebred", target="big_ben"))
    assert g.get("red", "resource") == 1
    assert g.get("purebred", "resource") == 1 + 1  # Submission's extra one, and red's


def test_the_purebred_ignore_a_card_only_when_they_suffer_it(dei: Definitions) -> None:
    """Before: the immunity was hooked `during suffer_vengeance`: it ran after every
    Whistle-blow, for the Whistle-blower (the acting Faction), whether or not the Purebred
    reached the card's threshold, and after the Purebred had already chosen a penalty."""
    rule = f"{VENGEANCE}.rules.purebred_whistle_blow_section.purebred_penalty_immunity"
    suffer = f"{VENGEANCE}.rules.whistle_blow_section.suffer_vengeance"
    card = f"{VENGEANCE}.rules.vengeance_cards.gathering"

    def blown(purebred_suffers: bool) -> Game:
        g = game(dei, {("meets_threshold", ("red", card)): True,
                       ("meets_threshold", ("blue", card)): True,
                       ("meets_threshold", ("purebred", card)): purebred_suffers,
                       ("answer", ("gathering",)): "second_penalty",
                       ("answer", ("purebred_penalty_immunity",)): "ignore"})
        g.set_place("faction", ["red", "blue", "purebred"])
        g.trigger(suffer, Ctx(actor="red", target=card))
        return g

    spared = blown(False)
    assert not fired(spared, rule)
    assert [e.who for e in spared.log if e.what == f"{suffer}.choose_penalty"] == ["blue"]
    asked = blown(True)
    assert [e.who for e in asked.log if e.what == rule] == ["purebred"]
    assert [e.who for e in asked.log if e.what == f"{suffer}.choose_penalty"] == ["blue"]


# ---------------------------------------------------------------- the re-encoded examples


@pytest.mark.parametrize("game_id,example,rules", [
    ("escalation", f"{HIDEOUT}.commerce_for_free",
     [f"{HIDEOUT}.income", f"{HIDEOUT}.exit_hideout"]),
    ("escalation", "pockets.resistance_tokens.enkidu_to_tower",
     ["pockets.resistance_tokens.exit_discount", "pockets.resistance_tokens.action_discount"]),
    ("dei_old_london", f"{VENGEANCE}.rules.extra_supplies.ending_on_space_4",
     [f"{VENGEANCE}.rules.extra_supplies.end_of_game_supplies"]),
])
def test_the_reencoded_examples_run_the_rules_they_name(
        game_id: str, example: str, rules: list[str]) -> None:
    """Before: these examples did by themselves what their rules do (a bare `move`, exit
    rules of the example's own with the discount already applied, the end-game formula
    restated), so breaking the rules they name did not make them fail (W616)."""
    results = {r.example: r for r in example_results(compiled(ROOT / "rules" / game_id))}
    result = results[example]
    assert result.status == PASS, result.message
    assert set(rules) <= set(result.fired)
