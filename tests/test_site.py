"""The reference site emitter: deterministic, `mkdocs build --strict` clean, owning
only what it writes, and escaping every text (names and prose render as written)."""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from ludex.backends import to_site
from ludex.backends.site import SiteOptions, emit, owns
from ludex.pipeline import compile_paths
from ludex.syntax import ast, unparse

from .conftest import FIXTURES, ROOT

# the options of Ludex's own site (pyproject.toml's [tool.ludex.site]): both sections
LUDEX_SITE = SiteOptions(name="Ludex rules reference", authoring=True)


def write_site(files: dict[str, str | bytes], out: Path) -> None:
    for rel, data in files.items():
        (out / rel).parent.mkdir(parents=True, exist_ok=True)
        if isinstance(data, bytes):
            (out / rel).write_bytes(data)
        else:
            (out / rel).write_text(data, "utf-8")


def mkdocs_build(out: Path) -> tuple[Path, subprocess.CompletedProcess[str]]:
    """`mkdocs build --strict` of the project in `out`; the HTML goes to out/html."""
    html = out / "html"
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-f",
                           str(out / "mkdocs.yml"), "-d", str(html)], env=env,
                          capture_output=True, text=True, check=False)
    return html, done


def build_rules_site(out: Path) -> Path:
    """The site of rules/, built to HTML in `out`/html (used by the browser tests too)."""
    write_site(emit(compile_paths([ROOT / "rules"]), LUDEX_SITE), out)
    html, done = mkdocs_build(out)
    assert done.returncode == 0, done.stderr
    return html


@pytest.fixture(scope="module")
def rules_files() -> dict[str, str]:
    files = emit(compile_paths([ROOT / "rules"]), LUDEX_SITE)
    return {rel: text for rel, text in files.items() if isinstance(text, str)}


# ---------------------------------------------------------------- the rules/ site


def test_emit_is_deterministic(rules_files: dict[str, str]) -> None:
    again = {rel: text for rel, text in emit(compile_paths([ROOT / "rules"]),
                                              LUDEX_SITE).items() if isinstance(text, str)}
    assert list(again) == list(rules_files)
    assert again == rules_files


def test_pages_for_every_game(rules_files: dict[str, str]) -> None:
    for game in ("escalation", "dei_old_london", "aeon_trespass"):
        for page in ("index.md", "consistency-report.md", "worked-examples.md",
                     "card-gallery.md"):
            assert f"docs/{game}/{page}" in rules_files
    assert "docs/escalation/revolution/julie/index.md" in rules_files
    assert "docs/language.md" not in rules_files  # Ludex's hand-written source
    assert '    - "The language": ludex-language.md' in rules_files["mkdocs.yml"].splitlines()
    assert rules_files["docs/ludex-language.md"].endswith(
        (ROOT / "site" / "docs" / "language.md").read_text("utf-8"))


def test_the_old_module_name_still_emits() -> None:
    assert (to_site.emit, to_site.owns) == (emit, owns)


def test_clauses_show_as_written(rules_files: dict[str, str]) -> None:
    ropes = rules_files["docs/escalation/revolution/julie/know_the_ropes.md"]
    assert re.search(r"\| when \| <code class=\"highlight\"><span class=\"k\">anytime</span>"
                     r"<span class=\"w\"> </span><span class=\"k\">during</span>", ropes)


def test_every_timing_reads_back_as_written() -> None:
    path = FIXTURES / "good" / "procedures.ludex"
    written = re.findall(r"^\s*when: (.+)$", path.read_text("utf-8"), re.MULTILINE)
    (model,) = compile_paths([path]).models
    shown = [unparse.timing(d.clauses.when) for d in model.of_type(ast.Rule)
             if isinstance(d, ast.Rule) and d.clauses.when is not None]
    assert "anytime during round.heroes" in shown
    assert shown == written


def test_no_absolute_paths_or_dates(rules_files: dict[str, str]) -> None:
    text = "\n".join(rules_files.values())
    assert str(ROOT) not in text
    assert not re.search(r"\b20\d\d-\d\d-\d\d\b", text)


def test_mkdocs_build_strict_passes(tmp_path: Path) -> None:
    html = build_rules_site(tmp_path)
    assert (html / "escalation" / "revolution" / "julie" / "index.html").exists()
    assert (html / "ludex-language.html").exists()  # links that work from disk
    assert not (html / "language.html").exists()  # its source, excluded


