"""Engine and compiler bugs the book encoders met, each on a small game of its own."""

from __future__ import annotations

from pathlib import Path

from ludex.pipeline import compile_paths
from ludex.semantics.results import PASS, ExampleResult
from ludex.verify.examples import example_results

HEADER = '''game g "G":
  page: 1

stat day "Day":
  range: 0..20

stat coins "Coins":
  range: 0..20

'''


def results_of(tmp_path: Path, text: str) -> dict[str, ExampleResult]:
    (tmp_path / "game.ludex").write_text(text, encoding="utf-8")
    return {r.example: r for r in example_results(compile_paths([tmp_path]))}


FACT_OF_A_STAT = HEADER + '''fact symbol_on "The symbol printed on a day of the Timeline"

rule acclimation "Acclimation":
  effect:
    if symbol_on(day, "Acclimation"):
      gain 1 coins

example on_day_five "The symbol of day 5":
  for: acclimation
  given:
    set day to 5
    set symbol_on(5, "Acclimation") to yes
  actions:
    trigger acclimation
  expect:
    coins == 1
'''


def test_a_stat_given_to_a_fact_is_its_value(tmp_path: Path) -> None:
    """`symbol_on(day, "x")` asks about the day it is (5), not about the name `day`
    (needs-voyage.md B2)."""
    result = results_of(tmp_path, FACT_OF_A_STAT)["on_day_five"]
    assert result.status == PASS, result


LIST_STAT = HEADER + '''stat pile "A list":
  start: []

rule grow "Grow":
  effect:
    set pile to pile + [1]

example from_the_start "Adding to a list stat at its start value":
  for: grow
  actions:
    trigger grow
    trigger grow
  expect:
    pile == [1, 1]
'''


def test_a_list_stat_at_its_start_value_can_be_added_to(tmp_path: Path) -> None:
    """`pile + [1]` where `pile` still holds its `start: []` (the definitions keep it as
    a tuple): it was a TypeError, tuple + list."""
    result = results_of(tmp_path, LIST_STAT)["from_the_start"]
    assert result.status == PASS, result


OWN_INSTANCE = HEADER + '''kind hero "Hero"
hero ann "Ann"

rule census "Census":
  effect:
    set coins to count(all(hero))

procedure roll_call "Roll call":
  each: hero
  step answer "Answer":
    effect: gain 1 day

example with_bob "Bob joins in this example":
  for: [census, roll_call]
  hero bob "Bob"
  actions:
    trigger census
    trigger roll_call
  expect:
    coins == 2
    day == 2

example without_bob "Only Ann, in any other example":
  for: [census, roll_call]
  actions:
    trigger census
    trigger roll_call
  expect:
    coins == 1
    day == 1
'''


def test_an_instance_declared_in_an_example_exists_there_only(tmp_path: Path) -> None:
    """`hero bob` inside `with_bob` is a hero there, and nowhere else: not in
    `without_bob`, nor in a game played outside the examples."""
    from ludex.runtime import Game
    from ludex.verify.examples import engine_of

    results = results_of(tmp_path, OWN_INSTANCE)
    assert results["with_bob"].status == PASS, results["with_bob"]
    assert results["without_bob"].status == PASS, results["without_bob"]
    engine = engine_of(compile_paths([tmp_path], checks=False).models[0])
    assert Game(engine.DEFINITIONS).members("hero") == ["ann"]


NESTED_STAT = HEADER + '''section voyage "Voyage":
  stat introduced "The Adversary is introduced":
    range: 0..1

  rule noticed "Noticed":
    when: after introduced
    effect: gain 1 coins
'''


def test_a_stat_set_by_its_qualified_name_is_the_stat(tmp_path: Path) -> None:
    """`Game.set` / `Game.get` by a stat's qualified name reach the stat (kept by its own
    id) and fire its hooks; a qualified name that is no stat is an error naming the
    nearest one (needs-aeonfix.md: it silently wrote a key no rule reads)."""
    import pytest
    from ludex.runtime import Game, NotExecutable
    from ludex.verify.examples import engine_of

    (tmp_path / "game.ludex").write_text(NESTED_STAT, encoding="utf-8")
    game = Game(engine_of(compile_paths([tmp_path], checks=False).models[0]).DEFINITIONS)
    game.set(None, "voyage.introduced", 1)
    assert game.get(None, "introduced") == 1 and game.get(None, "voyage.introduced") == 1
    assert game.get(None, "coins") == 1  # its hook fired
    with pytest.raises(NotExecutable, match="no stat is called `voyage.introduce`; did you "
                                            "mean `introduced`"):
        game.set(None, "voyage.introduce", 1)


ONE_FIST = HEADER + '''kind hero "Hero"
hero ann "Ann"
hero bob "Bob"

component fist "Fist"

deck supply "Supply":
  contains: [fist]

zone hand "Hand":
  per: hero

rule grab "Grab the Fist":
  effect: place fist in hand

example twice "The one Fist given twice":
  for: grab
  given:
    set supply to [fist, fist]
  actions:
    as ann:
      trigger grab
  expect:
    count(ann.hand) == 1
'''


def test_one_card_given_twice_to_a_place_is_refused(tmp_path: Path) -> None:
    """Before: `set supply to [fist, fist]` with the deck's one Fist put the one entity in
    the list twice, and the next move of it failed in the engine (`list.remove`)."""
    found = results_of(tmp_path, ONE_FIST)["twice"]
    assert found.status != PASS
    assert "every copy of fist is already given" in found.message


TWO_ZONES = HEADER + '''component a "A"
component b "B"

zone left_zone "Left":
  capacity: 3

zone right_zone "Right":
  capacity: 3

stat both "Both":
  start: []

rule gather "Gather what both zones hold":
  effect: set both to left_zone + right_zone

example gathered "A and B gathered":
  for: gather
  given:
    set left_zone to [a]
    set right_zone to [b]
  actions:
    trigger gather
  expect:
    both == [a, b]
    count(left_zone + right_zone) == 2
'''


def test_two_zones_added_are_what_they_hold(tmp_path: Path) -> None:
    """Before: `left_zone + right_zone` joined the two places' names into one text, and
    the run blocked on a place of that name."""
    assert results_of(tmp_path, TWO_ZONES)["gathered"].status == PASS
