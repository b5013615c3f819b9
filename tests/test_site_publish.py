"""A game's community publishes its rules: a game made by `ludex init` in an empty folder,
branded in its `ludex.toml` (a name, a logo, a favicon, a colour, a repository link),
built by `ludex build` and `mkdocs build --strict`, works anywhere and loads nothing from
another host. The browser tests (`test_browser.py`) open the same site from disk and
over HTTP.
"""

from __future__ import annotations

import os
import re
import shutil
import stat
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from .conftest import run_cli

LOGO = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">'
        '<circle cx="12" cy="12" r="10" fill="#0f766e"/></svg>')
PORTRAIT = ('<svg xmlns="http://www.w3.org/2000/svg" width="120" height="160">'
            '<rect width="120" height="160" fill="#b45309"/></svg>')
CONFIG = """paths = ["mygame"]

[site]
name = "Mygame: the rules"
description = "The rules of Mygame, for players."
logo = "art/logo.svg"
favicon = "art/favicon.png"
primary = "#0f766e"
accent = "amber"
repository = "https://github.com/example/mygame"
"""
# what the test game adds to `ludex init`'s: a titled field, a picture, a procedure with
# a flow chart, a glossary term its prose uses
KIND = '''kind hero "Hero":
  field max_danger "Max. Danger": int 0..20
  field portrait "Portrait": optional image
'''
MORE = '''
procedure turn "A turn":
  > Each turn a hero Rests, then takes stock.
  step rest_step "Rest":
    effect:
      trigger rest
  step stock "Take stock":
    > Count your Danger.

glossary words "Words":
  term danger_term "Danger":
    > Danger: how close a hero is to falling; a hero rests to lose some.
'''


