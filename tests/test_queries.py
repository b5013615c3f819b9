"""The runtime knows no game: no name a rulebook declares appears in it, and the queries
a book needs are generic (`run_values` reads any procedure's resolved values)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from ludex.core.vocabulary import PERIODS, VERBS
from ludex.pipeline import compile_paths
from ludex.runtime.queries import QUERIES
from ludex.verify.examples import engine_of

from .conftest import ROOT

RUNTIME = ROOT / "compiler" / "runtime"
# Words of the language itself, which the runtime rightly knows.
# the words the language itself gives a meaning to (`per: player`, `each: player`)
LANGUAGE = set(PERIODS) | set(VERBS) | {"after", "before", "during", "start", "end", "player",
                                        "instead", "passes", "bumps"}
# ... and the names of its queries (`adjacent(a, b)`), which a book may use as a term too
LANGUAGE |= set(QUERIES)


def test_the_runtime_names_nothing_a_rulebook_declares() -> None:
    comp = compile_paths([ROOT / "rules"], checks=False)
    declared = {s.decl.id for m in comp.models for s in m.symbols.values() if s.qualname}
    literals: set[str] = set()
    for path in RUNTIME.rglob("*.py"):
        tree = ast.parse(path.read_text("utf-8"))
        docs = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr)}
        literals |= {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant)
                     and isinstance(n.value, str) and id(n) not in docs}
    names = {part for text in literals for part in text.split(".")}
    assert sorted(names & declared - LANGUAGE) == []


# Common words that happen to be ids in a book, and that the runtime's own prose uses;
# and the language reference's placeholders (its players and places), which the
# reference game, Crazy Eights, uses too.
PLAIN_WORDS = {"card", "dice", "event", "first", "hero", "instead", "map", "may", "pile",
               "played", "rules", "supply", "ann", "bob", "cid", "hand", "score", "stock",
               "front", "cover", "sight", "hidden"}


def test_the_runtimes_prose_names_no_game_either() -> None:
    """Docstrings and comments too: their examples use placeholders, not a book's ids."""
    comp = compile_paths([ROOT / "rules"], checks=False)
    declared = {s.decl.id for m in comp.models for s in m.symbols.values() if s.qualname}
    text = " ".join(p.read_text("utf-8") for p in RUNTIME.rglob("*.py"))
    words = set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", text))
    assert sorted(words & declared - LANGUAGE - PLAIN_WORDS) == []


def test_run_values_reads_each_completed_run_in_order(tmp_path: Path) -> None:
    (tmp_path / "game.ludex").write_text('''game g "G":
  page: 1

kind hero "Hero":
  field max_heat: int 0..9

hero ann "Ann":
  max_heat: 5

hero bob "Bob":
  max_heat: 5

stat heat "Heat":
  per: hero
  range: 0..max_heat
  overflow: clamp_remember

procedure cool_down "Cool down":
  step vent "Vent":
    effect: log "vented"

rule overheat "Overheat":
  when: after heat
  condition: treated(owner.heat) > 5
  effect: trigger cool_down

example twice "Twice over":
  for: overheat
  given: set ann.heat to 4
  actions:
    gain 3 heat to ann
    gain 1 heat to bob
    gain 4 heat to ann
  expect:
    run_values(cool_down, heat, ann) == [7, 9]
    run_values(cool_down, heat, bob) == []
''', encoding="utf-8")
    comp = compile_paths([tmp_path])
    errors = [f"{d.code} {d.message}" for d in comp.diags if d.severity == "error"]
    assert errors == []
    run = comp.models[0].examples
    assert run is not None and [r.status for r in run.results] == ["pass"], run
    defs = engine_of(comp.models[0]).DEFINITIONS
    assert "twice" in defs.examples


RANDOM_GAME = '''game g "G":
  page: 1

kind token "Token"

token red "Red"

token blue "Blue"

token green "Green"

zone bag "Bag"

zone hand "Hand"

stat picks "Picks"

rule draw_one "Draw one at random":
  effect:
    move random(bag) to hand
    gain 1 picks

example draws "One of the three, at random":
  for: draw_one
  given: set bag to [red, blue, green]
  actions:
    trigger draw_one
  expect:
    count(hand) == 1
    count(bag) == 2
    picks == 1
    is(random(hand), red) or is(random(hand), blue) or is(random(hand), green)
'''


