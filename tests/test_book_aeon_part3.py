"""Aeon Trespass, book lines 1534-2029 (issue 20): the rules no worked example of the
book reaches, run on the engine built from rules/aeon_trespass.

Each test names the book line it follows; the boundaries are the ones the rulings say
the book's examples do not show (the default Ambrosia Limit, a second Moiros card).
"""

from __future__ import annotations

from types import ModuleType

import pytest
from ludex.runtime import Ctx, Game, Illegal, ScriptedChooser
from ludex.runtime import queries as q
from ludex.verify.examples import engine_of

from .conftest import ROOT
from .test_engine import compiled

D10 = "important_game_rules.dice.d10"
PLACE_TERRAIN = "terrain.placing_and_removing_terrain.place_terrain"
TRAITS = "terrain.terrain_traits_list"
KEYWORDS = "keywords.keywords_list"


@pytest.fixture(scope="module")
def engine() -> ModuleType:
    return engine_of(compiled(ROOT / "rules" / "aeon_trespass").models[0])


def happened(game: Game, what: str, who: str | None = None) -> int:
    """How many times an outside event (a death) happened (to `who`)."""
    return sum(1 for e in game.log.of_kind("happen")
               if e.what == what and who in (None, e.who))


def in_battle(engine: ModuleType) -> Game:
    game: Game = engine.new_game(seed=1)
    game.set(None, "current_phase", "battle_phase")
    return game


# ---------------------------------------------------------------- Moiros and Kratos


def test_a_second_moiros_card_is_death_instead(engine: ModuleType) -> None:
    """Line 1544: "if you are ever forced to draw another Moiros card while you already
    have one, you die instead!" Nothing is drawn."""
    game = in_battle(engine)
    game.set_place("moiros_deck", ["moiros_a", "moiros_b"])
    game.set("herodotus", "fate", 9)
    game.set("herodotus", "moiros_cards_kept", 1)
    game.gain("fate", 1, "herodotus")
    assert happened(game, "titan_death", "herodotus") == 1
    assert len(game.members("moiros_deck")) == 2


def test_kept_moiros_cards_go_back_at_the_end_of_battle(engine: ModuleType) -> None:
    """Line 1542: the card is kept "until the end of Battle"; then the next Battle's
    first Fate over 9 draws again instead of killing."""
    game = in_battle(engine)
    game.set_place("moiros_deck", ["moiros_a", "moiros_b"])
    game.set("herodotus", "fate", 9)
    game.gain("fate", 1, "herodotus")
    assert game.get("herodotus", "moiros_cards_kept") == 1
    game.trigger("moiros_cards.keep_moiros_until_end_of_battle")
    assert game.get("herodotus", "moiros_cards_kept") == 0
    assert len(game.members("moiros_deck")) == 2
    assert game.members("kept_moiros_cards") == []


@pytest.mark.parametrize(("roll", "drawn"), [(4, 1), (5, 0), (6, 0)])
def test_a_kratos_roll_below_rage_draws_a_kratos_card(engine: ModuleType, roll: int,
                                                       drawn: int) -> None:
    """Line 1549: a d10 "equal or higher" than your Rage succeeds; a fail draws a Kratos
    card (Rage 5 here)."""
    game = in_battle(engine)
    game.set_place("kratos_deck", ["kratos_a", "kratos_b"])
    game.set("herodotus", "rage", 5)
    game.set_fact("roll_order", [D10], [roll])
    game.trigger("kratos_cards.kratos_roll", Ctx(owner="herodotus"))
    assert game.get(None, "kratos_roll_result") == ("fail" if drawn else "success")
    assert game.get("herodotus", "kratos_cards_kept") == drawn
    assert len(game.members("kept_kratos_cards")) == drawn


# ---------------------------------------------------------------- Ambrosia


@pytest.mark.parametrize(("tokens", "dies"), [(4, False), (5, True)])
def test_the_default_ambrosia_limit_is_four(engine: ModuleType, tokens: int,
                                             dies: bool) -> None:
    """Line 1554: "Unless your Titan Sheet or Gear cards state otherwise, your Ambrosia
    Limit is 4" (no example of the book shows it: ruling abysswatcher_has_a_limit)."""
    game = in_battle(engine)  # no element of the Titan states an Ambrosia Limit
    game.set("abysswatcher", "ambrosia", tokens - 1)
    game.gain("ambrosia", 1, "abysswatcher")
    assert game.get("abysswatcher", "ambrosia_limit") == 4
    assert (happened(game, "titan_death", "abysswatcher") == 1) is dies