def png(width: int = 1, height: int = 1) -> bytes:
    """A small valid PNG (one colour)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(
            ">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    raw = b"".join(b"\x00" + b"\x0f\x76\x6e" * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2,
                                                              0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def make_game(folder: Path) -> Path:
    """`ludex init mygame` in the empty `folder`, branded and given a picture."""
    assert run_cli("init", "mygame", cwd=folder).code == 0
    game = folder / "mygame"
    text = (game / "game.ludex").read_text("utf-8")
    start = text.index('kind hero "Hero":')
    end = text.index("\n\n", start) + 1
    (game / "game.ludex").write_text(text[:start] + KIND + text[end:] + MORE, "utf-8")
    cards = (game / "cards.ludex").read_text("utf-8")
    (game / "cards.ludex").write_text(cards.rstrip("\n") + '\n  portrait: "pics/ada.svg"\n',
                                      "utf-8")
    (game / "pics").mkdir()
    (game / "pics" / "ada.svg").write_text(PORTRAIT, "utf-8")
    (folder / "art").mkdir()
    (folder / "art" / "logo.svg").write_text(LOGO, "utf-8")
    (folder / "art" / "favicon.png").write_bytes(png())
    (folder / "ludex.toml").write_text(CONFIG, "utf-8")
    return folder


def mkdocs(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    return subprocess.run([sys.executable, "-m", "mkdocs", *args], cwd=folder, env=env,
                          capture_output=True, text=True, check=False)


ZENSICAL = shutil.which("zensical", path=str(Path(sys.executable).parent)) or \
    shutil.which("zensical")
BUILDERS = ["mkdocs", pytest.param("zensical", marks=pytest.mark.skipif(
    ZENSICAL is None, reason="Zensical is not installed (a dev dependency); skipped"))]
BUILD = {"mkdocs": [sys.executable, "-m", "mkdocs", "build", "--strict"],
         "zensical": [ZENSICAL or "zensical", "build", "--strict", "--clean"]}


def publish(folder: Path, builder: str = "mkdocs") -> Path:
    """The whole path a publisher takes: init, brand, `ludex build`, a strict build of
    the generated configuration by `builder` (MkDocs or Zensical); the HTML folder."""
    make_game(folder)
    run = run_cli("build", cwd=folder)
    assert run.code == 0, run.out + run.err
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    done = subprocess.run([*BUILD[builder], "-f", "site/mkdocs.yml"], cwd=folder, env=env,
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    return folder / "site" / "site"


@pytest.fixture(scope="module", params=BUILDERS)
def html(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return publish(tmp_path_factory.mktemp(f"publisher-{request.param}"), request.param)


# ---------------------------------------------------------------- works anywhere


def test_a_new_game_builds_a_strict_branded_site(html: Path) -> None:
    home = (html / "index.html").read_text("utf-8")
    assert re.search(r"<title>(Home - )?Mygame: the rules</title>", home)  # Zensical: Home
    assert 'content="The rules of Mygame, for players."' in home
    logo = html / "ludex-assets" / "logo.svg"
    assert logo.read_text("utf-8") == LOGO and re.search(r'src="(\./)?ludex-assets/logo.svg"',
                                                         home)
    assert (html / "ludex-assets" / "favicon.png").read_bytes() == png()
    assert re.search(r'rel="icon" href="(\./)?ludex-assets/favicon.png"', home)
    assert 'data-md-color-primary="custom"' in home
    css = (html / "ludex-assets" / "site.css").read_text("utf-8")
    assert ":root > * {\n  --md-primary-fg-color: #0f766e;" in css  # hex only: no escaping
    assert 'href="https://github.com/example/mygame"' in home  # linked, never fetched
    assert "api.github.com" not in home and "repo_url" not in home


def test_players_see_the_rules_and_not_the_authoring_section(html: Path) -> None:
    files = {p.relative_to(html).as_posix() for p in html.rglob("*.html")}
    assert {"index.html", "mygame/index.html", "mygame/card-gallery.html",
            "mygame/words.html"} <= files
    for authoring in ("ludex-language.html", "ludex-codes.html", "engine-api.html",
                      "mygame/consistency-report.html", "mygame/worked-examples.html"):
        assert authoring not in files
    home = (html / "index.html").read_text("utf-8")
    assert "Open findings" not in home and "Authoring" not in home


def test_cards_show_titles_numbers_and_pictures(html: Path) -> None:
    gallery = (html / "mygame" / "card-gallery.html").read_text("utf-8")
    head = gallery[gallery.index("<thead>"):gallery.index("</thead>")]
    assert "<th>Max. Danger</th>" in head and "max_danger" not in head
    assert '<span class="ludex-number">9</span>' in gallery
    assert '<img class="ludex-card-image" src="../ludex-assets/images/mygame/pics/ada.svg"' \
        in gallery
    assert (html / "ludex-assets" / "images" / "mygame" / "pics" / "ada.svg").read_text(
        "utf-8") == PORTRAIT
    page = (html / "mygame" / "index.html").read_text("utf-8")
    assert "<td>Portrait</td>" in page and "../ludex-assets/images/mygame/pics/ada.svg" in page


def test_the_generated_files_have_the_usual_mode(tmp_path: Path) -> None:
    """Readable by a web server and by the group under the umask a user has; 0600 was
    the writer's temporary file mode leaking."""
    make_game(tmp_path)
    old = os.umask(0o027)
    try:
        assert run_cli("build", cwd=tmp_path).code == 0
    finally:
        os.umask(old)
    modes = {stat.S_IMODE(p.stat().st_mode) for p in (tmp_path / "site").rglob("*")
             if p.is_file()}
    assert modes == {0o640}
    (tmp_path / "mygame" / "rules.ludex").write_text(
        (tmp_path / "mygame" / "rules.ludex").read_text("utf-8") + "\n", "utf-8")
    old = os.umask(0o022)
    try:
        assert run_cli("build", "--force", cwd=tmp_path).code == 0
        assert stat.S_IMODE((tmp_path / "site" / "mkdocs.yml").stat().st_mode) in (0o640,
                                                                                    0o644)
    finally:
        os.umask(old)


# ---------------------------------------------------------------- offline and private

# Attributes that make a browser fetch something (an <a href> only links).
LOADS = re.compile(r"<(?!a\b)[a-z]+\b[^>]*?\s(?:src|href|srcset|poster|data|action)="
                   r"\"([^\"]*)\"", re.I)
EXTERNAL = re.compile(r"^(?:[a-z][a-z0-9+.-]*:)?//", re.I)
# A whole string of a script that is an address on another host: what a script could
# fetch (addresses inside longer strings are words: licences, error messages).
ADDRESS = re.compile(r"""["'`]((?:https?:)?//(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}[^"'`\s]*|"""
                     r"""https?://\$\{[^"'`\s]*)["'`]""")
# XML namespaces, which name and never fetch
NAMESPACES = ("http://www.w3.org/",)
# The theme's fall-backs, none of which this site lets run (the browser tests watch every
# request): Mermaid from a CDN when `mermaid` is not loaded (the site ships it), a
# ResizeObserver polyfill for browsers without one, and the repository's star count from
# GitHub's or GitLab's API, fetched only for `repo_url` (the site links its repository
# from the footer instead).
THEME_FALLBACKS = ("https://unpkg.com/mermaid@", "https://unpkg.com/resize-observer-polyfill",
                   "https://api.github.com/", "https://${e}/api/v4/",
                   # Zensical's theme: Pyodide and the Ace editor for runnable Python
                   # blocks (a rules site has none), GLightbox for zoomable images (a
                   # feature this site does not turn on)
                   "https://unpkg.com/pyodide@", "https://cdn.jsdelivr.net/pyodide/",
                   "https://unpkg.com/ace-builds@", "https://unpkg.com/glightbox@")


