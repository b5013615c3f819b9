"""Aeon Trespass rules that were wrong or dead in the generated engine (issue 10), each
run on the engine built from rules/aeon_trespass.

A test of a fix says in its docstring what the engine did before it (the test fails on
that); the others guard what a fix must leave alone, or a boundary no example shows.
"""

from __future__ import annotations

from types import ModuleType

import pytest
from ludex.runtime import Ctx, Game, Illegal, ScriptedChooser
from ludex.runtime import queries as q
from ludex.runtime.choosers import FirstChooser
from ludex.verify.examples import engine_of

from .conftest import ROOT
from .test_engine import compiled

D10 = "important_game_rules.dice.d10"
RANDOM = "important_game_rules.random_element"
NO_BP_III = "BP III - no BP III cards in the Escalation decks"
# rules whose timing stays in words: the language cannot say it (the rules of the game
# about its own rules)
TIMED_IN_WORDS = {
    "important_game_rules.cruel_fates",        # a rules or timing conflict
    "important_game_rules.rules_precedence",   # a rules conflict
    "important_game_rules.immediate_effects",  # an effect followed by "immediately"
    "important_game_rules.resolution_order",   # effects triggered at the same time
}


@pytest.fixture(scope="module")
def engine() -> ModuleType:
    return engine_of(compiled(ROOT / "rules" / "aeon_trespass").models[0])


def happened(game: Game, what: str, who: str | None = None) -> int:
    """How many times an outside event (an Escalation, a death) happened (to `who`)."""
    return sum(1 for e in game.log.of_kind("happen")
               if e.what == what and who in (None, e.who))


def fired(game: Game, rule: str) -> int:
    return sum(1 for e in game.log if e.kind == "rule" and e.what == rule)


def in_phase(engine: ModuleType, phase: str) -> Game:
    game: Game = engine.new_game(seed=1)
    game.set(None, "current_phase", phase)
    return game


# ---------------------------------------------------------------- Escalation


# the Titans' Rage ties at the start of a Battle (all 0): the players choose who takes
# the Priority Target token (the book's tiebreak), here Solon
# the Titans' Starting Positions are taken in order (the first free one each time)
START_TOKEN = ScriptedChooser({"priority_target_2.increase_rage.token_at_start_of_battle.a":
                               "solon"}, then=FirstChooser())


def scenario(game: Game) -> None:
    """What the scenario's diagram and rules show, which the book's text does not print
    (facts): no Terrain, three Starting Positions, the Primordial's space and facing."""
    game.set_fact("diagram_terrain_tiles", (), [])
    game.set_fact("titan_starting_positions", (),
                  [q.square(game, "battle_grid", c, 1) for c in (2, 3, 4)])
    game.set_fact("scenario_primordial_space", (), q.square(game, "battle_grid", 7, 6))
    game.set_fact("scenario_primordial_facing", (), "south")


def bp_cards(game: Game) -> None:
    for card, level in (("bp_1", 1), ("bp_2", 2), ("bp_2b", 2), ("bp_3", 3)):
        game.set(card, "level", level)
    game.set_place("bp_deck", ["bp_2", "bp_1", "bp_2b"])
    game.set_place("bp_discard_pile", ["bp_3"])
    game.set_place("bp_escalation_deck", [])


def test_battle_setup_performs_no_escalation_when_none_was_noted(engine: ModuleType) -> None:
    """Before: every Battle Setup escalated once and removed the lowest BP card, though
    no effect had said "Escalate X"."""
    game: Game = engine.new_game(seed=1, chooser=START_TOKEN)
    bp_cards(game)
    scenario(game)
    game.trigger("battle_setup")
    assert happened(game, "escalation") == 0
    # the Setup divides the BP cards by level (the level II ones to the Escalation deck);
    # no card is removed
    assert game.members("bp_deck") == ["bp_1"]
    assert sorted(game.members("bp_escalation_deck")) == ["bp_2", "bp_2b"]