def test_the_highest_ambrosia_limit_counts_then_every_bonus(engine: ModuleType) -> None:
    """Line 1554: "choose the one with the highest Ambrosia Limit, then apply bonuses"."""
    game = in_battle(engine)
    game.set("abysswatcher", "ambrosia_limits", [3, 6, 5])
    game.set("abysswatcher", "ambrosia_limit_bonus", 2)
    game.gain("ambrosia", 1, "abysswatcher")
    assert game.get("abysswatcher", "ambrosia_limit") == 8


# ---------------------------------------------------------------- Conditions and Fatigue


def test_you_cannot_gain_a_condition_you_already_have(engine: ModuleType) -> None:
    """Line 1537: "You cannot gain a Condition if you already have it"."""
    game = in_battle(engine)
    solon = Ctx(actor="solon", target="knockdown_card")  # each Argonaut's own Conditions
    game.trigger("conditions.gaining_conditions", solon)
    assert game.members("condition_cards@solon") == ["knockdown_card"]
    with pytest.raises(Illegal):
        game.trigger("conditions.gaining_conditions", solon)


def test_a_second_fatigue_token_cannot_be_gained(engine: ModuleType) -> None:
    """Line 1702: "You cannot gain a Fatigue token if you already have one"."""
    game = in_battle(engine)
    game.trigger("fatigue.gain_fatigue", Ctx(owner="solon"))
    assert game.get("solon", "fatigue_tokens") == 1
    with pytest.raises(Illegal):
        game.trigger("fatigue.gain_fatigue", Ctx(owner="solon"))


# ---------------------------------------------------------------- Awakening


def test_an_awakening_from_an_obol_draw_ends_in_death(engine: ModuleType) -> None:
    """Line 1619: no Trespass token to discard at the start of your turn ends the
    Awakening; "if you awakened as a result of an Obol Draw, you die"."""
    game = in_battle(engine)
    for who, by_obol in (("herodotus", 1), ("solon", 0)):
        game.set(who, "awakened", 1)
        game.set(who, "awakened_by_obol", by_obol)
        game.trigger("awakenings.ending_the_awakening", Ctx(owner=who))
        assert game.get(who, "awakened") == 0
    assert happened(game, "titan_death", "herodotus") == 1
    assert happened(game, "titan_death", "solon") == 0


def test_an_awakened_titan_keeps_the_priority_target_token(engine: ModuleType) -> None:
    """Line 1605: "As long as you are Awakened, you cannot lose this token", even when
    another Titan's Rage becomes the highest."""
    game = in_battle(engine)
    game.set("herodotus", "awakened", 1)
    game.place("priority_target_token", "herodotus")
    game.gain("rage", 5, "philoctera")
    assert "priority_target_token" in game.members("herodotus")


# ---------------------------------------------------------------- Terrain


def placing(engine: ModuleType, tile: str, space: str) -> Game:
    """A Terrain tile (a terrain_piece) about to be placed on a space of the Battle
    Board; not every tile of its type is on the board."""
    game = in_battle(engine)
    game.set(None, "placed_tile", tile)
    game.set(None, "placement_space", space)
    game.set_fact("all_of_type_on_board", [], False)
    return game


def square(column: int, row: int) -> str:
    return f"battle_grid.{column}_{row}"


def test_a_tile_placed_on_an_indestructible_tile_is_ignored(engine: ModuleType) -> None:
    """Line 1816: "you cannot place anything on top of it. Ignore this new tile
    placement." Any other tile under it is destroyed first (line 1817)."""
    for old, indestructible in (("indestructible_cover_piece", True),
                                ("exposed_cover_piece", False)):
        game = placing(engine, "destructible_cover_piece", square(5, 5))
        game.place(old, square(5, 5))
        game.trigger(PLACE_TERRAIN)
        on_space = game.members(square(5, 5))
        assert on_space == ([old] if indestructible else ["destructible_cover_piece"])
        assert (game.places.where(old) == "terrain_supply") is not indestructible