def test_the_scripts_the_pages_load_fetch_from_no_other_host(html: Path) -> None:
    loaded = set()
    for page in html.rglob("*.html"):
        for src in re.findall(r'<script\b[^>]*\ssrc="([^"]+)"', page.read_text("utf-8")):
            src = src.partition("?")[0]  # the 404 page's are from the site's root
            loaded.add(html / src[1:] if src.startswith("/") else (page.parent / src).resolve())
    loaded |= set((html / "assets" / "javascripts" / "workers").glob("*.js"))
    assert {p.name for p in loaded} >= {"shim.js", "mermaid.min.js", "site.js"}
    for script in loaded:
        for address in ADDRESS.findall(script.read_text("utf-8")):
            assert address.startswith(NAMESPACES + THEME_FALLBACKS), (script, address)


def test_the_scripts_search_and_mermaid_need_are_shipped(html: Path) -> None:
    home = (html / "index.html").read_text("utf-8")
    for src in ("ludex-assets/iframe-worker/shim.js", "ludex-assets/mermaid/mermaid.min.js"):
        assert re.search(f'src="(\\./)?{src}"', home) and (html / src).is_file(), src
    # the search index as a script, for pages opened from disk (MkDocs', Zensical's)
    assert (html / "search" / "search_index.js").is_file() or (html / "search.js").is_file()
    assert "MIT" in (html / "ludex-assets" / "mermaid" / "LICENSE.txt").read_text("utf-8")
    assert "MIT" in (html / "ludex-assets" / "iframe-worker" / "LICENSE.txt").read_text(
        "utf-8")


# ---------------------------------------------------------------- options refused


@pytest.mark.parametrize(("line", "why"), [
    ('logo = "../outside.svg"', "`site.logo` names a file outside its folder"),
    ('logo = "/etc/passwd"', "`site.logo` must be a path relative to its folder"),
    ('logo = "art/logo.exe"', "`site.logo` must name an image"),
    ('logo = "art/missing.svg"', "`site.logo` names no file"),
    ('primary = "chartreuse"', "`site.primary` must be a Material colour"),
    ('repository = "javascript:alert(1)"', "`site.repository` must be an https:// address"),
    ('sections = ["authoring"]', '`site.sections` must be a list of "rules"'),
    ('palette = "x"', "`site.palette` is not a site option"),
])
def test_a_wrong_site_option_is_a_usage_error(tmp_path: Path, line: str, why: str) -> None:
    make_game(tmp_path)
    (tmp_path / "ludex.toml").write_text(f'paths = ["mygame"]\n[site]\n{line}\n', "utf-8")
    run = run_cli("build", cwd=tmp_path)
    assert run.code == 2, run.out + run.err
    assert why in run.err and "Traceback" not in run.err
    assert not (tmp_path / "site").exists()


def test_a_symbolic_link_out_of_the_folder_is_refused(tmp_path: Path) -> None:
    (tmp_path / "p").mkdir()
    make_game(tmp_path / "p")
    (tmp_path / "secret.svg").write_text(LOGO, "utf-8")
    (tmp_path / "p" / "art" / "link.svg").symlink_to(tmp_path / "secret.svg")
    (tmp_path / "p" / "ludex.toml").write_text('[site]\nlogo = "art/link.svg"\n', "utf-8")
    run = run_cli("build", "mygame", cwd=tmp_path / "p")
    assert run.code == 2 and "leads outside its folder" in run.err


@pytest.mark.parametrize(("path", "why"), [
    ("../../etc/passwd.png", "outside its folder or with an unsafe name"),
    ("pics/.hidden.png", "outside its folder or with an unsafe name"),
    ("pics/a b.png", "outside its folder or with an unsafe name"),
    ("pics/$(reboot).png", "outside its folder or with an unsafe name"),
    ("/etc/hosts.png", "must be a path relative to its folder"),
    ("pics/ada.txt", "must name an image"),
    ("pics/none.png", "names no file"),
])
def test_a_hostile_picture_is_refused_with_a_diagnostic(tmp_path: Path, path: str,
                                                       why: str) -> None:
    make_game(tmp_path)
    cards = tmp_path / "mygame" / "cards.ludex"
    cards.write_text(cards.read_text("utf-8").replace("pics/ada.svg", path), "utf-8")
    run = run_cli("check", cwd=tmp_path)
    assert run.code == 1, run.out + run.err
    assert "error[E208]: field `portrait` of `ada`" in run.out and why in run.out, run.out
    assert "Traceback" not in run.out + run.err