def test_battle_setup_performs_as_many_escalations_as_were_noted(engine: ModuleType) -> None:
    """Before: "Escalate X" only logged a note, and Battle Setup escalated once whatever X
    was: Escalate 2 gave one Escalation and removed one BP card."""
    game: Game = engine.new_game(seed=1, chooser=START_TOKEN)
    bp_cards(game)
    scenario(game)
    game.trigger("escalations_outside_of_battle.escalation_noted", Ctx(target=2))
    assert game.get(None, "noted_escalations") == 2
    game.trigger("battle_setup")
    assert happened(game, "escalation") == 2
    # the Setup leaves bp_1 in the deck, bp_2 and bp_2b in the Escalation deck; each
    # Escalation without a Wound removes the lowest BP card and shuffles in one a level
    # higher: bp_1 for a bp_2, then that bp_2 for no level III card
    assert game.members("bp_deck") == [] and len(game.members("bp_escalation_deck")) == 1
    assert game.get(None, "noted_escalations") == 0
    game.set_fact("titan_starting_positions", (),  # the next Battle's diagram
                  [q.square(game, "battle_grid", c, 2) for c in (2, 3, 4)])
    game.trigger("battle_setup")  # the noted ones were performed: the next Setup has none
    assert happened(game, "escalation") == 2


def test_lowest_card_search_with_an_empty_discard_pile(engine: ModuleType) -> None:
    """Before: with an empty BP discard pile the search compared nothing with a level and
    the engine crashed (TypeError) instead of taking the deck's lowest card."""
    game: Game = engine.new_game(seed=1)
    bp_cards(game)
    game.set_place("bp_discard_pile", [])
    game.trigger("remove_lowest_bp_card")
    assert sorted(game.members("bp_deck")) == ["bp_2", "bp_2b"]


def escalation_decks(engine: ModuleType, bp_iii_left: bool = True) -> Game:
    """A Battle's BP and AI decks, the wounded cards drawn (`wounded`), and BP III cards
    left in the BP Escalation deck unless `bp_iii_left` is false."""
    game: Game = engine.new_game(seed=1)
    levels = {"bp_1": 1, "bp_2": 2, "bp_3": 3, "w_1": 1, "w_2": 2, "w_3": 3, "e_2": 2,
              "e_3": 3, "ai_1": 1, "ai_2": 2, "ai_e_2": 2, "ai_e_3": 3}
    for card, level in levels.items():
        game.set(card, "level", level)
    game.set_place("bp_deck", ["bp_1", "bp_2"])
    game.set_place("bp_discard_pile", ["bp_3"])
    game.set_place("bp_escalation_deck", ["e_2", "e_3"] if bp_iii_left else ["e_2"])
    game.set_place("ai_deck", ["ai_1", "ai_2"])
    game.set_place("ai_discard_pile", [])
    game.set_place("ai_escalation_deck", ["ai_e_2", "ai_e_3"])
    for place in ("wound_stack", "set_aside"):
        game.set_place(place, [])
    game.set_place("wounded", ["w_1", "w_2", "w_3"])
    return game


@pytest.mark.parametrize(("card", "critical", "bp_iii_left", "row"), [
    ("w_1", False, True, "BP I"),
    ("w_2", False, True, "BP II"),
    ("w_3", False, True, "BP III"),
    ("w_3", True, True, "BP III - Critical Wound"),
    ("w_3", False, False, NO_BP_III),
    ("w_3", True, False, "BP III - Critical Wound, no BP III cards in the Escalation decks"),
])
def test_the_chart_row_is_the_wounded_cards(engine: ModuleType, card: str, critical: bool,
                                            bp_iii_left: bool, row: str) -> None:
    """Before: the chart was read by its target, which was both the row ("BP I") and the
    wounded card: the row was found only when the target was the row's text, and then
    that text, not the card, went onto the Wound Stack; a card gave no row at all."""
    game = escalation_decks(engine, bp_iii_left)
    game.set_fact("critical_wound", [card], critical)
    game.set_fact("wounds_dealt", [card], [1, 2])
    game.trigger("chart_row", Ctx(target=card))
    assert game.get(None, "escalation_row") == row
    assert [e.detail.split(":")[0] for e in game.log.of_kind("table")
            if e.what == "full_escalation_chart"] == [repr(row)]
    assert card not in game.members("wounded")
    # a critically wounded BP III card is the Wound itself (it counts as 2)
    assert (game.members("wound_stack") == [card]) is (card != "w_3" or critical)


