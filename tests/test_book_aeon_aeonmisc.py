"""Aeon Trespass, book lines 1466-2028 (issues 19 and 20, helper "aeonmisc"): the rules
this session made run that no worked example of the book reaches, on the engine built
from rules/aeon_trespass.

Each test names the book line it follows.
"""

from __future__ import annotations

from types import ModuleType

import pytest
from ludex.runtime import Ctx, Game, Illegal, ScriptedChooser
from ludex.verify.examples import engine_of

from .conftest import ROOT
from .test_engine import compiled

KEYWORDS = "keywords.keywords_list"
GRID = "battle_grid"


@pytest.fixture(scope="module")
def engine() -> ModuleType:
    return engine_of(compiled(ROOT / "rules" / "aeon_trespass").models[0])


def happened(game: Game, what: str, who: str | None = None) -> int:
    """How many times an outside event (a death, a Summoning) happened (to `who`)."""
    return sum(1 for e in game.log.of_kind("happen")
               if e.what == what and who in (None, e.who))


def in_battle(engine: ModuleType, **answers: object) -> Game:
    game: Game = (engine.new_game(seed=1, chooser=ScriptedChooser(answers)) if answers
                  else engine.new_game(seed=1))
    game.set(None, "current_phase", "battle_phase")
    return game


def test_a_second_kratos_card_is_death_instead(engine: ModuleType) -> None:
    """Line 1547: "If you are ever forced to draw another Kratos card while you already
    have one, you die instead!" The draw is replaced: nothing is drawn."""
    game = in_battle(engine)
    game.set_place("kratos_deck", ["kratos_a", "kratos_b"])
    game.set("solon", "kratos_cards_kept", 1)
    game.trigger("kratos_cards.draw_kratos_card", Ctx(owner="solon"))
    assert happened(game, "titan_death", "solon") == 1
    assert len(game.members("kratos_deck")) == 2
    assert game.members("kept_kratos_cards") == []


def test_a_summoning_moves_the_adversary_once(engine: ModuleType) -> None:
    """Lines 680 and 1624: the reminder on p. 60 restates the rule of p. 22; a Summoning
    outside the Mnestis Theatre moves the Adversary once, not twice. The Adversary has
    been introduced (line 504: activations are ignored until then) and stands on the
    Map two revealed tiles west of the Argo: it moves one tile towards it."""
    game = in_battle(engine)
    game.set(None, "summon_limit_value", 2)
    game.set(None, "adversary_introduced", True)
    game.set(None, "adversary_on_map", True)
    for x in (1, 2, 3):
        game.place(f"aeon_components.map_tile#{x}", f"voyage.voyage_map.{x}_1")
    game.place("voyage.argo_miniature", "voyage.voyage_map.3_1")
    game.place("voyage.adversary_miniature", "voyage.voyage_map.1_1")
    game.trigger("summoning", Ctx(args=(("summoning_used", "Nymph of the Spring"),)))
    assert happened(game, "adversary_activation") == 1
    assert game.members("voyage.voyage_map.2_1")[0] == "voyage.adversary_miniature"
    assert game.get(None, "summon_charges_used") == 1


def test_outside_the_theatre_a_used_up_godform_cannot_be_chosen(engine: ModuleType) -> None:
    """Line 1601: "this Godform becomes unavailable until the next Divine Surge"; only the
    Mnestis Theatre (line 1888) lets you use it again."""
    game = in_battle(engine)
    game.set(None, "awakening_unlocked", 1)
    game.set_place("godform_supply", ["spent_godform"])
    with pytest.raises(Illegal):
        game.trigger("awakenings.awaken.choose_godform", Ctx(owner="solon"))
    assert game.get("solon", "awakened") == 0


def test_a_titan_boxed_in_by_titans_cannot_reflex(engine: ModuleType) -> None:
    """Line 1778 (Reflex: "Move up to 1 space") and line 907 (a space with a miniature is
    occupied): a Titan whose four neighbours hold Titans or the Board Edge stays."""
    game = in_battle(engine, s=f"{GRID}.2_1")
    game.place("solon", f"{GRID}.1_1")
    game.place("herodotus", f"{GRID}.2_1")
    game.place("philoctera", f"{GRID}.1_2")
    with pytest.raises(Illegal):
        game.trigger(f"{KEYWORDS}.reflex.reflex_move", Ctx(actor="solon"))
    assert game.members(f"{GRID}.1_1") == ["solon"]


def test_a_lost_battle_nets_resources_and_cores(engine: ModuleType) -> None:
    """Lines 1474-1477: the Wound Stack's BP cards give their resources times the level,
    a BP III card a Core as well; a lost Battle gives them too (no condition)."""
    game = in_battle(engine)
    game.set(None, "primordial_level", 2)
    game.set(None, "battle_outcome", "defeat")
    game.set_place("wound_stack", ["bp_three"])
    game.set_fact("bp_card_resources", ["bp_three"], 4)
    game.trigger("gaining_primordial_resources.resources_from_wounds")
    game.trigger("gaining_primordial_resources.core_resources")
    assert game.get(None, "primordial_resources") == 8
    assert game.get(None, "primordial_cores") == 1


class KnockedDownMidTurn:
    """Answers no to every action of the turn; asked for the movement action, it first
    knocks the Titan down (a Knockdown suffered within its own turn)."""

    def __init__(self) -> None:
        self.game: Game | None = None

    def choose(self, choice: object) -> list[object]:
        if getattr(choice, "name", "") == "movement_action" and self.game is not None:
            self.game.trigger(f"{KEYWORDS}.knockdown.suffer_knockdown",
                              Ctx(actor="philoctera"))
        return [False]


def test_a_knockdown_within_your_turn_is_not_flipped_at_its_end(engine: ModuleType) -> None:
    """Line 1744: "At the end of your next turn, you flip the card": knocked down during
    her own turn, Philoctera keeps it Falling down at that turn's end; the next turn's
    end flips it."""
    chooser = KnockedDownMidTurn()
    game: Game = engine.new_game(seed=1, chooser=chooser)
    chooser.game = game
    game.set(None, "current_phase", "battle_phase")
    game.trigger("titan_turn", Ctx(actor="philoctera"))
    assert game.members("condition_cards@philoctera") == ["knockdown_card"]
    assert game.get("philoctera", "knockdown_standing_up") == 0
    chooser.game = None
    game.trigger("titan_turn", Ctx(actor="philoctera"))
    assert game.get("philoctera", "knockdown_standing_up") == 1