def test_an_obstacle_placed_on_a_titan_crashes_it(engine: ModuleType) -> None:
    """Lines 1820-1821: an Obstacle (and Destructible) tile placed on a Titan: Crash,
    +1 Danger and Knockdown; a Destructible one is destroyed, not placed; any other is
    placed, the Titan Displaced beside it (the player's choice)."""
    figure = "titan_movement_rules.solon_figure"
    for tile, destructible in (("destructible_obstacle_piece", True),
                               ("obscuring_obstacle_piece", False)):
        game = placing(engine, tile, square(5, 5))
        game.place(figure, square(5, 5))
        game.set("solon", "danger", 2)
        game.set_fact("answer", ["s"], square(6, 5))
        game.trigger(PLACE_TERRAIN)
        assert game.get("solon", "danger") == 3
        assert "knockdown_card" in game.members("condition_cards@solon")
        assert (tile in game.members(square(5, 5))) is not destructible
        assert game.places.where(figure) == (square(5, 5) if destructible else square(6, 5))


def test_only_an_indestructible_tile_is_placed_on_the_primordial(engine: ModuleType) -> None:
    """Lines 1825-1826: on any of the Primordial's four spaces."""
    for tile, indestructible in (("indestructible_cover_piece", True),
                                 ("destructible_cover_piece", False)):
        game = placing(engine, tile, square(4, 4))
        game.place("primordial_miniature", square(3, 3))
        game.trigger(PLACE_TERRAIN)
        assert (tile in game.members(square(4, 4))) is indestructible


# ---------------------------------------------------------------- Tests in Battle, VPs


@pytest.mark.parametrize(("roll", "result"), [(3, "fail"), (4, "success"), (10, "success")])
def test_a_test_adds_skill_and_declared_bonuses(engine: ModuleType, roll: int,
                                                result: str) -> None:
    """Lines 1627-1628: roll a d10, add the Skill and the bonuses declared before the
    test, compare with the difficulty (Cunning 3, +1 bonus, 8+ here)."""
    game = in_battle(engine)
    game.set(None, "test_difficulty", 8)
    game.set(None, "test_skill", 3)
    game.set(None, "test_bonus", 1)
    game.set_fact("roll_order", [D10], [roll])
    game.trigger("tests_in_battle.perform_test")
    assert game.get(None, "test_result") == result
    assert game.get(None, "test_bonus") == 0


def test_a_vp_is_climbed_only_once_created_and_by_one_titan(engine: ModuleType) -> None:
    """Lines 1580, 1585, 1590: a locked VP cannot be climbed; a passed Climb test puts
    the Titan beside the Primordial on the VP space (a space on the Primordial
    miniature); a second Titan cannot climb the occupied VP."""
    game = in_battle(engine)
    game.set(None, "test_difficulty", 6)
    game.set_fact("roll_order", [D10], [9, 9])
    game.place("primordial_miniature", "battle_grid.5_5")
    game.place("solon", "battle_grid.4_5")
    game.place("herodotus", "battle_grid.7_5")
    climb = "vantage_points.climbing_and_falling.climb_vp"
    with pytest.raises(Illegal):
        game.trigger(climb, Ctx(actor="solon"))     # the VP is locked (vp_locked)
    assert game.members("battle_grid.vantage_point") == []
    game.set_fact("has_vp_description", [], True)
    game.trigger("vantage_points.creating_vps.create_vp")
    game.trigger(climb, Ctx(actor="solon"))
    assert game.members("battle_grid.vantage_point") == ["solon"]
    with pytest.raises(Illegal):
        game.trigger(climb, Ctx(actor="herodotus"))


def test_a_titan_moves_down_from_the_vp_with_its_movement_action(engine: ModuleType) -> None:
    """Line 1588: from the VP space a movement action moves "to a space adjacent to the
    Primordial ... as if they were adjacent spaces", then on: three steps reach (9,5)
    from the VP of a Primordial on columns 5-6; four are needed for (10,5)."""
    figure = "titan_movement_rules.herodotus_figure"
    move = "titan_movement_rules.movement_restrictions"
    for goal, allowed in (("battle_grid.9_5", True), ("battle_grid.10_5", False)):
        game = in_battle(engine)
        game.place("primordial_miniature", "battle_grid.5_5")
        game.place(figure, "battle_grid.vantage_point")
        game.set(None, "titan_movement_rules.movement_allowance", 3)
        game.answer_queue[("destination", None)] = [goal]
        if not allowed:
            with pytest.raises(Illegal):
                game.trigger(move, Ctx(actor="herodotus"))
            continue
        game.trigger(move, Ctx(actor="herodotus"))
        assert game.places.where(figure) == goal
        assert q.passed(game, figure) == ["battle_grid.7_5", "battle_grid.8_5", goal]