def test_the_chart_acts_on_the_wounded_card_not_on_its_row(engine: ModuleType) -> None:
    """Before: the chart's key was its target, so the wounded card (the target) reached no
    row and nothing happened; given the row's text as the target instead, the row placed
    that text ("BP II") on the Wound Stack. Now the row is `escalation_row` and the
    target stays the card."""
    game = escalation_decks(engine)
    game.set(None, "escalation_row", "BP II")
    game.trigger("full_escalation_chart", Ctx(target="w_2"))
    assert game.members("wound_stack") == ["w_2"]
    assert "e_3" in game.members("bp_deck")


def test_a_wounded_bp_i_card_goes_onto_the_wound_stack(engine: ModuleType) -> None:
    """Before: the BP I row placed its key, the text "BP I", on the Wound Stack."""
    game = escalation_decks(engine)
    game.trigger("chart_row", Ctx(target="w_1"))
    assert game.members("wound_stack") == ["w_1"]
    assert "e_2" in game.members("bp_deck") and game.members("bp_escalation_deck") == ["e_3"]
    assert sorted(game.members("ai_deck")) == ["ai_2", "ai_e_2"]  # AI I out, an AI II in


def test_a_wounded_bp_iii_card_returns_to_the_bottom_of_the_bp_deck(engine: ModuleType) -> None:
    """Before: the BP III row set its key text aside, put the text at the bottom of the
    BP deck, and the wounded card stayed where it was."""
    game = escalation_decks(engine)
    game.set_fact("critical_wound", ["w_3"], False)
    game.trigger("chart_row", Ctx(target="w_3"))
    assert game.members("wound_stack") == ["double_wound"]
    assert game.members("bp_deck")[-1] == "w_3"
    assert game.members("set_aside") == []
    # the lowest BP card (bp_1, in the deck) is out; the discard pile is left alone
    assert sorted(game.members("bp_deck")) == ["bp_2", "e_3", "w_3"]


def bonuses(game: Game) -> list[int]:
    return [game.get(None, s) for s in ("bonus_danger_per_hit", "bonus_to_hit",
                                        "bonus_evasion_dice", "bonus_escalations")]


def test_primordial_gains_one_bonus_per_wound_in_the_books_order(engine: ModuleType) -> None:
    """Before: the bonus table was read by the wounded card, which no row matches, so
    the Primordial never gained a bonus."""
    game = escalation_decks(engine, bp_iii_left=False)
    game.set_place("ai_escalation_deck", ["ai_e_2"])  # no level III AI card left
    game.set_fact("critical_wound", ["w_3"], False)
    game.set_fact("wounds_dealt", ["w_3"], [1, 2])  # a Double Wound: 2 Wounds
    game.trigger("chart_row", Ctx(target="w_3"))
    assert bonuses(game) == [1, 1, 0, 0]
    assert game.members("ai_deck") == ["ai_2"]  # the lowest AI card is still removed
    assert game.members("bp_deck")[-1] == "w_3"  # the set aside card, at the bottom
    for _ in range(3):  # three Wounds more: the last two bonuses, then none is left
        game.trigger("primordial_wound_bonus")
    assert bonuses(game) == [1, 1, 1, 1]


# ---------------------------------------------------------------- the Triskelion


