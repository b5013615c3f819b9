"""The engine's game semantics on small games written for these tests (not on rules/):
card identity, players, choices over the state, periods driven by procedures, and
events. Each game is compiled from `.ludex` text, its engine generated and loaded, and
driven through `Game` as a generated engine's user would."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from ludex.pipeline import compile_paths
from ludex.runtime import (
    Ctx,
    FirstChooser,
    Game,
    Illegal,
    NotExecutable,
    RandomChooser,
    ScriptedChooser,
    explore,
    queries,
)
from ludex.semantics.results import PASS
from ludex.verify.examples import engine_of, run_examples

HEADER = """game duel "Duel":
  players: player
  seats: 2..4

kind player "Player"

player ann "Ann"
player bob "Bob"
player cid "Cid"

kind card "Card":
  field rank: int 1..13
  field suit: one of hearts, spades

card seven "Seven of hearts":
  rank: 7
  suit: hearts
  copies: 3

card king "King of spades":
  rank: 13
  suit: spades

deck stock "Stock":
  contains: [seven, king]
  reshuffle: never

zone hand "Hand":
  per: player

zone pile "Discard pile"

stat score "Score":
  per: player
  range: 0..1000
"""


def build(tmp_path: Path, rules: str) -> tuple[Any, Any]:
    """Compile the game (the header above and `rules`), load its engine: (model, defs)."""
    folder = tmp_path / "duel"
    folder.mkdir()
    (folder / "game.ludex").write_text(HEADER + rules, encoding="utf-8")
    comp = compile_paths([folder], checks=False)
    assert not comp.diags.has_errors, [str(d) for d in comp.diags]
    model = comp.models[0]
    return comp, engine_of(model).DEFINITIONS


def new(defs: Any, **kw: Any) -> Game:
    return Game(defs, **kw)


# ---------------------------------------------------------------- identity


def test_copies_are_entities_and_the_copy_named_by_its_place_moves(tmp_path: Path) -> None:
    _, defs = build(tmp_path, """
rule play_seven "Play a seven from your hand":
  effect:
    move seven from hand to pile
""")
    g = new(defs)
    assert g.members("stock") == ["seven#1", "seven#2", "seven#3", "king"]
    g.set_place("hand@ann", ["seven"])
    g.set_place("set_aside", ["seven"])  # another copy, face down elsewhere
    g.act("play_seven", actor="ann")
    assert g.members("pile") == ["seven#1"] and g.members("set_aside") == ["seven#2"]
    with pytest.raises(Illegal, match="seven is not in hand@ann"):
        g.act("play_seven", actor="ann")  # her hand holds no seven any more
    with pytest.raises(Illegal, match="2 copies of seven are in play"):
        g.move("seven", "hand@bob")  # which one? the rule must say where it comes from
    assert queries.contains(g, "pile", "seven") and not queries.contains(g, "hand@ann", "seven")


# ---------------------------------------------------------------- players


def test_seats_per_player_places_and_player_queries(tmp_path: Path) -> None:
    _, defs = build(tmp_path, """
rule deal "Deal two cards to each player":
  effect:
    for each p in players():
      draw 1 from stock to p.hand

rule leader_bonus "The player with most cards in hand scores their count":
  effect:
    for each p in players():
      if count(p.hand) == max([count(q.hand) for each q in players()]):
        gain sum([count(q.hand) for each q in players()]) score to p
""")
    g = new(defs, players=["ann", "bob"])
    assert g.seats == ("ann", "bob")
    g.set_fact("draw_order", ["stock"], ["king", "seven"])
    g.trigger("deal")
    assert g.members("hand@ann") == ["king"] and g.members("hand@bob") == ["seven#1"]
    g.trigger("leader_bonus")
    assert g.get("ann", "score") == 2 and g.get("bob", "score") == 2
    three = new(defs)
    assert queries.others(three, "bob") == ["cid", "ann"]
    assert queries.next_player(three, "cid") == "ann"
    three.eliminate("ann")
    assert three.still_in() == ["bob", "cid"] and queries.next_player(three, "cid") == "bob"
    with pytest.raises(ValueError, match="not players of duel"):
        new(defs, players=["ann", "zed"])


def test_eliminated_for_the_round_are_back_when_it_ends(tmp_path: Path) -> None:
    _, defs = build(tmp_path, """
