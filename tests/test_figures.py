"""`ludex stats` counts what truly runs: a `limit:` the engine applies on its own (a zone
that holds N at most, which every move into it obeys) is a clause that runs; a use limit
on a rule that does nothing else limits nothing, and stays prose."""

from __future__ import annotations

from pathlib import Path

from ludex.backends.figures import (
    FULL,
    PARTIAL,
    PROSE_RULE,
    enforced_limit,
    rule_clauses,
    rule_status,
)
from ludex.pipeline import compile_paths

from .conftest import run_cli

LIMITS_GAME = '''game g "G":
  page: 1

deck inventions "Inventions":
  contains: [lamp, drill, kite, sled]

zone in_play "Inventions in play":
  capacity: 3
  overflow: forbid

zone workbench "Workbench"

rule in_play_limit "No more than 3 Inventions in play":
  limit: max 3 in in_play

rule fourth_goes_back "A 4th Invention goes back":
  limit: max 3 in in_play
  effect:
    > The 4th Invention drawn stays in the deck.

rule bench_limit "No more than 3 on the workbench":
  limit: max 3 in workbench

rule other_count "No more than 2 in play":
  limit: max 2 in in_play

rule once_a_round "Each Invention once per round":
  limit: once per round

component lamp "Lamp"
component drill "Drill"
component kite "Kite"
component sled "Sled"

example fourth "A 4th Invention drawn goes to the bottom":
  for: in_play_limit
  > Draw 4 Inventions: only 3 stay in play, the 4th is refused.
  given:
    set draw_order(inventions) to [lamp, drill, kite, sled]
  actions:
    draw 4 from inventions to in_play
  expect:
    count(in_play) == 3
    contains(inventions, sled)
'''


def test_a_limit_the_engine_applies_counts_as_running(tmp_path: Path) -> None:
    (tmp_path / "game.ludex").write_text(LIMITS_GAME, encoding="utf-8")
    model = compile_paths([tmp_path], checks=False).models[0]
    status = {s.decl.id: rule_status(c, enforced_limit(model, c))
              for s in model.symbols.values() if (c := rule_clauses(s.decl)) is not None}
    assert status == {"in_play_limit": FULL, "fourth_goes_back": PARTIAL,
                      # the zone has no capacity: the limit holds only when the rule runs
                      "bench_limit": PROSE_RULE,
                      # the zone holds 3, not 2: the engine applies another number
                      "other_count": PROSE_RULE,
                      # limits the rule's own uses, and the rule does nothing
                      "once_a_round": PROSE_RULE}


def test_the_engine_does_apply_the_zone_limit(tmp_path: Path) -> None:
    (tmp_path / "game.ludex").write_text(LIMITS_GAME, encoding="utf-8")
    run = run_cli("test", str(tmp_path))
    assert run.code == 0, run.out + run.err
    stats = run_cli("stats", str(tmp_path)).out
    assert "rules: 5 (1 full, 1 partial, 3 prose; 1 steps in words only)" in stats