def test_fate_over_nine_is_remembered_and_draws_a_moiros_card(engine: ModuleType) -> None:
    """Before: Fate was clamped to 9 and the excess forgotten, and the Moiros draw was
    timed in words, so it never happened."""
    game = in_phase(engine, "battle_phase")
    game.set("herodotus", "fate", 8)
    game.set_place("moiros_deck", ["moiros_a", "moiros_b"])
    with game.effect():
        game.gain("fate", 3, "herodotus")
        assert game.treated("herodotus", "fate") == 11
    assert game.get("herodotus", "fate") == 9
    # the Moiros deck is shuffled, then one card drawn and kept (book line 1542)
    assert len(game.members("moiros_deck")) == 1
    assert len(game.members("kept_moiros_cards")) == 1
    assert game.get("herodotus", "moiros_cards_kept") == 1
    assert fired(game, "fate.fate_over_nine") == 1


def test_rage_over_nine_in_battle_kills_the_titan(engine: ModuleType) -> None:
    """Before: Rage was clamped without memory and the rule was timed in words: the
    Titan lived on. Solon took the Priority Target token with the highest Rage; at his
    death it passes to a living Titan with the highest Rage, a tie the players break
    (Herodotus here)."""
    game: Game = engine.new_game(seed=1, chooser=ScriptedChooser(
        {"priority_target_2.token_passes_on_death.a": "herodotus"}))
    game.set(None, "current_phase", "battle_phase")
    game.set("solon", "rage", 9)
    game.gain("rage", 1, "solon")
    assert game.get("solon", "rage") == 9
    assert happened(game, "titan_death", "solon") == 1
    assert happened(game, "argonaut_death", "solon") == 0


@pytest.mark.parametrize("stat", ["danger", "fate", "rage"])
def test_over_nine_outside_battle_is_an_argonauts_death(engine: ModuleType, stat: str) -> None:
    """Before: the rule sat under a rule timed in words and had no timing of its own, so
    going over 9 outside of Battle never killed the Argonaut."""
    game = in_phase(engine, "voyage_phase")
    game.set("philoctera", stat, 8)
    game.gain(stat, 1, "philoctera")  # 9: nothing happens
    assert happened(game, "argonaut_death") == 0
    game.gain(stat, 2, "philoctera")
    assert happened(game, "argonaut_death", "philoctera") == 1
    assert happened(game, "titan_death") == 0


def test_over_nine_in_battle_is_no_argonauts_death(engine: ModuleType) -> None:
    """Going over 9 in Battle draws (the Trauma Draw), it does not kill the Argonaut."""
    game = in_phase(engine, "battle_phase")
    game.set_place("obol_deck", ["you_live"])
    game.set("philoctera", "danger", 9)
    game.gain("danger", 1, "philoctera")
    assert happened(game, "argonaut_death") == 0


@pytest.mark.parametrize(("gained", "added"), [(4, False), (5, True)])
def test_the_first_massive_danger_threshold_is_14(engine: ModuleType, gained: int,
                                                  added: bool) -> None:
    """No example of the book has a Danger of 13 or 14 (ruling massive_danger_threshold):
    a treated 13 adds no Obol card, a treated 14 adds You died horribly."""
    game = in_phase(engine, "battle_phase")
    game.set_place("obol_deck", ["you_live", "you_died"])
    game.set_fact("draw_order", ["obol_deck"], ["you_live"])
    game.set("philoctera", "danger", 9)
    game.gain("danger", gained, "philoctera")
    assert happened(game, "titan_death") == 0
    assert ("you_died_horribly" in game.members("obol_deck")) is added


# ---------------------------------------------------------------- a random element


def random_argonaut(engine: ModuleType, rolls: list[int]) -> Game:
    game: Game = engine.new_game(seed=1)
    game.set_fact("roll_order", [D10], rolls)
    game.trigger(f"{RANDOM}.argonaut_at_random")
    return game


def test_the_lowest_roll_designates_the_random_argonaut(engine: ModuleType) -> None:
    """Before: each Argonaut rolled a d10 and nothing read the rolls: no Argonaut was
    chosen (`random_argonaut` did not exist)."""
    argonauts = list(engine.DEFINITIONS.kinds["argonaut"])
    assert len(argonauts) == 3
    for lowest in range(3):
        rolls = [7, 7, 7]
        rolls[lowest] = 3
        assert random_argonaut(engine, rolls).get(None, "random_argonaut") == argonauts[lowest]