def test_random_picks_one_of_a_list_or_a_place_by_the_games_seeded_draw(
        tmp_path: Path) -> None:
    """`random(among)`: one item, the same one for the same seed; nothing of none."""
    (tmp_path / "game.ludex").write_text(RANDOM_GAME, encoding="utf-8")
    comp = compile_paths([tmp_path])
    assert [f"{d.code} {d.message}" for d in comp.diags if d.severity == "error"] == []
    run = comp.models[0].examples
    assert run is not None and [r.status for r in run.results] == ["pass"], run
    engine = engine_of(comp.models[0])
    picked = set()
    for seed in range(12):
        firsts = []
        for _ in range(2):  # the same seed draws the same token
            game = engine.new_game(seed=seed)
            game.set_place("bag", ["red", "blue", "green"])
            firsts.append(QUERIES["random"](game, "bag"))
        assert firsts[0] == firsts[1] and firsts[0] in ("red", "blue", "green")
        picked.add(firsts[0])
    assert len(picked) > 1  # not always the same one
    assert QUERIES["random"](engine.new_game(seed=0), []) is None


STATUS_GAME = '''game g "G":
  page: 1

stat gold "Gold"

rule runs "Runs whole":
  effect: gain 1 gold

rule logs "Only logs":
  effect: log "nothing happens"

rule pays_nothing "Pays nothing":
  cost: pay 0 gold

rule in_words "A step in words":
  effect:
    gain 1 gold
    > Then tell the others.

rule asks "A condition in words":
  condition: "the moon is full"
  effect: gain 1 gold

rule words_only "Words only":
  effect:
    > Everyone cheers.
'''


def test_rules_are_full_partial_or_prose_by_what_runs(tmp_path: Path) -> None:
    from ludex.backends.figures import FULL, PARTIAL, PROSE_RULE, rule_clauses, rule_status

    (tmp_path / "game.ludex").write_text(STATUS_GAME, encoding="utf-8")
    model = compile_paths([tmp_path], checks=False).models[0]
    status = {s.decl.id: rule_status(c) for s in model.symbols.values()
              if (c := rule_clauses(s.decl)) is not None}
    assert status == {"runs": FULL, "logs": PARTIAL, "pays_nothing": PARTIAL,
                      "in_words": PARTIAL, "asks": PROSE_RULE, "words_only": PROSE_RULE}


def test_the_site_and_stats_print_the_same_figures(tmp_path: Path) -> None:
    from ludex.backends.site import SiteOptions, emit

    from .conftest import run_cli

    (tmp_path / "game.ludex").write_text(STATUS_GAME, encoding="utf-8")
    stats = run_cli("stats", str(tmp_path)).out
    assert "rules: 6 (1 full, 3 partial, 2 prose; 2 steps in words only)" in stats
    home = emit(compile_paths([tmp_path]), SiteOptions(authoring=True))["docs/index.md"]
    assert isinstance(home, str)  # the figures are the authoring section's
    declarations = stats.split(": ", 1)[1].split(" ")[0]
    assert f"| {declarations} | 6 (1 full, 3 partial, 2 prose) |" in home


def test_the_readme_quotes_the_figures_ludex_stats_prints() -> None:
    """README's table of the corpus is what `ludex stats rules/` says, not a memory of it."""
    from ludex.backends.figures import game_stats

    comp = compile_paths([ROOT / "rules"])
    readme = (ROOT / "README.md").read_text("utf-8")
    for model in comp.models:
        stats = game_stats(model, model.examples.results if model.examples else ())
        title = model.game.title if model.game else model.name
        row = (f"| {title} | {stats.declarations} | {stats.rules}: {stats.full} / "
               f"{stats.partial} / {stats.prose_rules} |")
        assert row in readme, row


def test_a_choice_between_logs_is_not_full(tmp_path: Path) -> None:
    """`if`, `for each`, `choose` count by what they hold: choosing between two logs does
    nothing a player would notice."""
    from ludex.backends.figures import PARTIAL, rule_clauses, rule_status

    (tmp_path / "game.ludex").write_text('''game g "G":
  page: 1

rule pick "Pick":
  effect:
    choose 1:
      option a "A":
        log "a"
      option b "B":
        log "b"
''', encoding="utf-8")
    model = compile_paths([tmp_path], checks=False).models[0]
    clauses = rule_clauses(model.symbols["pick"].decl)
    assert clauses is not None and rule_status(clauses) == PARTIAL
