"""`Match`: a game played one decision at a time (legal actions, apply, undo, views,
records), on a small game written for the test."""

from __future__ import annotations

import copy
import pickle
import sys
from pathlib import Path
from typing import Any

import pytest
from ludex.backends.to_python import emit
from ludex.pipeline import compile_paths
from ludex.runtime import Game, IllegalAction, Match, RandomChooser

DUEL = """game duel "Duel":
  players: player
  seats: 2..3
  result: score

kind player "Player"

player ann "Ann"
player bob "Bob"
player cid "Cid"

kind card "Card":
  field rank: int 1..13

card low "Low card":
  rank: 2
  copies: 3

card high "High card":
  rank: 12
  copies: 3

deck stock "Stock":
  contains: card

zone hand "Hand":
  per: player

zone table "Table"

stat score "Score":
  per: player
  range: 0..99

procedure game "Game":
  step deal "Deal":
    effect:
      shuffle stock
      for each p in players():
        draw 2 from stock to p.hand
  step play_rounds "Play rounds":
    effect:
      trigger rounds

procedure rounds "Rounds":
  until: sum([count(p.hand) for each p in players()]) == 0
  step turns "Each player's turn":
    effect:
      trigger turn

procedure turn "Turn":
  each: player
  step play "Play a card":
    effect:
      choose c from hand:
        move c from hand to table
        gain c.rank score
      else:
        log "nothing left to play"
"""


@pytest.fixture(scope="module")
def duel(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The game's engine, written to a folder and imported as a package (so that a
    pickled game can reload its definitions by name)."""
    root = tmp_path_factory.mktemp("match")
    (root / "duel").mkdir()
    (root / "duel" / "game.ludex").write_text(DUEL, encoding="utf-8")
    comp = compile_paths([root / "duel"], checks=False)
    assert not comp.diags.has_errors, [str(d) for d in comp.diags]
    out = root / "engines"
    for rel, text in emit(comp).items():
        (out / rel).parent.mkdir(parents=True, exist_ok=True)
        (out / rel).write_text(text, encoding="utf-8")
    sys.path.insert(0, str(out))
    try:
        import duel as package  # type: ignore[import-not-found]

        yield package.DEFINITIONS
    finally:
        sys.path.remove(str(out))
        for name in [n for n in sys.modules if n.split(".")[0] == "duel"]:
            del sys.modules[name]


def play_out(match: Match, pick: int = 0) -> None:
    while not match.is_over():
        actions = match.legal_actions()
        match.apply(actions[pick % len(actions)])


def test_a_match_stops_at_each_decision_and_ends(duel: Any) -> None:
    match = Match(duel, players=2, seed=3)
    assert match.current_player == "ann"
    names = [a.name for a in match.legal_actions()]
    hand = match.game.members("hand@ann")
    assert names == [f"turn.play.c={card}" for card in hand]  # one action per card in hand
    play_out(match, pick=1)
    assert match.is_over() and match.legal_actions() == [] and match.current_player is None
    assert sum(match.returns().values()) == 2 * (2 + 12)  # every card played, ranks scored
    with pytest.raises(IllegalAction, match="the game is over"):
        match.apply("turn.play.c=low#1")


def test_an_illegal_action_is_refused_with_a_suggestion(duel: Any) -> None:
    match = Match(duel, players=2, seed=3)
    legal = match.legal_actions()[0].name
    with pytest.raises(IllegalAction, match="did you mean"):
        match.apply(legal[:-1] + "9")
    assert match.actions == []


def test_the_same_seed_and_actions_give_the_same_game(duel: Any) -> None:
    first = Match(duel, players=3, seed=11)
    play_out(first, pick=1)
    again = Match(duel, players=3, seed=11, actions=first.actions)
    assert again.game.log.text() == first.game.log.text()
    assert Match.from_json(duel, first.to_json()).game.log.text() == first.game.log.text()
    other = Match(duel, players=3, seed=12)
    play_out(other, pick=1)
    assert other.game.log.text() != first.game.log.text()


def test_undo_copies_and_pickles(duel: Any) -> None:
    match = Match(duel, players=2, seed=5)
    before = [a.name for a in match.legal_actions()]
    match.apply(match.legal_actions()[0])
    match.undo()
    assert [a.name for a in match.legal_actions()] == before and match.actions == []
    match.apply(match.legal_actions()[-1])
    for twin in (match.clone(), copy.deepcopy(match), pickle.loads(pickle.dumps(match))):
        assert twin.to_json() == match.to_json()
        assert twin.game.log.text() == match.game.log.text()
        twin.apply(twin.legal_actions()[0])
        assert len(match.actions) == 1  # the copy is its own
    game = Game(duel, seed=1, chooser=RandomChooser(1))
    game.trigger("game")
    restored = pickle.loads(pickle.dumps(game))
    assert restored.defs is duel and restored.log.text() == game.log.text()
    assert copy.deepcopy(game).members("table") == game.members("table")


def test_a_view_shows_only_what_its_player_may_see(duel: Any) -> None:
    match = Match(duel, players=2, seed=3)
    seen = match.view("ann")
    assert isinstance(seen["places"]["hand@ann"], list)
    assert seen["places"]["hand@bob"] == 2 and seen["places"]["stock"] == 2
    with pytest.raises(IllegalAction, match="not a player"):
        match.view("cid")


def test_a_game_without_a_game_procedure_cannot_be_a_match(tmp_path: Path) -> None:
    (tmp_path / "g").mkdir()
    (tmp_path / "g" / "game.ludex").write_text('game g "G":\n  page: 1\n', encoding="utf-8")
    comp = compile_paths([tmp_path / "g"], checks=False)
    from ludex.verify.examples import engine_of

    defs = engine_of(comp.models[0]).DEFINITIONS
    with pytest.raises(IllegalAction, match="one procedure that plays the game"):
        Match(defs)


def test_names_resolve_by_their_short_form_or_fail_loudly(duel: Any) -> None:
    game = Game(duel, seed=1)
    game.set_place("hand@ann", ["low"])
    game.act("play", actor="ann")  # the step `turn.play`, by its short name
    assert game.members("table") == ["low#1"] and game.get("ann", "score") == 2
    with pytest.raises(Exception, match="did you mean `turn.play`"):
        game.act("turn.paly", actor="ann")
    with pytest.raises(Exception, match="no player or card is called `anne`"):
        game.act("turn.play", actor="anne")


def test_a_generated_package_starts_a_match_at_its_first_decision(duel: Any) -> None:
    import duel as package

    match = package.new_match(players=2, seed=3)
    assert match.current_player == "ann" and match.legal_actions()
    assert match.game.members("stock") and not match.is_over()
    assert Match.from_json(duel, match.to_json()).to_json() == match.to_json()


def test_a_short_name_is_not_read_as_nobody(tmp_path: Path) -> None:
    """`get("akira", "trust")` returned 0 when the id is `module.akira`."""
    (tmp_path / "g").mkdir()
    (tmp_path / "g" / "game.ludex").write_text("""game g "G":
  page: 1

kind hero "Hero"

stat trust "Trust":
  per: hero

module revolution "Revolution":
  hero akira "Akira"
""", encoding="utf-8")
    comp = compile_paths([tmp_path / "g"], checks=False)
    from ludex.verify.examples import engine_of

    game = Game(engine_of(comp.models[0]).DEFINITIONS)
    assert game.get("revolution.akira", "trust") == 0
    with pytest.raises(Exception, match="did you mean `revolution.akira`"):
        game.get("akira", "trust")
