"""`when: instead of STAT(n)`: a rule that replaces a gain or a loss of a stat, on a small
game of its own (a Faction's Diplomacy frozen At War; an unavoidable loss)."""

from __future__ import annotations

import copy
import pickle
from pathlib import Path

from ludex.pipeline import compile_paths
from ludex.runtime import Ctx, Game
from ludex.semantics.results import PASS
from ludex.verify.examples import engine_of, example_results

GAME = '''game g "G":
  page: 1

stat coins "Coins":
  range: 0..20

stat war "At war":
  range: 0..1

stat noticed "Changes noticed":
  range: 0..20

rule frozen "At war, no gain of Coins":
  when: instead of coins(n)
  condition: war == 1 and n > 0 and not resolving(tax)
  effect: log "ignored"

rule notice "Each change of Coins is noticed":
  when: after coins
  effect: gain 1 noticed

rule tax "The tax: an unavoidable gain, and a loss":
  effect:
    gain 3 coins
    lose 1 coins

example ignored "At war, a gain of Coins is ignored; a loss is not":
  for: frozen
  given:
    set war to 1
    set coins to 5
  actions:
    gain 2 coins
    lose 1 coins
  expect:
    coins == 4
    noticed == 2    # the 5 given and the loss; not the gain ignored

example unavoidable "The tax's gain is not replaced":
  for: frozen
  given:
    set war to 1
  actions:
    trigger tax
  expect:
    coins == 2
    noticed == 2

example at_peace "At peace, Coins change":
  for: frozen
  actions:
    gain 2 coins
  expect:
    coins == 2
'''


def test_a_rule_instead_of_a_stat_replaces_its_gain_and_reads_the_change(
        tmp_path: Path) -> None:
    (tmp_path / "game.ludex").write_text(GAME, encoding="utf-8")
    comp = compile_paths([tmp_path])
    results = {r.example: r for r in example_results(comp)}
    for name in ("ignored", "unavoidable", "at_peace"):
        assert results[name].status == PASS, results[name]
    game = Game(engine_of(comp.models[0]).DEFINITIONS)
    game.set(None, "war", 1)
    game.gain("coins", 4, None)
    assert game.get(None, "coins") == 0 and game.get(None, "noticed") == 0
    assert [e.detail for e in game.log.of_kind("override")] == [
        "a change of +4 replaced by frozen"]
    again = pickle.loads(pickle.dumps(game))
    again.gain("coins", 4, None)
    copied = copy.deepcopy(game)
    copied.trigger("tax", Ctx())
    assert again.get(None, "coins") == 0 and copied.get(None, "coins") == 2