def test_tied_lowest_rolls_roll_again(engine: ModuleType) -> None:
    """The tied Argonauts roll again (ruling random_ties); the others stay out, even when
    the new rolls are higher than theirs."""
    argonauts = list(engine.DEFINITIONS.kinds["argonaut"])
    game = random_argonaut(engine, [4, 6, 4, 9, 8])  # first and third tie; then 9 and 8
    assert game.get(None, "random_argonaut") == argonauts[2]
    assert len(game.log.of_kind("roll")) == 5


@pytest.mark.parametrize(("rolls", "chosen"), [([5, 2, 7], "east"), ([3, 1, 1, 4, 9], "east"),
                                              ([6, 2, 2, 8, 5], "west")])
def test_the_lowest_roll_designates_any_other_random_element(
        engine: ModuleType, rolls: list[int], chosen: str) -> None:
    """Before: "Any other random element" was a row of a table read by its target, and
    rolled for each of its target, the row's own text (one die per character of "Any
    other random element"), and no roll designated anything. Now the indicated elements
    are the target, one d10 each, and the lowest (after the tied roll again) is chosen."""
    game: Game = engine.new_game(seed=1)
    game.set_fact("roll_order", [D10], rolls)
    game.trigger(f"{RANDOM}.other_at_random", Ctx(target=["north", "east", "west"]))
    assert game.get(None, "randomly_chosen") == chosen
    assert len(game.log.of_kind("roll")) == len(rolls)


def test_a_random_card_is_the_top_card_of_the_indicated_deck(engine: ModuleType) -> None:
    """Before: the "Random card" row drew from its target, the text "Random card", which
    is no deck: nothing was drawn (the run stopped). Now the indicated deck is the
    target."""
    game: Game = engine.new_game(seed=1)
    game.set_place("minor_trauma_deck", ["t_1", "t_2", "t_3"])
    game.trigger(f"{RANDOM}.card_at_random", Ctx(target="minor_trauma_deck"))
    assert game.get(None, "randomly_chosen") == "t_1"
    assert game.members("minor_trauma_deck") == ["t_2", "t_3"]


def test_designated_cards_that_form_no_deck_give_one_of_them(engine: ModuleType) -> None:
    """Cards that do not form a deck are shuffled together and one drawn (ruling
    random_designated_cards): each seed picks one of them, and every one can come."""
    picked = set()
    for seed in range(40):
        game: Game = engine.new_game(seed=seed)
        game.trigger(f"{RANDOM}.card_at_random.cards_not_a_deck", Ctx(target=["a", "b", "c"]))
        picked.add(game.get(None, "randomly_chosen"))
    assert picked == {"a", "b", "c"}


# ---------------------------------------------------------------- timings in words


def test_only_timings_the_language_cannot_say_stay_in_words(engine: ModuleType) -> None:
    """Before: 21 rules of Aeon Trespass were timed in words (none of them ever fired),
    among them Fate and Rage over 9, Escalate X and the Instructed Trauma Draws."""
    in_words = {name for name, rule in engine.DEFINITIONS.rules.items()
                if rule.when is not None and rule.when.kind == "text"}
    assert in_words == TIMED_IN_WORDS


def test_every_change_of_a_triskelion_stat_turns_its_dial(engine: ModuleType) -> None:
    """Before: "Whenever you gain or lose Danger, Fate or Rage" was timed in words."""
    game = in_phase(engine, "voyage_phase")
    game.gain("danger", 2, "solon")
    game.lose("fate", 1, "solon")
    game.gain("rage", 1, "solon")
    dials = ("triskelion.rotate_dial", "triskelion.rotate_dial.rotate_fate_dial",
             "triskelion.rotate_dial.rotate_rage_dial")
    assert [fired(game, rule) for rule in dials] == [1, 1, 1]