def test_owns_only_generated_files(tmp_path: Path, rules_files: dict[str, str]) -> None:
    write_site(rules_files, tmp_path)
    assert owns(tmp_path / "mkdocs.yml")
    assert owns(tmp_path / "docs" / "escalation" / "index.md")
    assert owns(tmp_path / "docs" / "ludex-assets" / "site.css")
    assert not owns(tmp_path / "docs" / "language.md")
    (tmp_path / "docs" / "notes.md").write_text("# My own notes\n", "utf-8")
    assert not owns(tmp_path / "docs" / "notes.md")
    (tmp_path / "docs" / "logo.png").write_bytes(b"\x89PNG\r\n")
    assert not owns(tmp_path / "docs" / "logo.png")
    built = tmp_path / "site" / "ludex-assets" / "site.css"  # mkdocs' copy in its output
    built.parent.mkdir(parents=True)
    shutil.copy(tmp_path / "docs" / "ludex-assets" / "site.css", built)
    assert not owns(built)


def test_references_link_and_terms_link_to_their_definitions(
        rules_files: dict[str, str]) -> None:
    julie = rules_files["docs/escalation/revolution/julie/hideout.md"]
    assert "[smugglers&#95;hideout](index.md#revolution-julie-smugglers_hideout)" in julie
    purebred = rules_files["docs/dei_old_london/purebred/index.md"]
    assert re.search(r"\[Agents?\]\(\.\./glossary\.md#glossary-agent \"[^\"]+\"\)"
                     r"\{\.ludex-term\}", purebred)


def test_kinds_as_galleries_and_procedures_as_flow_charts(
        rules_files: dict[str, str]) -> None:
    gallery = rules_files["docs/dei_old_london/card-gallery.md"]
    assert "| Card | threshold | penalties |" in gallery
    assert gallery.count("vengeance_cards.md#vengeance_mode-rules-vengeance_cards-") >= 18
    assert '<div class="grid cards" markdown>' in rules_files["docs/escalation/card-gallery.md"]
    page = rules_files["docs/dei_old_london/vengeance_mode/rules/track_and_cards.md"]
    assert "```mermaid\nflowchart TD\n" in page
    assert '  s1["1. Discard the Rank 1 Vengeance Card, if present"]' in page


def test_report_groups_findings_by_check_with_the_checks_doc(
        rules_files: dict[str, str]) -> None:
    report = rules_files["docs/dei_old_london/consistency-report.md"]
    assert "## Manifest count (W601) {#check-manifest_count}" in report
    assert "A components list says how many of something the box holds" in report
    assert re.search(r"\| W601 \| \[Components\]\(index\.md#old_london_components\) \|", report)


# ---------------------------------------------------------------- escaping

HOSTILE = r'''game hostile "Hostile <b>game</b> & {{ title }}":
  > The box holds **bold** and `a <code> span` and {{ 7 * 7 }}.

kind card "Card <i>kind</i>":
  field text: text

card script "<script>alert('card')</script>":
  text: "<img src=x onerror=alert(1)> {{ 7 * 7 }} [link](javascript:alert(2))"
  > # Not a heading
  >
  > - a list item of the book, <b>its text</b> [text](javascript:x)
  >
  > 1. not a list either
  >
  > !!! danger "not an admonition"
  >
  > | not | a | table |
  >
  > [a link](javascript:alert(3)) ![an image](x.png) <https://example.com>
  >
  > {: #not-an-id } {{ config.site_name }} {% if true %}jinja{% endif %} {# comment #}
  >
  > ```
  >
  > <script>alert('prose')</script> &amp; *emphasis* ~~strike~~ Script
  effect:
    log "<script>alert('log')</script>"

glossary glossary "Glossary":
  term scripting "Script":
    > Script: a term whose uses link here.
''' + ('section sneaky "Sneaky\u2028hooks: [evil.py]\x85site_name: x\u2029\\"":\n'
       '  > A title whose line breaks YAML would honour.\n')


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, str | bytes], Path]:
    folder = tmp_path_factory.mktemp("hostile")
    (folder / "game.ludex").write_text(HOSTILE, "utf-8")
    comp = compile_paths([folder])
    assert not comp.diags.has_errors, [d.message for d in comp.diags]
    files = emit(comp)
    out = folder / "site"
    write_site(files, out)
    html, done = mkdocs_build(out)
    assert done.returncode == 0, done.stderr
    return files, html