procedure round "Round":
  step knock_out "Bob is out":
    effect:
      eliminate bob
""")
    g = new(defs)
    g.trigger("round")
    assert "bob" in g.log.text() and g.still_in() == ["ann", "bob", "cid"]
    g.eliminate("cid")  # no round running: out of the game
    g.trigger("round")
    assert g.still_in() == ["ann", "bob"]


# ---------------------------------------------------------------- choices


CHOICES = """
rule steal "Take a card from another player's hand":
  effect:
    choose rival from others(you) where count(rival.hand) > 0:
      choose c from rival.hand:
        move c from rival.hand to hand
    else:
      log "no one has a card: the rule has no effect"

rule discard_some "Discard up to two cards":
  effect:
    choose up to 2 c from hand:
      discard c from hand to pile

rule must_discard "Discard a card":
  effect:
    choose c from hand:
      discard c from hand to pile

rule maybe_draw "You may draw a card":
  effect:
    may draw_extra:
      draw 1 from stock to hand

rule everyone_discards "Each other player discards a card":
  effect:
    for each p in others(you):
      as p:
        trigger must_discard

rule marked "A targeted player scores":
  when: targeted
  effect:
    gain 1 score to owner
"""


def test_choices_are_answered_by_name_checked_and_never_assumed(tmp_path: Path) -> None:
    _, defs = build(tmp_path, CHOICES)
    g = new(defs)
    g.set_place("hand@bob", ["king"])
    g.set_place("hand@cid", ["seven"])
    with pytest.raises(NotExecutable, match="nobody answers"):
        g.act("steal", actor="ann")  # two rivals could be chosen: nobody chose
    g = new(defs)
    g.set_place("hand@bob", ["king"])
    g.set_place("hand@cid", ["seven"])
    g.set_fact("answer", ["rival"], "cid")
    g.act("steal", actor="ann")  # the card is forced: cid holds only one
    assert g.members("hand@ann") == ["seven#1"] and g.get("cid", "score") == 1
    g.set_fact("answer", ["rival"], "bob")
    with pytest.raises(Illegal, match="not a legal choice"):
        g.act("steal", actor="bob")  # bob cannot choose himself


def test_an_empty_choice_runs_else_or_blocks(tmp_path: Path) -> None:
    _, defs = build(tmp_path, CHOICES)
    g = new(defs)
    g.act("steal", actor="ann")  # nobody holds a card: the book's "no effect" is written
    assert "no one has a card" in g.log.text()
    with pytest.raises(NotExecutable, match="does not say what happens"):
        g.act("must_discard", actor="ann")  # the rule says nothing for an empty hand
    g.act("discard_some", actor="ann")  # up to two: none is a legal answer


def test_counts_may_and_acting_players(tmp_path: Path) -> None:
    _, defs = build(tmp_path, CHOICES)
    g = new(defs, chooser=ScriptedChooser({"c": ["king", "seven"], "draw_extra": False}))
    g.set_place("hand@ann", ["seven", "king", "seven"])
    g.act("discard_some", actor="ann")
    assert sorted(g.members("pile")) == ["king", "seven#1"]
    g.act("maybe_draw", actor="ann")
    assert g.members("hand@ann") == ["seven#2"]
    g.set_fact("answer", ["draw_extra"], True)
    g.act("maybe_draw", actor="ann")
    assert len(g.members("hand@ann")) == 2
    g.set_place("hand@bob", ["king"])
    g.set_place("hand@cid", ["seven"])
    g.act("everyone_discards", actor="ann")  # each one's single card: forced, no question
    assert g.members("hand@bob") == [] and g.members("hand@cid") == []


def test_first_random_and_every_answer(tmp_path: Path) -> None:
    _, defs = build(tmp_path, CHOICES)

    def run(chooser: Any) -> list[str]:
        g = new(defs, chooser=chooser)
        g.set_place("hand@ann", ["seven", "king", "seven"])
        g.act("discard_some", actor="ann")
        return sorted(str(c) for c in g.members("pile"))

    assert run(FirstChooser()) == ["seven#1"]
    assert run(RandomChooser(5)) == run(RandomChooser(5))
    outcomes = [result for _, result in explore(run)]
    assert len(outcomes) == 1 + 3 + 3  # nothing, one of three, two of three


# ---------------------------------------------------------------- periods


def test_turns_in_seat_order_until_the_end_condition(tmp_path: Path) -> None:
    _, defs = build(tmp_path, """