def test_rules_an_effect_calls_run_when_called(engine: ModuleType) -> None:
    """Before: the Instructed Trauma Draw and the ban on a voluntary gain over 9 were
    timed in words; now the effect that instructs them triggers them."""
    game = in_phase(engine, "battle_phase")
    game.set("herodotus", "danger", 4)
    game.trigger("trauma_draw.instructed_trauma_draw", Ctx(owner="herodotus"))
    assert game.runs[-1].procedure == "trauma_draw" and game.runs[-1].completed
    assert game.get("herodotus", "danger") == 4  # drawn at the current Danger, not raised
    game.set_fact("value_after_gain", ["herodotus"], 9)
    game.trigger("triskelion.no_voluntary_overflow", Ctx(target="herodotus"))
    game.set_fact("value_after_gain", ["herodotus"], 10)
    with pytest.raises(Illegal):
        game.trigger("triskelion.no_voluntary_overflow", Ctx(target="herodotus"))


@pytest.mark.parametrize("answer", [True, False])
def test_a_fate_reroll_is_the_players_choice(engine: ModuleType, answer: bool) -> None:
    """Before: Fate Re-rolls were timed in words ("after you roll d10 dice"), so the
    rule could not run, and its Fate was a cost paid whenever it did. Now the roll
    offers it, and the player "decides to re-roll" (`may reroll_with_fate`): only a
    re-roll gains 1 Fate and rolls the die again."""
    game: Game = engine.new_game(seed=1, chooser=ScriptedChooser({"reroll_with_fate": answer}))
    game.set_fact("roll_of", [D10], "attack_roll")
    game.set_fact("roll_order", [D10], [8])
    game.trigger("important_game_rules.fate_rerolls", Ctx(target=D10, actor="herodotus"))
    assert game.get("herodotus", "fate") == (1 if answer else 0)
    assert [e.detail for e in game.log.of_kind("roll")] == (["8"] if answer else [])


def test_an_argo_test_is_rerolled_with_argo_fate(engine: ModuleType) -> None:
    """Before: timed in words too. An Argo Test's die is re-rolled with Argo Fate,
    instead of Fate (`overrides: fate_rerolls`)."""
    game: Game = engine.new_game(seed=1, chooser=ScriptedChooser({"reroll_with_argo_fate": True}))
    game.set_fact("roll_of", [D10], "argo_test")
    game.trigger("important_game_rules.fate_rerolls", Ctx(target=D10, actor="herodotus"))
    assert game.get("herodotus", "fate") == 0
    assert fired(game, "important_game_rules.fate_rerolls.argo_fate_rerolls") == 1
    assert len(game.log.of_kind("roll")) == 1


def test_the_highest_rage_takes_the_priority_target_token(engine: ModuleType) -> None:
    """Before: "whenever your Rage becomes higher than that of all other Titans" was
    timed in words: no Titan ever gained the Priority Target token. Now it moves to
    whoever's Rage becomes the highest, a tie leaves it where it is, and outside of a
    Battle nobody gains it (ruling priority_target_rage)."""
    game = in_phase(engine, "voyage_phase")
    game.gain("rage", 2, "solon")
    assert game.places.where("priority_target_token") is None
    game = in_phase(engine, "battle_phase")
    holders = []
    for who, rage in (("solon", 2), ("herodotus", 2), ("herodotus", 1)):  # a tie, then higher
        game.gain("rage", rage, who)
        holders.append(game.places.where("priority_target_token"))
    assert holders == ["solon", "solon", "herodotus"]
    game.lose("rage", 2, "herodotus")  # Herodotus's loss makes Solon's Rage the highest
    assert game.places.where("priority_target_token") == "solon"


def test_a_random_direction_is_the_arrow_of_the_minor_trauma_card(engine: ModuleType) -> None:
    """Before: the card was revealed and put back at the bottom, and no direction was
    designated. Now the arrow of the card designates it (a fact of the card)."""
    game: Game = engine.new_game(seed=1)
    game.set_place("minor_trauma_deck", ["t_1", "t_2"])
    game.set_fact("arrow_of", ["t_1"], "north-east")
    game.trigger(f"{RANDOM}.direction_at_random")
    assert game.get(None, "randomly_chosen") == "north-east"
    assert game.members("minor_trauma_deck") == ["t_2", "t_1"]