def test_hostile_text_renders_as_text(hostile: tuple[dict[str, str | bytes], Path]) -> None:
    _, built = hostile
    page = (built / "hostile" / "index.html").read_text("utf-8")
    body = page[page.index('<article'):page.index('</article>')]
    for raw in ("<script>alert", "<img src=x", 'href="javascript', "<b>game</b>",
                "<i>kind</i>", "<h1>Not a heading", "<b>its", "admonition danger",
                'id="not-an-id"', "<th>not", "<del>", 'href="https://example.com',
                "<img alt", "<code>`"):
        assert raw not in body, raw
    text = html.unescape(re.sub(r"<[^>]+>", "", body))
    for shown in ("<script>alert('card')</script>", "<script>alert('prose')</script>",
                  "<img src=x onerror=alert(1)>", "# Not a heading",
                  "<b>its text</b> [text](javascript:x)",
                  "1. not a list either", "!!! danger", "| not | a | table |",
                  "[a link](javascript:alert(3))", "{{ 7 * 7 }}", "{{ config.site_name }}",
                  "{% if true %}jinja{% endif %}", "{# comment #}", "{: #not-an-id }",
                  "&amp;", "~~strike~~", "```", "<https://example.com>"):
        assert shown in text, shown
    assert "<strong>bold</strong>" in body and "<em>emphasis</em>" in body
    assert re.search(r"<code>a &(lt|#60);code&(gt|#62); span</code>", body)
    # an item of one of the book's lists is a list item, its text as text
    assert re.search(r"<li>\s*(<p>)?a list item of the book, &(lt|#60);b&(gt|#62);", body)


def test_hostile_names_are_escaped_in_nav_title_and_search(
        hostile: tuple[dict[str, str | bytes], Path]) -> None:
    files, built = hostile
    assert '"Hostile \u2039b\u203agame\u2039/b\u203a &amp; {{ title }}"' in files["mkdocs.yml"]
    config = files["mkdocs.yml"]
    assert '    - "Sneaky hooks: [evil.py] site_name: x \\"": hostile/sneaky.md\n' in config
    assert not any(line.startswith(("hooks", "site_name: x")) for line in config.split("\n"))
    page = (built / "hostile" / "index.html").read_text("utf-8")
    head = page[:page.index('<article')]
    assert "<b>game</b>" not in head and "Hostile &lt;b&gt;game&lt;/b&gt;" in head
    assert "<title>Hostile \u2039b\u203agame\u2039/b\u203a & {{ title }} - " in head


def test_a_title_cannot_close_the_page_title(tmp_path: Path) -> None:
    """The theme prints a page's title in `<title>` through `striptags`, which undoes
    entities: a title's angle brackets become angle quotes, so no tag is written."""
    (tmp_path / "g").mkdir()
    (tmp_path / "g" / "game.ludex").write_text(
        'game g "G":\n  > A game.\n\nsection s "Sneaky </title><script>alert(1)</script>":\n'
        "  > Text.\n", "utf-8")
    out = tmp_path / "site"
    write_site(emit(compile_paths([tmp_path / "g"])), out)
    built, done = mkdocs_build(out)
    assert done.returncode == 0, done.stderr
    head = (built / "g" / "s.html").read_text("utf-8").split("<body", 1)[0]
    assert "<script>alert" not in head
    assert "<title>Sneaky \u2039/title\u203a\u2039script\u203aalert(1)" in head
    index = json.loads((built / "search" / "search_index.json").read_text("utf-8"))
    text = json.dumps(index)
    assert "<script>" not in text and "<img" not in text and "<b>" not in text


def test_a_term_in_prose_links_even_beside_hostile_text(
        hostile: tuple[dict[str, str | bytes], Path]) -> None:
    files, _ = hostile
    assert '[Script](glossary.md#glossary-scripting "a term whose uses link here.")' \
        "{.ludex-term}" in files["docs/hostile/index.md"]


# ---------------------------------------------------------------- example outcomes


TINY = """game tiny "Tiny":
  page: 1

stat gold "Gold"

example works "It works":
  actions:
    set gold to 1
  expect:
    gold == 1

example fails "It fails":
  actions:
    set gold to 2
  expect:
    gold == 3

example words "In words only":
  > Example: nothing runs here.
"""


def _examples_page(tmp_path: Path) -> str:
    """The examples page of a tiny game."""
    (tmp_path / "game.ludex").write_text(TINY, "utf-8")
    page = emit(compile_paths([tmp_path]), LUDEX_SITE)["docs/tiny/worked-examples.md"]
    assert isinstance(page, str)
    return page


def test_example_outcomes_slot_in(tmp_path: Path) -> None:
    page = _examples_page(tmp_path)
    assert "| ✅ passed: 1 expectation met |" in page
    assert ("| ❌ failed: example 'It fails' fails: expected <code>gold &#61;&#61; 3</code>, "
            "got 2 == 3 |") in page
    assert "| prose only |" in page