procedure game "Game":
  until: max([p.score for each p in players()]) >= 2
  step play_round "Play a round":
    effect:
      trigger turn

procedure turn "Turn":
  each: player
  step score_one "Score one":
    effect:
      gain 1 score
""")
    g = new(defs)
    g.trigger("game")
    turns = [e.who for e in g.log if e.kind == "procedure" and e.what == "turn"]
    assert turns == ["ann", "bob", "cid"] * 2  # two rounds of turns, in seat order
    scored = [e.who for e in g.log if e.kind == "gain"]
    assert scored == ["ann", "bob", "cid"] * 2  # then the end condition holds


def test_a_duration_until_your_next_turn_ends_at_your_turn_only(tmp_path: Path) -> None:
    _, defs = build(tmp_path, """
rule shield "Protected until the start of your next turn":
  duration: until start of turn
  limit: once per turn

procedure turn "Turn":
  each: player
""")
    g = new(defs)
    g.act("shield", actor="cid")
    with pytest.raises(Illegal, match="once per turn"):
        g.act("shield", actor="cid")
    g.start("turn", "ann")  # driven by hand: ann's turn starts, not cid's
    assert queries.active(g, "shield", "cid")
    g.trigger("turn")  # ann's turn, bob's turn, then cid's: it ends at cid's
    ended = [e for e in g.log if e.kind == "expire"]
    assert [e.who for e in ended] == ["cid"] and not queries.active(g, "shield")
    g.start("turn")  # a turn of no one in particular ends what every turn start ends
    g.act("shield", actor="cid")  # the limit counted per turn started again


# ---------------------------------------------------------------- events


def test_rules_hook_entering_leaving_discarding(tmp_path: Path) -> None:
    _, defs = build(tmp_path, """
rule entered "A card enters a hand":
  when: enters hand
  effect:
    gain 1 score to owner

rule left "A card leaves the stock":
  when: leaves stock
  effect:
    gain 10 score to actor

rule king_gone "The King is discarded":
  when: discarded king
  effect:
    gain 100 score to actor

rule draw_one "Draw a card":
  effect:
    draw 1 from stock to hand

rule drop_king "Discard the King":
  effect:
    discard king from hand to pile
""")
    g = new(defs)
    g.set_fact("draw_order", ["stock"], ["king"])
    g.act("draw_one", actor="bob")
    assert g.get("bob", "score") == 11  # left the stock (bob drew), entered bob's hand
    g.act("drop_king", actor="bob")
    assert g.get("bob", "score") == 111
    assert g.trigger("entered", Ctx(owner="ann")) is None and g.get("ann", "score") == 1


# ---------------------------------------------------------------- examples


def test_examples_answer_choices_and_run_contained(tmp_path: Path) -> None:
    comp, _ = build(tmp_path, CHOICES + """
example steal_from_cid "Ann takes Cid's seven":
  for: steal
  given:
    set cid.hand to [seven]
    set answer(rival) to cid
  actions:
    as ann:
      trigger steal
  expect:
    contains(ann.hand, seven)
