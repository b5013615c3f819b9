"""Cards on the site: one look for a value whatever its source (a `.ludex` file or a card
sheet), and a big set (300 cards from a sheet) paged, so that no page, and no table of
contents, lists them all."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from ludex.backends.site import SiteOptions, emit
from ludex.backends.site.pages import MANY, PER_PAGE
from ludex.pipeline import compile_paths

GAME = '''game legion "Legion":
  > A game whose units are kept in a spreadsheet.

kind faction "Faction":
  field motto "Motto": text

faction north "The North":
  motto: "Winter comes"

faction south "The South":
  motto: "Summer stays"

kind unit "Unit":
  field cost "Cost": int 0..20
  field role "Role": one of infantry, cavalry, archer, mage
  field faction "Faction": ref faction
  field flying "Flies": bool

unit hand_made "Hand-made unit":
  cost: 7
  role: cavalry
  faction: north
  flying: no
'''


def legion(folder: Path, count: int) -> dict[str, str]:
    """A game of `count` units from a sheet (and one in `.ludex`), its site's pages."""
    (folder / "game.ludex").write_text(GAME, "utf-8")
    rows = ["id,title,cost,role,faction,flying,prose"]
    rows += [f"unit_{i:03},Unit {i},{i % 20},{['infantry', 'cavalry'][i % 2]},"
             f"{['north', 'south'][i % 2]},{['yes', 'no'][i % 2]},Unit {i} marches."
             for i in range(1, count + 1)]
    (folder / "units.cards.csv").write_text("\n".join(rows) + "\n", "utf-8")
    comp = compile_paths([folder])
    assert not comp.diags.has_errors, [d.message for d in comp.diags]
    return {rel: text for rel, text in emit(comp, SiteOptions()).items()
            if isinstance(text, str)}


def test_a_value_looks_the_same_from_a_sheet_and_from_ludex(tmp_path: Path) -> None:
    pages = legion(tmp_path, 3)
    gallery = pages["docs/legion/card-gallery.md"]
    ours = next(line for line in gallery.splitlines() if "Hand-made unit" in line)
    sheet = next(line for line in gallery.splitlines() if "[Unit 1]" in line)
    cells = [re.sub(r"\[[^]]*\]\(", "(", c).strip() for c in ours.split("|")[2:-1]]
    assert cells == ['<span class="ludex-number">7</span>',
                     '<span class="ludex-value">cavalry</span>', "(index.md#north)", "no"]
    assert sheet.split("|")[2:-1] == [' <span class="ludex-number">1</span> ',
                                      ' <span class="ludex-value">cavalry</span> ',
                                      " [The South](index.md#south) ", " no "]
    heads = [line for line in gallery.splitlines() if line.startswith("| Card |")]
    assert heads == ["| Card | Motto |", "| Card | Cost | Role | Faction | Flies |"]


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    return legion(tmp_path_factory.mktemp("legion"), 300)


def test_a_big_set_is_paged(big: dict[str, str]) -> None:
    paged = sorted(rel for rel in big if "/cards-unit" in rel)
    assert len(paged) == -(-301 // PER_PAGE) == 7
    counts = [len(re.findall(r"^## ", big[rel], re.M)) for rel in paged]
    assert sum(counts) == 301 and max(counts) == PER_PAGE
    game = big["docs/legion/index.md"]
    assert len(game) < 8_000  # the game's page links to the pages, it lists no unit
    assert "### Unit 1 " not in game and game.count("](cards-unit") == 7
    assert "Unit 1 marches." in big["docs/legion/cards-unit.md"]
    nav = big["mkdocs.yml"]
    assert '"Unit: Hand-made unit to Unit 49": legion/cards-unit.md' in nav


def test_a_big_gallery_is_a_filterable_table(big: dict[str, str]) -> None:
    gallery = big["docs/legion/card-gallery.md"]
    units = gallery[gallery.index("## Unit "):]
    assert '<div class="ludex-filterable" markdown>' in units
    assert units.count("\n| [Unit ") == 300 and 'class="grid cards"' not in units
    assert 'class="grid cards"' in gallery  # the two factions: side by side
    assert len(re.findall(r"^## ", gallery, re.M)) == 2  # a heading per kind, no more
    assert MANY < 301