def test_an_engine_that_does_not_load_shows_on_every_executable_example(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from ludex.backends.python import package

    real = package.emit_game

    def broken(*args: object, **kwargs: object) -> dict[str, str]:
        files = real(*args, **kwargs)  # type: ignore[arg-type]
        files["catalog.py"] += "\nraise TypeError('boom')\n"
        return files

    monkeypatch.setattr(package, "emit_game", broken)
    page = _examples_page(tmp_path)
    assert page.count("does not load: tiny/catalog.py, line") == 2  # the executable two
    assert page.count("TypeError: boom |") == 2
    assert page.count("| prose only |") == 1  # nothing of it was to run


@pytest.mark.parametrize("text", ["a\u2028b", "a\x85b", "x\nhooks: [evil.py]", 'q"\\z',
                                  "\x00\x1b\x7f\u202e", "😀 é 漢"])
def test_nav_titles_are_one_yaml_scalar_whatever_they_hold(text: str) -> None:
    """Defence behind `html_text`: the YAML quoting alone keeps a title to its line."""
    import yaml
    from ludex.backends.site.pages import yaml_string

    loaded = yaml.safe_load(f"nav:\n  - {yaml_string(text)}: page.md\n")
    assert loaded == {"nav": [{text: "page.md"}]}
    assert "\n" not in yaml_string(text)


def test_the_players_site_links_no_authoring_page() -> None:
    """Without the authoring section, no page is written for it and none links to it (the
    strict build would fail on such a link; this finds it without building)."""
    files = emit(compile_paths([ROOT / "rules"]))
    authoring = ("consistency-report.md", "worked-examples.md", "ludex-codes.md",
                 "engine-api.md", "ludex-language.md")
    assert not [rel for rel in files if rel.endswith(authoring)]
    for rel, text in files.items():
        if isinstance(text, str) and rel.endswith((".md", ".yml")):
            assert not any(page in text for page in authoring), rel


PARTS = '''game parts "Parts":
  > A game whose chapters hold procedures and stats declared at the top.
stat early "Early":
  > Declared above every part of its file: on the game's page.
section chapter "Chapter":
  > The chapter's heading.
procedure setup "Setup":
  > The chapter's procedure, declared at the top of the game.
  step one "1. Shuffle the deck":
    effect: log "shuffled"
  step two "Deal":
    effect: log "dealt"
stat gold "Gold":
  > Gold, declared at the top, under the chapter in the file.
'''


def test_a_top_level_declaration_is_shown_under_the_part_above_it(tmp_path: Path) -> None:
    (tmp_path / "parts").mkdir()
    (tmp_path / "parts" / "game.ludex").write_text(PARTS, "utf-8")
    files = emit(compile_paths([tmp_path / "parts"]))
    chapter, index = str(files["docs/parts/chapter.md"]), str(files["docs/parts/index.md"])
    assert "## Setup {#setup}" in chapter and "## Gold {#gold}" in chapter
    assert "{#setup}" not in index and "{#gold}" not in index
    assert "### Early {#early}" in index  # above every part of its file: stays
    # a step titled with the book's number keeps it, once; another is numbered
    assert "Step 1. Shuffle the deck" in chapter and "Step 1. 1." not in chapter
    assert "Step 2. Deal" in chapter


def test_the_game_pages_follow_the_books_contents(tmp_path: Path) -> None:
    """Files load in name order; `contents:` puts the parts in the book's: the nav and the
    game's own list of pages follow it, the parts it leaves out after the listed ones."""
    (tmp_path / "order").mkdir()
    shutil.copy(FIXTURES / "good" / "contents_book_order.ludex",
                tmp_path / "order" / "game.ludex")
    files = emit(compile_paths([tmp_path / "order"]))
    nav = str(files["mkdocs.yml"])
    assert nav.index("g/setup.md") < nav.index("g/play.md") < nav.index("g/credits.md")
    index = str(files["docs/g/index.md"])
    assert index.index("(setup.md)") < index.index("(play.md)") < index.index("(credits.md)")
    unordered = (FIXTURES / "good" / "contents_book_order.ludex").read_text("utf-8")
    (tmp_path / "order" / "game.ludex").write_text(
        unordered.replace("contents: [setup, play]", "page: 1"), "utf-8")
    nav = str(emit(compile_paths([tmp_path / "order"]))["mkdocs.yml"])
    assert nav.index("g/play.md") < nav.index("g/setup.md")  # declared order without it