def test_no_vp_description_no_vp(engine: ModuleType) -> None:
    """Line 1582: "you cannot create VPs on it by any means"."""
    game = in_battle(engine)
    game.set_fact("has_vp_description", [], False)
    with pytest.raises(Illegal):
        game.trigger("vantage_points.creating_vps.create_vp")
    assert game.get(None, "vp_created") == 0


# ---------------------------------------------------------------- keywords


def test_stacked_opening_places_the_summed_tokens(engine: ModuleType) -> None:
    """Lines 1707, 1748: two Opening 1 are Opening 2: two Opening tokens."""
    game = in_battle(engine)
    game.set("solon", "opening_x", 2)
    game.trigger(f"{KEYWORDS}.opening.opening_tokens_placed", Ctx(actor="solon"))
    assert game.get(None, "opening_tokens") == 2


@pytest.mark.parametrize("answer", [True, False])
def test_sacrifice_trades_danger_for_a_break_token(engine: ModuleType, answer: bool) -> None:
    """Line 1792: "you may gain +1 Danger to place one Break token"."""
    game: Game = engine.new_game(seed=1, chooser=ScriptedChooser({"use_sacrifice": answer}))
    game.set(None, "current_phase", "battle_phase")
    game.set("solon", "has_sacrifice", True)
    game.trigger(f"{KEYWORDS}.sacrifice.sacrifice_break", Ctx(actor="solon"))
    assert game.get("solon", "danger") == int(answer)
    assert game.get(None, "break_tokens") == int(answer)


def test_bp_suppress_shuffles_the_discard_pile_into_the_deck(engine: ModuleType) -> None:
    """Line 1799."""
    game = in_battle(engine)
    game.set_place("bp_deck", ["bp_a"])
    game.set_place("bp_discard_pile", ["bp_b", "bp_c"])
    game.trigger(f"{KEYWORDS}.suppress.bp_suppress")
    assert sorted(game.members("bp_deck")) == ["bp_a", "bp_b", "bp_c"]
    assert game.members("bp_discard_pile") == []


def test_rocksteady_may_ignore_knockdown(engine: ModuleType) -> None:
    """Line 1789: "When you are about to suffer Knockdown, you may use this ability to
    ignore it"; the next Knockdown is suffered again."""
    game: Game = engine.new_game(seed=1, chooser=ScriptedChooser({"use_rocksteady": True}))
    game.set("solon", "rocksteady", 1)
    knockdown = f"{KEYWORDS}.knockdown.suffer_knockdown"
    game.trigger(knockdown, Ctx(actor="solon"))
    assert game.members("condition_cards@solon") == []
    game.set("solon", "rocksteady", 0)
    game.trigger(knockdown, Ctx(actor="solon"))
    assert game.members("condition_cards@solon") == ["knockdown_card"]


# ---------------------------------------------------------------- the Mnestis Theatre
# (a mode of its own: its rules run only with it in play; the Skyseer Technology and
# ascending Gear, used in the campaign, are not part of it)


def test_skyseer_breeding_waits_for_its_event(engine: ModuleType) -> None:
    """Line 1950: "Lose 2 Dreamwalker Titans to note the Skyseer Event ... You cannot use
    this ability again until you resolve this event"; usable in any campaign (line 1949),
    without the Mnestis Theatre mode."""
    game: Game = engine.new_game(seed=1)
    breeding = "skyseer_technology.skyseer_breeding"
    game.set(None, "dreamwalker_titans", 4)
    game.trigger(breeding)
    game.trigger(breeding)          # the event is noted: the condition fails, nothing paid
    assert game.get(None, "dreamwalker_titans") == 2
    game.trigger(f"{breeding}.skyseer_event")
    assert game.get(None, "skyseer_titans") == 1
    game.trigger(breeding)
    assert game.get(None, "dreamwalker_titans") == 0


@pytest.mark.parametrize(("technology", "cost"), [("Trireme Weapons", 1),
                                                  ("Hekaton Sighting", 2),
                                                  ("Smelted Gear", 3),
                                                  ("Apostate Weapons", 4)])
def test_ascending_costs_come_from_the_production_technology(engine: ModuleType,
                                                             technology: str,
                                                             cost: int) -> None:
    """Lines 1910-1913: one to four ascending materials by Production Technology, in the
    campaign (line 1900: ascending materials are used outside the Theatre)."""
    game: Game = engine.new_game(seed=1)
    game.set(None, "ascending_materials", 5)
    game.set(None, "production_technology", technology)
    game.trigger("ascending_gear_rules.ascending_gear")
    assert game.get(None, "ascending_materials") == 5 - cost
    assert game.get(None, "gear_cycle") == 1