""")
    results = run_examples(comp)
    assert [(r.status, r.message) for r in results] == [(PASS, "1 expectation met")]


def test_a_track_in_a_section_is_one_stat_with_its_hooks(tmp_path: Path) -> None:
    """A track declared inside a section is gained, read and hooked by its id (the gain
    once went to a stat of the short name and never reached the track)."""
    _, defs = build(tmp_path, """
section board "The board":
  track fame "Fame track":
    spaces: 0..5
    3: gain 1 score

rule shine "Shine":
  effect:
    gain 2 board.fame to ann
    if ann.fame >= 2:
      gain 10 score to ann

rule noticed "Noticed":
  when: after board.fame
  effect:
    gain 100 score to owner
""")
    g = new(defs)
    g.trigger("shine")
    g.trigger("shine")
    assert g.get("ann", "fame") == 4 and g.get("ann", "score") == 2 * 100 + 2 * 10 + 1


def test_a_module_can_be_left_out(tmp_path: Path) -> None:
    _, defs = build(tmp_path, """
module extra "Extra cards":
  rule bonus "Bonus":
    effect:
      gain 1 score to ann
""")
    played = new(defs)
    played.trigger("extra.bonus")
    assert played.get("ann", "score") == 1
    g = new(defs, without=["extra"])
    g.trigger("extra.bonus")  # its rules do not run
    assert not g.playing(["extra"]) and g.get("ann", "score") == 0
    with pytest.raises(ValueError, match="not a module"):
        new(defs, without=["extar"])


def test_a_query_reads_a_stats_value_and_a_fact_keeps_its_name(tmp_path: Path) -> None:
    """`count(rolled)` counts the list the stat holds (it was read as a place named
    `rolled`); `paid(ann, score)` still names the stat."""
    _, defs = build(tmp_path, """
stat rolled "Rolled"

rule tally "Tally the rolls":
  effect:
    set rolled to [3, 5, 5]
    gain count(rolled) + max(rolled) score to ann
    for each p in players():
      if p != ann:
        gain paid(ann, score) score to p
""")
    g = new(defs)
    g.trigger("tally")
    assert g.get("ann", "score") == 3 + 5 and g.get("bob", "score") == 0


def test_setting_a_place_empties_it_for_good(tmp_path: Path) -> None:
    """`set stock to []` leaves its cards in no place (they stayed recorded there, and
    moving one later crashed)."""
    _, defs = build(tmp_path, """
rule take_king "Take the King":
  effect:
    move king to hand
""")
    g = new(defs)
    g.set_place("stock", [])
    assert queries.location(g, "king") is None
    g.act("take_king", actor="ann")
    assert g.members("hand@ann") == ["king"] and g.members("stock") == []


def test_a_field_of_what_a_call_gives(tmp_path: Path) -> None:
    _, defs = build(tmp_path, """
rule follow "Score the top card's rank":
  effect:
    gain top(pile).rank score to next_player(you)
""")
    g = new(defs)
    g.set_place("pile", ["king", "seven"])
    g.act("follow", actor="ann")
    assert g.get("bob", "score") == 13


def test_an_example_seats_some_players_and_answers_a_choice_each_time(tmp_path: Path) -> None:
    comp, _ = build(tmp_path, CHOICES + """
rule two_steals "Steal twice":
  effect:
    trigger steal
    trigger steal

example twice "Ann steals from Cid, then from Bob":
  for: two_steals
  players: [ann, bob, cid]
  given:
    set bob.hand to [king]
    set cid.hand to [seven]
    set answers(rival) to [cid, bob]
  actions:
    as ann:
      trigger two_steals
  expect:
    count(ann.hand) == 2
    count(others(ann)) == 2

example two_seats "Two at the table":
  for: steal
  players: 2
  given:
    set bob.hand to [king]
  actions:
    as ann:
      trigger steal
  expect:
    contains(ann.hand, king)
    count(players()) == 2
""")
    results = run_examples(comp)
    assert [(r.status, r.message) for r in results] == [(PASS, "2 expectations met")] * 2
